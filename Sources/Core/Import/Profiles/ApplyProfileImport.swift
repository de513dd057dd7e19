import Foundation

/// Writes a profiled file (`ProfileImportPlan`): every step through the command that owns
/// its rules, all or nothing (the Store runs it in one transaction). Assets are found by
/// name or created on the profile's platform (and `portfolioID`); the account's cash is a
/// cash asset per currency named "PLATFORM CUR" ("Trading 212 EUR"). Before writing, a
/// file that takes away more than was held is refused with every such asset listed
/// (`ProfileShortfall`); opening positions come first, as transfers in with their cost.
/// Every row's problems are collected, and then nothing is written.
public struct ApplyProfileImport: Command {
    public struct Summary: Sendable {
        public var rows = 0
        public var transactions = 0
        public var duplicates = 0
        public var skipped: [(line: Int, reason: String)] = []
        public var newAssets: [Asset] = []
    }

    /// The plan, taken by the run (`ProfileWriter` lets each row's operations go once its
    /// steps are written: 30 MB for a 100,000-row file): the command runs once.
    private let planHolder: PlanHolder
    public var platform: String
    public var portfolioID: Int64?
    public var openings: [OpeningPosition]
    /// true: the steps' transactions are written at the end in one bulk write
    /// (`StagedImportStore`); false: each as its command records it (kept to compare).
    public var bulk = true

    public init(plan: consuming ProfileImportPlan, platform: String, portfolioID: Int64? = nil, openings: [OpeningPosition] = [], bulk: Bool = true) {
        planHolder = PlanHolder(consume plan)
        self.bulk = bulk
        self.platform = platform
        self.portfolioID = portfolioID
        self.openings = openings
    }

    public func cashName(_ currency: String) -> String { "\(platform) \(currency)" }

    public func run(in store: CommandStore) throws -> Summary {
        guard let plan = planHolder.take() else { throw RuleViolation("A profiled import's plan is written once; this one was.") }
        let staging = bulk ? StagedImportStore(base: store) : nil
        var writer = ProfileWriter(store: staging ?? store, plan: consume plan, command: self)
        try writer.checkShortfall()
        try writer.writeOpenings()
        try writer.writeSteps()
        if !writer.problems.isEmpty {
            let lines = Set(writer.problems.map(\.line)).count
            let headline = "\(lines) row\(lines == 1 ? " has" : "s have") errors; nothing was imported."
            throw RuleViolation(([headline] + writer.problems.map { "line \($0.line): \($0.message)" }).joined(separator: "\n"))
        }
        var summary = Summary()
        summary.rows = writer.plan.newRowCount
        summary.transactions = writer.written
        summary.duplicates = writer.plan.duplicates
        summary.skipped = writer.plan.skipped
        summary.newAssets = writer.created
        // The plan's rows, keys and steps go before the bulk write (14 MB for 100,000 rows).
        writer.releasePlan()
        try staging?.finish()
        return summary
    }
}

/// A plan handed over once: the command is a value, its plan is not copied into the run
/// (a copy would share, and so keep, every row's operations).
private final class PlanHolder: @unchecked Sendable {
    private var plan: ProfileImportPlan?
    private let lock = NSLock()

    init(_ plan: consuming ProfileImportPlan) { self.plan = consume plan }

    /// The plan, the first time; nil after.
    func take() -> ProfileImportPlan? {
        lock.lock()
        defer { lock.unlock() }
        return plan.take()
    }
}
