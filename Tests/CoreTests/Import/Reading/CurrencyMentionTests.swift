import Testing
@testable import Core

@Suite("Currencies written in cells: symbols, codes, pence")
struct CurrencyMentionTests {
    @Test("symbols and codes", arguments: [("£", ["GBP"]), ("€", ["EUR"]), ("¥", ["JPY", "CNY"]), ("usd", ["USD"]), ("C$", ["CAD"]), ("GBP", ["GBP"])])
    func mentions(_ text: String, _ codes: [String]) throws {
        let mention = try #require(CurrencyMention.parse(text))
        #expect(mention.codes == codes && !mention.pence)
    }

    @Test("GBX and GBp are pence of GBP; GBP is pounds")
    func pence() throws {
        #expect(CurrencyMention.parse("GBX")?.pence == true && CurrencyMention.parse("GBX")?.code == "GBP")
        #expect(CurrencyMention.parse("GBp")?.pence == true)
        #expect(CurrencyMention.parse("GBP")?.pence == false)
    }

    @Test("$ agrees with USD and CAD, not with £; unknown words are no currency")
    func agreeing() throws {
        let dollar = try #require(CurrencyMention.parse("$"))
        #expect(dollar.agreeing(with: CurrencyMention.parse("CAD")!)?.code == "CAD")
        #expect(dollar.agreeing(with: CurrencyMention.parse("£")!) == nil)
        #expect(dollar.codeForNewAsset(preferring: "AUD") == "AUD" && dollar.codeForNewAsset(preferring: "EUR") == "USD")
        #expect(CurrencyMention.parse("abc") == nil && CurrencyMention.parse("shares") == nil)
    }
}
