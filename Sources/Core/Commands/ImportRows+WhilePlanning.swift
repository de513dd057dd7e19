import Foundation

/// A store that writes an import's rows while the rest of the file is still being
/// read and planned (the SQLite store): its write of one part and the planning of the next
/// run on two cores at once.
///
/// Writing before the plan is complete is safe because the whole import is one transaction:
/// when a later row has an error, the run throws and nothing written stays (the same
/// `ImportFailure` as before, with every row's error; a write's own error only when no row
/// has one, as when the plan came first).
public protocol ImportWhilePlanningStore: CommandStore {
    /// Takes each part `next` gives, in plan order, until it gives nil: first creates the
    /// part's new assets, each through `create` (which runs `CreateAsset`, so its rules hold,
    /// and returns its id: the n-th created is `.new(n)`), then writes the part's
    /// transactions or prices. It may stop writing before the end (prices out of the order it
    /// writes them in), but takes every part: the finished plan no longer holds their rows,
    /// and `insertImported` of it then writes the rest (the rows the store kept, those the
    /// plan holds, and the derived rows), not these rows again.
    func insertImportedWhilePlanning(_ next: () -> ImportPlan.Part?, create: (Asset) throws -> Int64) throws
}

extension ImportPlan {
    /// What one batch of rows added to a plan: the assets it names first, then its transactions or prices.
    public struct Part: Sendable {
        public var newAssets: [Asset]
        public var transactions: [NewTransaction]
        public var prices: [NewPrice]
    }
}

extension ImportRows {
    /// Plans the source's rows on a thread of its own, handing each batch's planned rows to
    /// `store`, which writes them meanwhile on this one. Returns the finished plan, the read
    /// and plan errors, and the ids of the assets created. The plan keeps none of the rows it
    /// hands over (`ImportPlanner.takePart`): what the store has not written of them
    /// (prices out of its order), the store keeps.
    func planWhileWriting(_ source: ImportRowSource, planner: (Bool) -> ImportPlanner, store: ImportWhilePlanningStore)
        throws -> (plan: ImportPlan, errors: [RowError], newAssetIDs: [Int64]) {
        // One part waits while the next is planned and the last is written: a part of 8,192
        // transactions takes 2.4 MB, and a second waiting part gained no time.
        let handoff = ImportHandoff<ImportPlan.Part>(capacity: 1)
        let work = PlanningThread(planner: planner(true), source: source)
        Thread { work.run(handing: handoff) }.start()
        var ids: [Int64] = [], writeError: Error?
        do {
            try store.insertImportedWhilePlanning({ handoff.take() }) { asset in
                var create = CreateAsset(name: asset.name, type: asset.type)
                create.currency = asset.currency
                create.platform = asset.platform
                ids.append(try create.run(in: store).id!)
                return ids.last!
            }
        } catch {
            writeError = error
        }
        handoff.cancel()  // after an error, the planner no longer waits for the writer
        work.finished.wait()
        var (plan, planErrors) = work.planner.finish()
        plan.roundedPrices = work.planner.roundedPrices
        let errors = work.readErrors + planErrors
        if errors.isEmpty, let writeError { throw writeError }
        return (plan, errors, ids)
    }
}

/// The planning side of `planWhileWriting`: its planner belongs to the thread until
/// `finished` is signalled, then to the caller again.
private final class PlanningThread: @unchecked Sendable {
    var planner: ImportPlanner
    let source: ImportRowSource
    var readErrors: [RowError] = []
    let finished = DispatchSemaphore(value: 0)

    init(planner: ImportPlanner, source: ImportRowSource) {
        self.planner = planner
        self.source = source
    }

    func run(handing handoff: ImportHandoff<ImportPlan.Part>) {
        // One core is the writer's: the parts are cleaned side by side on the others only
        // (on two cores, one after the other), so that the threads do not outnumber the cores.
        readErrors = source.forEachBatch(partsAtOnce: ProcessInfo.processInfo.activeProcessorCount - 1) { rows in
            planner.add(rows)
            // Handed over whole: the plan no longer holds the rows (only what `finish` needs).
            if let part = planner.takePart() { handoff.put(part) }
        }
        handoff.close()
        finished.signal()
    }
}
