import Foundation

/// Parts of an import handed, in order, from the thread that reads and plans the rows to
/// the thread that writes them: SQLite writes one part while the next ones are read,
/// cleaned and planned, so two cores work instead of one after the other.
///
/// At most `capacity` parts wait; the planning thread waits when they are all there (a
/// file's planned rows need not pile up while SQLite is slower). `cancel` (the writer
/// failed) lets the planner finish without waiting: what it puts is then dropped.
final class ImportHandoff<Part>: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [Part] = []
    private var closed = false
    private var cancelled = false
    private let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Adds a part, waiting while `capacity` parts wait already; dropped after `cancel`.
    func put(_ part: Part) {
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= capacity && !cancelled { condition.wait() }
        if !cancelled { waiting.append(part) }
        condition.broadcast()
    }

    /// No part will follow.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The writer stopped: parts are no longer kept, and `put` never waits.
    func cancel() {
        condition.lock()
        cancelled = true
        waiting.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// The next part, waiting for it; nil once the planner closed and every part was taken.
    func take() -> Part? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !closed && !cancelled { condition.wait() }
        guard !waiting.isEmpty else { return nil }
        let part = waiting.removeFirst()
        condition.broadcast()
        return part
    }
}
