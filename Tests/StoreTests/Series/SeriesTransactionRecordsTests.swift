import Testing
@testable import Core
@testable import Store

/// `PerformanceRecords.addPackedTransactionMonth` decodes a `transaction_month` row straight
/// into the records: the same rows (dates, ids, assets, types, flags, decimals with their
/// scale and sign, links), the same assets numbered in the same order, the same stored
/// currencies and the same damage refused as decoding each entry (`TransactionMonth.forEach`)
/// and adding it through `addTransaction` when the scope's filter lets it through, the way
/// the performance loader did before.
@Suite("Performance records: monthly transaction rows decoded straight into the records")
struct SeriesTransactionRecordsTests {
    struct Row {
        var assetID: Int64
        var month: String
        var bytes: [UInt8]
    }

    /// Rows of random histories for `assets` (ids), month by month and asset by asset as the
    /// table's key gives them: every type (income often), decimals of every scale and sign
    /// (units past 63 and 64 bits among them), sources inside and outside the scope or none,
    /// related ids, stored currencies or none.
    func rows(_ r: inout SplitMix64, assets: [Int64]) throws -> [Row] {
        func decimal() -> ExactDecimal {
            switch r.below(8) {
            case 0: return 0
            case 1: return ExactDecimal(units: UInt128(r.next()) << 64 | UInt128(r.next()), scale: r.below(39), negative: r.chance(50))
            case 2: return ExactDecimal(units: UInt128(r.next() >> UInt64(r.below(3))), scale: r.below(39), negative: r.chance(50))
            case 3: return ExactDecimal(units: UInt128(r.below(128)), scale: r.below(39), negative: r.chance(50))
            default: return ExactDecimal(units: UInt128(r.below(1_000_000_000)), scale: r.below(12), negative: r.chance(10))
            }
        }
        var all: [Row] = []
        var nextID: Int64 = Int64(r.below(1_000))
        for assetID in assets {
            var history: [Transaction] = []
            var day = CalendarDate("2019-11-27")!.dayNumber + r.below(40)
            for _ in 0..<(20 + r.below(120)) {
                if r.chance(40) { day += r.below(12) }
                nextID += r.chance(80) ? Int64(1 + r.below(3)) : Int64(1 + r.below(1 << 34))
                let type: TransactionType = r.chance(30) ? [.dividend, .interest][r.below(2)]
                    : TransactionType.allCases[r.below(TransactionType.allCases.count)]
                let source: Int64? = r.chance(40) ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 1_000_000_000_007][r.below(10)] : nil
                history.append(Transaction(id: nextID, assetID: assetID, type: type, date: CalendarDate(dayNumber: day),
                                           quantity: decimal(), pricePerUnit: decimal(), fees: decimal(),
                                           currency: ["", "USD", "USD", "EUR", "CHF"][r.below(5)], sourceAssetID: source,
                                           relatedTransactionID: r.chance(15) ? Int64(r.below(1 << 40)) - 5 : nil))
            }
            all += try TransactionMonth.rows(of: history).map { Row(assetID: assetID, month: $0.month, bytes: $0.bytes) }
        }
        // The table's key order: month, then asset (a stable sort keeps each asset's months).
        return all.enumerated().sorted { ($0.element.month, $0.element.assetID, $0.offset) < ($1.element.month, $1.element.assetID, $1.offset) }
            .map(\.element)
    }

    /// The records as the loader made them before: each entry decoded, filtered by the scope
    /// and added with `addTransaction`; nil when a row does not read back.
    func reference(_ rows: [Row], scope: Set<Int64>, cash: Set<Int64>, everything: Bool,
                   currencies: [Int64: String]?) -> (records: PerformanceRecords, currencies: [Int64: String])? {
        var records = PerformanceRecords(scope: scope, cashAssets: cash)
        var differing: [Int64: String] = [:]
        for row in rows {
            var month = row.month
            let readable = month.withUTF8 { m in
                row.bytes.withUnsafeBufferPointer { b in
                    TransactionMonth.forEach(month: m, bytes: b) { e in
                        let isIncome = e.type == .dividend || e.type == .interest
                        guard everything || scope.contains(row.assetID) || (isIncome && e.sourceAssetID.map(scope.contains) == true) else { return }
                        records.addTransaction(id: e.id, assetID: row.assetID, type: e.type, date: CalendarDate(dayNumber: Int(e.day)),
                                               quantity: e.quantity, price: e.price, fees: e.fees, sourceAssetID: e.sourceAssetID,
                                               relatedID: e.relatedID)
                        if let currencies, !e.currency.isEmpty, let code = currencies[row.assetID], !e.currency.elementsEqual(code.utf8) {
                            differing[e.id] = String(decoding: e.currency, as: UTF8.self)
                        }
                    }
                }
            }
            if !readable { return nil }
        }
        return (records, differing)
    }

    /// The same through `addPackedTransactionMonth`; nil when a row does not read back.
    func decoded(_ rows: [Row], scope: Set<Int64>, cash: Set<Int64>, everything: Bool,
                 currencies: [Int64: String]?) -> (records: PerformanceRecords, currencies: [Int64: String])? {
        var records = PerformanceRecords(scope: scope, cashAssets: cash)
        var differing: [Int64: String] = [:]
        for row in rows {
            var month = row.month
            let added = month.withUTF8 { m in
                row.bytes.withUnsafeBufferPointer { b in
                    PackedMonth.start(of: m).map { beforeFirst, length in
                        records.addPackedTransactionMonth(assetID: row.assetID, dayBeforeMonth: beforeFirst, daysInMonth: length, bytes: b,
                                                          outside: everything ? .all : .incomePaidByScope,
                                                          assetCurrency: currencies?[row.assetID], differingCurrencies: &differing)
                    }
                }
            }
            if added != true { return nil }
        }
        return (records, differing)
    }

    /// Every field of every row, the decimals with their scale, and the asset numbering.
    func text(_ records: PerformanceRecords) -> [String] {
        records.rows.map { r in
            "\(r.date.dayNumber) \(r.id.map(String.init) ?? "-") \(r.asset) \(r.type) \(r.sourceInScope) \(r.relatedInScope) "
                + "\(r.quantity.plainText)/\(r.quantity.scale)/\(r.quantity.isNegative) \(r.price.plainText)/\(r.price.scale)/\(r.price.isNegative) "
                + "\(r.fees.plainText)/\(r.fees.scale)/\(r.fees.isNegative) \(r.sourceAssetID.map(String.init) ?? "-") \(r.relatedID.map(String.init) ?? "-")"
        } + ["assets \(records.assetIDs) in scope \(records.inScope) cash \(records.isCash)"]
    }

    @Test("random rows, every scope form, with and without stored currencies: the same records, before and after finish",
          arguments: 0..<8)
    func sameRecords(seed: Int) throws {
        var r = SplitMix64(seed: UInt64(seed) &+ 27_000)
        let assets: [Int64] = [1, 2, 3, 5, 8, 1_000_000_000_007].filter { _ in r.chance(85) }
        let rows = try rows(&r, assets: assets)
        let scope = Set(assets.filter { _ in r.chance(50) } + (r.chance(30) ? [9] : []))  // 9: a scope asset without transactions
        let cash = Set(scope.filter { _ in r.chance(20) })
        let currencies: [Int64: String]? = r.chance(50) ? nil : Dictionary(uniqueKeysWithValues: assets.map { ($0, ["USD", "EUR"][r.below(2)]) })
        for everything in [false, true] {
            var expected = try #require(reference(rows, scope: scope, cash: cash, everything: everything, currencies: currencies))
            var actual = try #require(decoded(rows, scope: scope, cash: cash, everything: everything, currencies: currencies))
            #expect(text(actual.records) == text(expected.records), "seed \(seed), everything \(everything)")
            #expect(actual.currencies == expected.currencies)
            expected.records.finish()
            actual.records.finish()
            #expect(text(actual.records) == text(expected.records))
            #expect(actual.records.rows.count > 0)
        }
    }

    @Test("damaged rows: refused exactly when decoding entry by entry refuses them", arguments: 0..<4)
    func sameDamage(seed: Int) throws {
        var r = SplitMix64(seed: UInt64(seed) &+ 27_100)
        let rows = try rows(&r, assets: [1, 2])
        var refused = 0
        for k in 0..<1_500 {
            var row = rows[r.below(rows.count)]
            switch k % 4 {
            case 0: row.bytes = Array(row.bytes.prefix(r.below(row.bytes.count + 1)))
            case 1: row.bytes[r.below(row.bytes.count)] = UInt8(truncatingIfNeeded: r.next())
            case 2: row.bytes[r.below(row.bytes.count)] ^= UInt8(1) << UInt8(r.below(8))
            default: row.bytes += [UInt8(truncatingIfNeeded: r.next()), UInt8(truncatingIfNeeded: r.next()), 0x80, 0x80]
                .prefix(1 + r.below(4))
            }
            let expected = reference([row], scope: [1], cash: [], everything: false, currencies: [1: "USD", 2: "USD"])
            let actual = decoded([row], scope: [1], cash: [], everything: false, currencies: [1: "USD", 2: "USD"])
            #expect((actual == nil) == (expected == nil), "\(row.month) \(row.bytes)")
            if let actual, let expected {
                #expect(text(actual.records) == text(expected.records))
            } else {
                refused += 1
            }
        }
        #expect(refused > 100)
    }
}
