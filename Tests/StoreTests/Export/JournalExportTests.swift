import Foundation
import Testing
@testable import Core
@testable import Store

/// hledger from Debian's packages (scripts/test installs it when missing).
let hledgerPath = ["/usr/bin/hledger", "/usr/local/bin/hledger"].first { FileManager.default.isExecutableFile(atPath: $0) }

@Suite("Journal export: hledger agrees with the net worth")
struct JournalExportTests: StoreRuleTesting {
    @Test("the journal has P directives and balanced entries")
    func shape() throws {
        try withStore { s in
            try sampleStore(s)
            let journal = try s.journal()
            #expect(journal.contains("P 2024-05-01 \"ACME\" 181.333 USD"))
            #expect(journal.contains("    assets:Broker:ACME  10 \"ACME\" @ 150 USD"))
            #expect(journal.contains("    expenses:fees  1.5 USD"))
            #expect(journal.contains("    income:dividends:ACME  -12.34 USD"))
        }
    }

    @Test("hledger bal -V on the exported journal equals af.net_worth() to the cent", .enabled(if: hledgerPath != nil || runningOnCI, "hledger is not installed"))
    func hledgerAgrees() throws {
        try withTemporaryFolder { folder in
            try withStore { s in
                try sampleStore(s)
                let path = folder + "/assetflow.journal"
                try OwnerOnlyFiles.write(try s.journal(), to: path)
                #expect(mode(path) == 0o600)
                let total = try hledgerTotal(path)
                #expect(total == (try s.netWorth()).rounded(places: 2))
            }
        }
    }

    /// The "total" row of `hledger balance assets -V -O csv`.
    func hledgerTotal(_ journal: String) throws -> ExactDecimal? {
        let process = Process()
        let hledger = try #require(hledgerPath, "CI=true and hledger is not installed")
        process.executableURL = URL(fileURLWithPath: hledger)
        process.arguments = ["-f", journal, "balance", "assets", "-V", "-O", "csv"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "hledger: \(errors)")
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("\"total\"") }) else { return nil }
        let amount = line.split(separator: ",")[1].filter { $0.isNumber || $0 == "." || $0 == "-" }
        return ExactDecimal.parseOrNil(String(amount))?.rounded(places: 2)
    }
}
