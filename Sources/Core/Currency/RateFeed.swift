/// The app's messages for a failed exchange-rate fetch (assetflow-app-notes S55). The fetch
/// itself is a rate provider, a Lua script (`BuiltInRateProviders` in Scripting): the
/// built-in ones raise these messages, and the fetch says them for a request that got no
/// response or too large a one, whichever provider asked.
public enum RateFeed {
    public static let networkMessage = "Network unavailable. Exchange rates could not be fetched."
    public static let invalidResponseMessage = "Invalid response from exchange rate service."
    public static let notFoundMessage = "Exchange rates not found for the requested date."
}
