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
/// flat arrays, so a run of writes allocates nothing per transaction.
///
///     let ledger = HoldingsLedger()
///     ledger.append(key(2024-01-02, 1), 10)          // buy 10
///     ledger.append(key(2024-03-01, 2), -4)          // sell 4
///     ledger.lowest(from: key(2024-02-01, .max))     // 6: before it 10, after the sell 6
public final class HoldingsLedger {
    public typealias Key = HoldingsHistory.LedgerKey

    private var keys: [Key] = []
    private var impacts: [ExactDecimal] = []
    private var totals: [ExactDecimal] = []
    /// The lowest balance after an entry of the node's subtree, from the subtree's start.
    private var lows: [ExactDecimal] = []
    private var left: [Int32] = []
    private var right: [Int32] = []
    private var priorities: [UInt64] = []
    private var root: Int32 = -1
    /// How many transactions it holds.
    public private(set) var count = 0

    public init() {}

    /// A ledger of `transactions` given in ledger order (date, then id), each with an id.
    public convenience init<S: Sequence>(ordered transactions: S) where S.Element == Transaction {
        self.init()
        for t in transactions { append(HoldingsHistory.ledgerKey(t), t.quantityImpact) }
    }

    /// The quantity held after every transaction.
    public var total: ExactDecimal { root < 0 ? 0 : totals[Int(root)] }

    /// Adds an entry placed after every other one (a ledger read in order).
    public func append(_ key: Key, _ impact: ExactDecimal) {
        root = merge(root, node(key, impact))
    }

    /// Adds an entry anywhere in the ledger.
    public func insert(_ key: Key, _ impact: ExactDecimal) {
        let (before, after) = split(root, key)
        root = merge(merge(before, node(key, impact)), after)
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
        let opening = before < 0 ? ExactDecimal.zero : totals[Int(before)]
        let lowest = inside < 0 ? opening : min(opening, opening + lows[Int(inside)])
        root = merge(merge(before, inside), after)
        return lowest
    }

    // MARK: The treap

    private func node(_ key: Key, _ impact: ExactDecimal) -> Int32 {
        keys.append(key)
        impacts.append(impact)
        totals.append(impact)
        lows.append(impact)
        left.append(-1)
        right.append(-1)
        priorities.append(Self.priority(key.id))
        count += 1
        return Int32(keys.count - 1)
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
        let i = Int(t)
        if keys[i] < key {
            let (l, r) = split(right[i], key)
            right[i] = l
            update(i)
            return (t, r)
        }
        let (l, r) = split(left[i], key)
        left[i] = r
        update(i)
        return (l, t)
    }

    /// `a` followed by `b` (every key of `a` before every key of `b`).
    private func merge(_ a: Int32, _ b: Int32) -> Int32 {
        guard a >= 0 else { return b }
        guard b >= 0 else { return a }
        if priorities[Int(a)] > priorities[Int(b)] {
            right[Int(a)] = merge(right[Int(a)], b)
            update(Int(a))
            return a
        }
        left[Int(b)] = merge(a, left[Int(b)])
        update(Int(b))
        return b
    }

    private func update(_ i: Int) {
        var total = impacts[i]
        var low: ExactDecimal
        let l = left[i], r = right[i]
        if l >= 0 {
            total = totals[Int(l)] + total
            low = min(lows[Int(l)], total)
        } else {
            low = total
        }
        if r >= 0 {
            low = min(low, total + lows[Int(r)])
            total = total + totals[Int(r)]
        }
        totals[i] = total
        lows[i] = low
    }
}
