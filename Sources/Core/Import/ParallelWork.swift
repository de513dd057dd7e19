import Dispatch
import Foundation

/// Work split into parts that run side by side on the machine's cores, each part's result
/// kept in its place, so that the whole is the same as if the parts ran one after another.
///
/// Used where an import spends its time in pure computation over independent pieces
/// (reading CSV, cleaning rows, replaying each asset's history); nothing here touches files
/// or the store.
public enum ParallelWork {
    /// How many parts `amount` of work (bytes, rows) is worth splitting into: one per core
    /// (at most 8), and no part smaller than `minimumPart`, below which starting threads
    /// costs more than it saves.
    static func partCount(_ amount: Int, minimumPart: Int) -> Int {
        let cores = max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))
        return max(1, min(cores, amount / max(1, minimumPart)))
    }

    /// `body(0) … body(count - 1)`, run concurrently when `count` > 1; results in order.
    public static func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
        if count <= 1 { return (0..<count).map(body) }
        var results = [T?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { slots in
            // Each iteration writes its own slot only, so the writes never overlap.
            let base = slots.baseAddress!
            DispatchQueue.concurrentPerform(iterations: count) { index in
                (base + index).pointee = body(index)
            }
        }
        return results.map { $0! }
    }
}
