import Foundation

/// A profiled import's recorded transactions, in the order recorded (`BlockList`).
public typealias StagedRows = BlockList<Transaction>

/// Elements in the order appended, kept in blocks of `blockSize`: appending never copies
/// the elements already there. An array's doubling held them twice while it grew (175,000
/// rows of 200 bytes: 52 MB of new buffer beside the old 26 MB, where the rows take 35), and
/// a small block (16 rows: 3.2 KB) fits where something smaller was let go (a row's
/// operations, once written), where a large one takes new memory: a profiled import of
/// 100,000 rows peaked at 147 MB of RSS with blocks of 4,096, at 134 MB with blocks of 16.
public struct BlockList<Element>: RandomAccessCollection {
    static var blockSize: Int { 16 }
    private var blocks: [[Element]] = []
    public private(set) var count = 0

    public init() {}

    /// `elements`, in their order.
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        for e in elements { append(e) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(i: Int) -> Element {
        get { blocks[i / Self.blockSize][i % Self.blockSize] }
        set { blocks[i / Self.blockSize][i % Self.blockSize] = newValue }
    }

    public mutating func append(_ e: Element) {
        if count % Self.blockSize == 0 {
            var block: [Element] = []
            block.reserveCapacity(Self.blockSize)
            blocks.append(block)
        }
        blocks[blocks.count - 1].append(e)
        count += 1
    }

    public mutating func removeAll() { self = BlockList() }

    /// Gives `body` each element with its place, in order, and empties the list: each block
    /// is let go once gone through (a bulk write holds at its end only what it made of them).
    public mutating func removeAll(passingEachTo body: (Int, Element) throws -> Void) rethrows {
        var taken: [[Element]] = []
        swap(&taken, &blocks)
        count = 0
        var i = 0
        for k in taken.indices {
            let block = taken[k]
            taken[k] = []
            for e in block {
                try body(i, e)
                i += 1
            }
        }
    }
}

extension BlockList: Sendable where Element: Sendable {}
