import Foundation

/// An asset's ledger reduced to what the holdings rule needs: each transaction's place
/// (date, id) and its quantity impact. It answers "the lowest holdings over a stretch of the
/// ledger" in O(log n) and takes a transaction in or out in O(log n), so that a write dated
/// before the asset's last transaction is checked without reading the history again
/// (`HoldingsRules.clearlyHolds`). The store keeps one per asset for the length of a store
/// transaction (`StoreSession`).
///
/// A treap ordered by place, its priorities a hash of the id (the same ledger always has
/// the same shape): each node also holds its subtree's total impact and the lowest running
/// balance after any entry of the subtree, counted from the subtree's start. Nodes live in
/// chunks of three (288 bytes) that never move, so growing never copies.
///
///     let ledger = HoldingsLedger()
///     ledger.append(key(2024-01-02, 1), 10)          // buy 10
///     ledger.append(key(2024-03-01, 2), -4)          // sell 4
///     ledger.lowest(from: key(2024-02-01, .max))     // 6: before it 10, after the sell 6
public final class HoldingsLedger {
    public typealias Key = HoldingsHistory.LedgerKey

    /// An entry: its place, impact, and its subtree's total and lowest balance (96 bytes; the
    /// priority is not kept, it is the hash of the id).
    private struct Node {
        var key: Key
        var impact: ExactDecimal
        var total: ExactDecimal
        /// The lowest balance after an entry of the node's subtree, from the subtree's start.
        var low: ExactDecimal
        var left: Int32 = -1
        var right: Int32 = -1
        /// What the owner keeps with the entry (`insert(_:_:payload:)`).
        var payload: Int32
    }

    /// Nodes per chunk: the nodes live in chunks that never move, so that growing the ledger
    /// never copies it (arrays grown by doubling held the old buffers as holes malloc kept);
    /// three (288 bytes) fit the 320-byte holes a profiled import's walk leaves as it lets
    /// each row's operations go, where chunks of 256 nodes (24 KB) took new memory.
    private static let chunkSize = 3
    private var chunks: [UnsafeMutablePointer<Node>] = []
    /// Nodes made (removed ones included: their slots are not reused).
    private var made = 0
    private var root: Int32 = -1
    /// How many transactions it holds.
    public private(set) var count = 0

    public init() {}

    deinit {
        for (k, chunk) in chunks.enumerated() {
            chunk.deinitialize(count: Swift.min(made - k * Self.chunkSize, Self.chunkSize))
            chunk.deallocate()
        }
    }

    /// A ledger of `transactions` given in ledger order (date, then id), each with an id.
    public convenience init<S: Sequence>(ordered transactions: S) where S.Element == Transaction {
        self.init()
        for t in transactions { append(HoldingsHistory.ledgerKey(t), t.quantityImpact) }
    }

    /// The quantity held after every transaction.
    public var total: ExactDecimal { root < 0 ? 0 : self[root].total }

    /// Adds an entry placed after every other one (a ledger read in order).
    public func append(_ key: Key, _ impact: ExactDecimal, payload: Int32 = 0) {
        root = merge(root, node(key, impact, payload))
    }

    /// Adds an entry anywhere in the ledger.
    public func insert(_ key: Key, _ impact: ExactDecimal, payload: Int32 = 0) {
        let (before, after) = split(root, key)
        root = merge(merge(before, node(key, impact, payload)), after)
    }

    /// Removes the entry at `key`, if there is one. Its slot is not reused: removals are
    /// edits and deletions, rare next to additions.
    public func remove(_ key: Key) {
        let (before, rest) = split(root, key)
        let (removed, after) = split(rest, Key(date: key.date, id: key.id == .max ? .max : key.id + 1))
        if removed >= 0 { count -= 1 }
        root = merge(before, after)
    }

    /// The lowest holdings over a stretch of the ledger: just before `from`, and after each
    /// entry from `from` up to, not including, `upTo` (to the end when nil).
    public func lowest(from: Key, upTo: Key? = nil) -> ExactDecimal {
        let (before, rest) = split(root, from)
        let (inside, after) = upTo.map { split(rest, $0) } ?? (rest, -1)
        let opening = before < 0 ? ExactDecimal.zero : self[before].total
        let lowest = inside < 0 ? opening : min(opening, opening + self[inside].low)
        root = merge(merge(before, inside), after)
        return lowest
    }

    /// Every entry in ledger order: its key, impact and payload.
    public func forEach(_ body: (Key, ExactDecimal, Int32) throws -> Void) rethrows {
        var stack: [Int32] = []
        var t = root
        while t >= 0 || !stack.isEmpty {
            while t >= 0 {
                stack.append(t)
                t = self[t].left
            }
            let n = stack.removeLast()
            let node = self[n]
            try body(node.key, node.impact, node.payload)
            t = node.right
        }
    }

    // MARK: The treap

    private subscript(i: Int32) -> Node {
        @inline(__always) get { at(i).pointee }
    }

    @inline(__always)
    private func at(_ i: Int32) -> UnsafeMutablePointer<Node> {
        let (chunk, place) = Int(i).quotientAndRemainder(dividingBy: Self.chunkSize)
        return chunks[chunk] + place
    }

    private func node(_ key: Key, _ impact: ExactDecimal, _ payload: Int32) -> Int32 {
        if made % Self.chunkSize == 0 { chunks.append(.allocate(capacity: Self.chunkSize)) }
        let i = Int32(made)
        at(i).initialize(to: Node(key: key, impact: impact, total: impact, low: impact, payload: payload))
        made += 1
        count += 1
        return i
    }

    /// SplitMix64's finalizer: well spread, and the same for the same id.
    private static func priority(_ id: Int64) -> UInt64 {
        var z = UInt64(bitPattern: id) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The entries of `t` before `key`, and those at or after it.
    private func split(_ t: Int32, _ key: Key) -> (Int32, Int32) {
        guard t >= 0 else { return (-1, -1) }
        let node = at(t)
        if node.pointee.key < key {
            let (l, r) = split(node.pointee.right, key)
            node.pointee.right = l
            update(node)
            return (t, r)
        }
        let (l, r) = split(node.pointee.left, key)
        node.pointee.left = r
        update(node)
        return (l, t)
    }

    /// `a` followed by `b` (every key of `a` before every key of `b`).
    private func merge(_ a: Int32, _ b: Int32) -> Int32 {
        guard a >= 0 else { return b }
        guard b >= 0 else { return a }
        let x = at(a), y = at(b)
        if Self.priority(x.pointee.key.id) > Self.priority(y.pointee.key.id) {
            x.pointee.right = merge(x.pointee.right, b)
            update(x)
            return a
        }
        y.pointee.left = merge(a, y.pointee.left)
        update(y)
        return b
    }

    private func update(_ node: UnsafeMutablePointer<Node>) {
        var total = node.pointee.impact
        var low: ExactDecimal
        let l = node.pointee.left, r = node.pointee.right
        if l >= 0 {
            let left = at(l)
            total = left.pointee.total + total
            low = min(left.pointee.low, total)
        } else {
            low = total
        }
        if r >= 0 {
            let right = at(r)
            low = min(low, total + right.pointee.low)
            total = total + right.pointee.total
        }
        node.pointee.total = total
        node.pointee.low = low
    }
}
