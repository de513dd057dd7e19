import Core
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads daily exchange rates from the date-stamped currency API (`RateFeed`), one
/// request per day, only when asked (never at start-up). Every failure is one of the app's
/// three messages; nothing is stored here (the caller stores everything or nothing).
public struct RateFetcher {
    public var urlTemplate: String
    /// Seconds to wait for each response.
    public var timeout: TimeInterval

    public init(urlTemplate: String = RateFeed.defaultURLTemplate, timeout: TimeInterval = 20) {
        self.urlTemplate = urlTemplate
        self.timeout = timeout
    }

    /// A failed day: the date and the app's message.
    public struct Failure: Error, CustomStringConvertible {
        public let date: CalendarDate
        public let message: String
        public var description: String { "\(message) (\(date))" }
    }

    /// The rates of `base` on each of `dates`, in order; `progress(done, total)` after each.
    /// Stops at the first failure.
    public func fetch(base: String, dates: [CalendarDate], now: Date = Date(),
                      progress: (Int, Int) -> Void = { _, _ in }) throws -> [ExchangeRate] {
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let fetchedAt = ISO8601DateFormatter().string(from: now)
        var rates: [ExchangeRate] = []
        for (index, date) in dates.enumerated() {
            let address = RateFeed.url(template: urlTemplate, base: base, date: date)
            let data = try download(address, date: date, session: session)
            do {
                rates += try RateFeed.parse(data, base: base, requestedDate: date, source: source(of: address), fetchedAt: fetchedAt)
            } catch {
                throw Failure(date: date, message: RateFeed.invalidResponseMessage)
            }
            progress(index + 1, dates.count)
        }
        return rates
    }

    var configuration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }

    /// The host the rates came from ("cdn.jsdelivr.net"), stored as their source.
    func source(of address: String) -> String { URL(string: address)?.host ?? "fetch" }

    /// The body of a 2xx response; a `Failure` with the app's message otherwise.
    func download(_ address: String, date: CalendarDate, session: URLSession) throws -> Data {
        guard let url = URL(string: address) else { throw Failure(date: date, message: RateFeed.invalidResponseMessage) }
        let semaphore = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: (Data?, URLResponse?, Error?) = (nil, nil, nil)
        session.dataTask(with: url) { data, response, error in
            outcome = (data, response, error)
            semaphore.signal()
        }.resume()
        semaphore.wait()
        let (data, response, error) = outcome
        if error != nil { throw Failure(date: date, message: RateFeed.networkMessage) }
        guard let http = response as? HTTPURLResponse, let data else { throw Failure(date: date, message: RateFeed.invalidResponseMessage) }
        if http.statusCode == 404 { throw Failure(date: date, message: RateFeed.notFoundMessage) }
        guard (200..<300).contains(http.statusCode) else { throw Failure(date: date, message: RateFeed.invalidResponseMessage) }
        return data
    }
}
