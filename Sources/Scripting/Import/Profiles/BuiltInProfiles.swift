/// The profiles embedded in the binary, most used brokers first. Each is a Lua script in
/// `BuiltIn/` (the one `assetflow import --show-profile NAME` prints, to copy for a broker
/// nobody supports yet).
public enum BuiltInProfiles {
    public static let all: [ImportProfile] = [
        trading212, degiro, ibkrFlex, ibkrStatement, schwab, revolut, freetrade, etoro, coinbase, kraken, ghostfolio, portfolioPerformance,
        investEngine, scalable, tradeRepublic, bitstamp, fidelity, xtb, vanguard, vanguardUK, coinbasePro, binance,
    ]
}
