import Foundation

/// The work of `ApplyProfileImport`: assets by name, cash by currency, one command per step.
struct ProfileWriter {
    let store: CommandStore
    /// The plan, its own: each row's operations let go once its steps are written
    /// (`writeSteps`).
    private(set) var plan: ProfileImportPlan
    let command: ApplyProfileImport
    /// The account's currency: the first step's cash currency that is not empty (read
    /// before any operation goes).
    let accountCurrency: String?
    var assets: [String: Asset] = [:]
    var created: [Asset] = []
    var problems: [(line: Int, message: String)] = []
    var written = 0
    /// A conversion's first leg, waiting for the second to be linked to it.
    var pendingLegs: [Int: Transaction] = [:]

    init(store: CommandStore, plan: consuming ProfileImportPlan, command: ApplyProfileImport) {
        self.store = store
        self.plan = consume plan
        self.command = command
        let plan = self.plan
        accountCurrency = plan.steps.lazy.map { plan.operation(of: $0).cashCurrency }.first { !$0.isEmpty }
    }

    mutating func checkShortfall() throws {
        var held: [String: ExactDecimal] = [:]
        var names = Set<String>()
        for step in plan.steps {
            let op = plan.operation(of: step)
            if let asset = op.asset { names.insert(asset) }
            if let to = op.toAsset { names.insert(to) }
            names.insert(command.cashName(op.cashCurrency))
            if let to = op.toCurrency { names.insert(command.cashName(to)) }
        }
        for name in names {
            if let asset = try store.asset(named: name) { held[name.lowercased()] = try store.quantity(ofAsset: asset.id!) }
        }
        let missing = ProfileShortfall.missing(plan, held: held, openings: command.openings, cashName: command.cashName)
        if !missing.isEmpty { throw RuleViolation(ProfileShortfall.message(missing), rule: .insufficientHoldings) }
    }

    mutating func writeOpenings() throws {
        for o in command.openings {
            let asset = try cashCurrency(named: o.asset).map { try cash($0, date: o.date) } ?? security(o.asset, type: .stock, currency: nil, date: o.date)
            _ = try TransferInWithCost(asset: asset.id!, quantity: o.quantity, costBasis: o.costBasis, date: o.date, note: "Opening position").run(in: store)
        }
    }

    /// Writes every step; a row's operations go once its last step is written.
    mutating func writeSteps() throws {
        let keys = store as? ImportKeyStore
        var left = [Int32](repeating: 0, count: plan.rows.count)
        for step in plan.steps { left[step.row] += 1 }
        let steps = plan.steps
        for (index, step) in steps.enumerated() {
            let line = plan.rows[step.row].row.line
            do {
                let made = try write(step, index: index)
                written += made.count
                for t in made { try keys?.insertImportKey(plan.keys[step.row], platform: command.platform, transaction: t.id!) }
            } catch {
                problems.append((line, String(describing: error)))
            }
            left[step.row] -= 1
            if left[step.row] == 0 { plan.releaseOperations(ofRow: step.row) }
        }
    }

    /// Lets the plan's rows, keys and steps go, once written (its counts are read before).
    mutating func releasePlan() { plan.release() }

    // MARK: Assets

    /// "EUR" for "Trading 212 EUR", the name of this platform's cash in a currency.
    func cashCurrency(named name: String) -> String? {
        let prefix = command.platform.lowercased() + " "
        guard name.lowercased().hasPrefix(prefix) else { return nil }
        let code = name.dropFirst(prefix.count).uppercased()
        return code.count == 3 && code.allSatisfy(\.isLetter) ? code : nil
    }

    mutating func cash(_ currency: String, date: CalendarDate) throws -> Asset {
        let name = command.cashName(currency)
        if let known = assets[name.lowercased()] { return known }
        if let stored = try store.asset(named: name) {
            assets[name.lowercased()] = stored
            return stored
        }
        var create = CreateAsset(name: name, type: .cash)
        create.currency = currency
        create.platform = command.platform
        create.portfolioID = command.portfolioID
        let asset = try create.run(in: store)
        _ = try RecordPrice(asset: asset.id!, price: 1, date: date).run(in: store)
        return remember(asset)
    }

    mutating func security(_ name: String, type: AssetType, currency: String?, date: CalendarDate) throws -> Asset {
        let key = name.lowercased()
        let found = try assets[key] ?? store.asset(named: name)
        if let found {
            assets[key] = found
            if let currency, found.currency != currency.uppercased() {
                throw RuleViolation("'\(found.name)' is in \(found.currency); this row is in \(currency.uppercased()).", rule: .notAllowed, asset: found.name)
            }
            return found
        }
        var create = CreateAsset(name: name, type: type)
        // A coin that only arrives (a deposit, a reward) has no currency of its own: it takes
        // the account's, which a crypto-only file without --currency does not name.
        guard let chosen = currency ?? accountCurrency else {
            throw RuleViolation("The currency of '\(name)' is unknown: give the account's currency with --currency CODE.", rule: .required, asset: name)
        }
        create.currency = chosen
        create.platform = command.platform
        create.portfolioID = command.portfolioID
        return remember(try create.run(in: store))
    }

    mutating func remember(_ asset: Asset) -> Asset {
        assets[asset.name.lowercased()] = asset
        created.append(asset)
        return asset
    }

    mutating func asset(of op: ProfileOperation) throws -> Asset {
        guard let name = op.asset, !name.isEmpty else { throw RuleViolation("A \(op.kind.rawValue) needs an asset.", rule: .required) }
        // A fee or tax names the asset it is about, in the account's currency: found by name.
        let about = op.kind == .fee || op.kind == .tax
        let currency = about ? op.currency : op.assetCurrency
        return try security(name, type: op.assetType, currency: currency?.isEmpty == true ? nil : currency, date: op.date)
    }
}
