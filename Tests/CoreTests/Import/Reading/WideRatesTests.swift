import Testing
@testable import Core

/// The ECB's published history, `eurofxref-hist.csv`, as the ECB documents and publishes it:
/// `Date` and a column per currency (the value of one euro), newest day first, `N/A` where
/// a currency had no rate that day (CYP after it joined the euro), and a comma after the
/// last column on every line.
@Suite("Rates files: the ECB's wide history and long files")
struct WideRatesTests {
    static let ecb = """
        Date,USD,JPY,BGN,CYP,CZK,DKK,EEK,GBP,HUF,LTL,LVL,MTL,PLN,ROL,RON,SEK,SIT,SKK,CHF,ISK,NOK,HRK,RUB,TRL,TRY,AUD,BRL,CAD,CNY,HKD,IDR,ILS,INR,KRW,MXN,MYR,NZD,PHP,SGD,THB,ZAR,
        2024-07-15,1.0892,171.57,1.9558,N/A,25.372,7.4609,N/A,0.83955,393.63,N/A,N/A,N/A,4.2705,N/A,4.9736,11.5725,N/A,N/A,0.9770,149.90,11.8015,N/A,N/A,N/A,35.9803,1.6092,5.9360,1.4887,7.9112,8.5095,17622.14,3.9360,90.9830,1503.05,19.2650,5.0877,1.7883,63.731,1.4642,39.321,19.7748,
        2024-07-12,1.0890,172.47,1.9558,N/A,25.361,7.4609,N/A,0.83888,393.88,N/A,N/A,N/A,4.2705,N/A,4.9736,11.5140,N/A,N/A,0.9754,150.10,11.7280,N/A,N/A,N/A,35.9770,1.6071,5.9209,1.4847,7.9104,8.5049,17627.25,3.9520,90.9390,1498.96,19.2340,5.0921,1.7875,63.601,1.4608,39.425,19.6895,
        2007-12-31,1.4721,164.93,1.9558,0.585274,26.628,7.4583,15.6466,0.73335,253.73,3.4528,0.6964,0.4293,3.5935,N/A,3.6077,9.4415,239.64,33.583,1.6547,91.20,7.9580,7.3308,35.9860,N/A,1.7170,1.6757,2.6169,1.4449,10.7524,11.4800,13834.93,5.6700,57.9900,1377.96,16.0547,4.8682,1.9024,60.832,2.1163,44.094,10.0298,

        """

    @Test("the ECB's file: base EUR, a rate per currency and day, N/A and the trailing column skipped, unknown currencies counted")
    func ecb() throws {
        let (rates, skipped) = try RateCSV.parseFile(Self.ecb, name: "eurofxref-hist.csv")
        let usd = rates.filter { $0.quote == "USD" }.sorted { $0.date < $1.date }
        #expect(usd.map(\.rate.plainText) == ["1.4721", "1.089", "1.0892"])
        #expect(rates.allSatisfy { $0.base == "EUR" && $0.source == "ECB" })
        #expect(rates.first { $0.quote == "GBP" && $0.date == CalendarDate("2024-07-15")! }?.rate.plainText == "0.83955")
        #expect(!rates.contains { $0.quote == "CYP" })
        #expect(skipped["CYP"] == 1 && skipped["SIT"] == 1 && skipped["HRK"] == 1)
        #expect(WideRates.skippedNote(skipped)?.hasPrefix("Skipped 8 rates of currencies AssetFlow does not know: CYP, EEK, HRK") == true)
    }

    @Test("a bad cell names the file, line and currency")
    func badCell() {
        #expect(throws: RuleViolation("eurofxref-hist.csv line 2, USD: 'abc' is not a valid decimal number.")) {
            try RateCSV.parseFile("Date,USD,\n2024-07-15,abc,\n", name: "eurofxref-hist.csv")
        }
    }

    @Test("long files read as before")
    func long() throws {
        let rates = try RateCSV.parse("date,base,quote,rate\n2024-03-01,USD,EUR,0.92\n")
        #expect(rates.count == 1 && rates[0].quote == "EUR")
    }
}
