import Foundation
import Testing
@testable import Core

/// A Python with beancount (Debian's python3-beancount, which scripts/test installs, or
/// PyPI's beancount): `python3` when it imports beancount, else Debian's own interpreter.
private let beancountPython: String? = ["/usr/bin/env python3", "/usr/bin/python3"].first { command in
    (try? BeancountDifferentialTests.python(command, ["-c", "import beancount"])) != nil
}

/// Whether the installed beancount books HIFO (v3 does, v2 does not).
private let beancountHasHIFO: Bool = beancountPython.flatMap {
    try? BeancountDifferentialTests.python($0, ["-c", "from beancount.core.data import Booking; print('HIFO' in Booking.__members__)"])
} == "True\n"

/// Random histories booked by AssetFlow's lot engine (through the transaction adapter) and by
/// beancount give the same closed pieces and open lots, to the cent.
@Suite("Lots against beancount (differential)", .enabled(if: beancountPython != nil, "beancount is not installed: scripts/test installs python3-beancount"))
struct BeancountDifferentialTests {
    static let histories = 60

    /// Runs `command` (an interpreter, maybe with /usr/bin/env) with `arguments`; its output,
    /// or a throw when it fails.
    static func python(_ command: String, _ arguments: [String]) throws -> String {
        let parts = command.split(separator: " ").map(String.init)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: parts[0])
        process.arguments = Array(parts.dropFirst()) + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw RuleViolation("python failed: \(problems)") }
        return text
    }

    /// Buys and sells of one asset on distinct days: whole units at prices with two decimals.
    static func history(_ k: Int, _ random: inout SplitMix64) -> [Transaction] {
        var day = CalendarDate("2021-01-01")!.adding(days: random.below(30))
        var held = 0
        var list: [Transaction] = []
        for id in 1...(4 + random.below(12)) {
            day = day.adding(days: 1 + random.below(40))
            let price = ExactDecimal(100 + random.below(20000)) / 100
            if held == 0 || random.chance(55) {
                let q = 1 + random.below(20)
                held += q
                list.append(Transaction(id: Int64(k * 100 + id), assetID: Int64(k), type: .buy, date: day, quantity: ExactDecimal(q), pricePerUnit: price, currency: "USD"))
            } else {
                let q = 1 + random.below(held)
                held -= q
                list.append(Transaction(id: Int64(k * 100 + id), assetID: Int64(k), type: .sell, date: day, quantity: ExactDecimal(q), pricePerUnit: price, currency: "USD"))
            }
        }
        return list
    }

    /// The history as a beancount ledger booked by `method`.
    static func ledger(_ histories: [[Transaction]], _ method: String) -> String {
        var text = "option \"booking_method\" \"\(method)\"\n2020-01-01 open Assets:Cash USD\n2020-01-01 open Income:Gains USD\n"
        for (k, history) in histories.enumerated() {
            text += "2020-01-01 open Assets:H\(k) A\(k) \"\(method)\"\n"
            for t in history {
                let p = t.pricePerUnit.fixedText(places: 2), total = t.totalAmount.fixedText(places: 2)
                if t.type == .buy {
                    text += "\(t.date) * \"buy\"\n  Assets:H\(k)  \(t.quantity) A\(k) {\(p) USD}\n  Assets:Cash  -\(total) USD\n"
                } else {
                    text += "\(t.date) * \"sell\"\n  Assets:H\(k)  -\(t.quantity) A\(k) {} @ \(p) USD\n  Assets:Cash  \(total) USD\n  Income:Gains\n"
                }
            }
        }
        return text
    }

    /// Prints beancount's booking: "k S sold acquired quantity unit-cost gain" per reduced lot
    /// and "k O acquired quantity unit-cost" per open lot.
    static let reader = """
        import sys
        from decimal import Decimal
        from beancount import loader
        from beancount.core import data, inventory
        entries, errors, options = loader.load_file(sys.argv[1])
        for e in errors: print("ERROR", e.message)
        cent = Decimal("0.01")
        inv = {}
        for e in entries:
            if not isinstance(e, data.Transaction): continue
            for p in e.postings:
                if p.cost is None: continue
                k = p.account.split(":H")[1]
                if p.units.number < 0:
                    q = -p.units.number
                    print(k, "S", e.date, p.cost.date, q, p.cost.number.quantize(cent), (q * (p.price.number - p.cost.number)).quantize(cent))
                inv.setdefault(k, inventory.Inventory()).add_position(p)
        for k, i in inv.items():
            for pos in i:
                print(k, "O", pos.cost.date, pos.units.number, pos.cost.number.quantize(cent))
        """

    /// The same lines from AssetFlow's lot engine.
    static func assetflowLines(_ histories: [[Transaction]], _ method: LotMethod) throws -> [String] {
        var lines: [String] = []
        for (k, history) in histories.enumerated() {
            let book = try LotBook.of(LotEvents.from(history) { _, _ in 1 }, method: method)
            for p in book.realized {
                lines.append("\(k) S \(p.sold) \(p.acquired) \(p.quantity.normalized) \((p.cost / p.quantity).fixedText(places: 2)) \(p.gain.fixedText(places: 2))")
            }
            for lot in book.openLots() {
                lines.append("\(k) O \(lot.acquired) \(lot.quantity.normalized) \(lot.costPerUnit.fixedText(places: 2))")
            }
        }
        return lines
    }

    func compare(_ method: LotMethod, beancount name: String, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let histories = (0..<Self.histories).map { Self.history($0, &random) }
        let folder = NSTemporaryDirectory() + "af-beancount-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.ledger(histories, name).write(toFile: folder + "/ledger.beancount", atomically: true, encoding: .utf8)
        try Self.reader.write(toFile: folder + "/read.py", atomically: true, encoding: .utf8)
        let theirs = try Self.python(beancountPython!, [folder + "/read.py", folder + "/ledger.beancount"]).split(separator: "\n").map(String.init)
        #expect(!theirs.contains { $0.hasPrefix("ERROR") }, "\(theirs.filter { $0.hasPrefix("ERROR") })")
        let ours = try Self.assetflowLines(histories, method)
        #expect(theirs.filter { $0.contains(" S ") }.count > Self.histories)  // the histories do sell
        #expect(ours.sorted() == theirs.sorted())
    }

    @Test("FIFO: the same pieces, gains and open lots as beancount's FIFO booking")
    func fifo() throws { try compare(.fifo, beancount: "FIFO", seed: 2501) }

    @Test("LIFO: the same pieces, gains and open lots as beancount's LIFO booking")
    func lifo() throws { try compare(.lifo, beancount: "LIFO", seed: 2502) }

    @Test("HIFO: the same as beancount's HIFO booking (beancount 3)",
          .enabled(if: beancountHasHIFO, "the installed beancount has no HIFO booking (it came in beancount 3): HIFO is checked against hand calculations only"))
    func hifo() throws { try compare(.hifo, beancount: "HIFO", seed: 2503) }

    @Test("average and specific: not compared", .disabled("beancount defines no average-cost booking (AVERAGE is declared but not implemented) and books chosen lots only by naming each lot in the ledger; both are checked against hand calculations and Position"))
    func undefined() {}
}
