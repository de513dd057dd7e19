import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Vanguard's US download: a holdings table above the transactions, the settlement fund as
/// the account's cash, dividends reinvested; against a hand calculation.
@Suite("Profiles: Vanguard")
struct VanguardProfileTests {
    @Test("Vanguard: holdings table left out, reinvestments, the settlement fund as cash, sweeps skipped; as by hand")
    func vanguard() throws {
        let t = try ProfileTestStore()
        let data = try sample("vanguard.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.first == "Profile: Vanguard (vanguard).", "\(lines)")
        #expect(lines.contains("8 rows imported as 12 transactions."), "\(lines)")
        #expect(lines.contains("3 rows skipped by the profile:"), "\(lines)")
        // VTI: 15 @ 235.10 = 3526.50, then the dividend of 13.65 reinvested: 0.056 @ 243.75.
        expectPosition(try t.position("VTI"), quantity: D("15.056"), cost: D("3540.15"), realized: 0)
        #expect(try t.income("VTI").dividends == D("13.65"))
        // BND: 20 @ 72.50 = 1450; 10 sold @ 73 less 0.02: realized 729.98 − 725 = 4.98.
        expectPosition(try t.position("BND"), quantity: 10, cost: 725, realized: D("4.98"))
        // USD (the settlement fund, VMFXX 5754.88 in the holdings table): 10000 − 3526.50 − 1450
        // + 13.65 − 13.65 + 729.98 + 21.40 − 20 = 5754.88; the account fee is its loss.
        expectPosition(try t.position("Vanguard USD"), quantity: D("5754.88"), cost: D("5754.88"), realized: -20)
        #expect(try t.income("Vanguard USD").interest == D("21.4"))
        #expect(try t.asset("VMFXX") == nil)
        try expectIdempotentAndAtomic(t, data, badRow: "12345678,07/01/2024,07/01/2024,Mystery,?,VANGUARD TOTAL STOCK MARKET ETF,VTI,1,1,-1,0,-1,0,CASH,")
    }
}
