import Core
import Foundation
import Store

/// Running the rate provider: its requests under the allow rule, its failures in the app's
/// words, its rates checked.
extension RateFetch {
    /// The rates the provider returns for `spans`, on `wanted` days only, checked and ready
    /// to store; unknown codes and rates not above zero or out of range go to `summary`.
    func fetch(_ provider: QuoteProvider, base: String, spans: [(CalendarDate, CalendarDate)], wanted: (CalendarDate) -> Bool,
               into summary: inout Summary, progress: (Int, Int) -> Void) throws -> [ExchangeRate] {
        let settings = try self.settings ?? ProviderSettings.load(path: ProviderSettings.userPath(environment: environment))
        let http = QuoteHTTP(allowance: HostAllowance(provider: provider.name, declared: [], allowed: []), bodyLimit: bodyLimit,
                             timeout: timeout, library: library)
        let address = url ?? provider.declaredURL
        let allowance = try self.allowance(for: provider, address: address, settings: settings, http: http, sample: spans[0])
        let scratch = try AssetFlowStore(path: nil, waitNotice: nil)
        return try scratch.withSession { scratchSession in
            let run = try ProviderRun(provider: provider, allowed: [], scratch: scratchSession, http: http,
                                      key: provider.key(settings: settings, environment: environment), subject: Self.subject)
            run.http.allowance = allowance
            let source = address.flatMap { try? http.host(of: Self.sample($0, spans[0].0, base)) } ?? provider.name
            let fetchedAt = ISO8601DateFormatter().string(from: now)
            var kept = RateCollector(base: base, source: source, fetchedAt: fetchedAt)
            for (index, (start, end)) in spans.enumerated() {
                let provided: [ProviderRun.ProvidedRate]
                do {
                    provided = try run.fetchRates(base: base, from: start, to: end, address: address)
                } catch {
                    throw self.failure(error, http: run.http, days: start == end ? "\(start)" : "\(start) to \(end)")
                }
                try kept.add(provided, from: start, to: end, wanted: wanted, provider: provider.name)
                progress(index + 1, spans.count)
            }
            summary.rejected = kept.rejected
            summary.unknown = kept.unknown.sorted()
            summary.empty = kept.emptyDays(of: spans, wanted: wanted)
            return kept.rates
        }
    }

    /// The hosts the provider may reach. Declared: those of its `-- hosts:` line, or any
    /// host when the user typed the address (`--url`: as for the generic CSV provider, the
    /// user's allowance alone decides). Allowed: the host of the address the user chose
    /// (`--url`, or a built-in provider's own), `--allow-net`, and providers.conf's `[rates]`
    /// and `[<provider>]` hosts. libcurl missing is said here, before any request.
    func allowance(for provider: QuoteProvider, address: String?, settings: ProviderSettings, http: QuoteHTTP,
                   sample: (CalendarDate, CalendarDate)) throws -> HostAllowance {
        var declared = provider.declaredHosts
        var allowed = allowNet + (settings.hosts["rates"] ?? []) + (settings.hosts[provider.name] ?? [])
        if let address, url != nil || provider.isBuiltIn {
            let host: String
            do { host = try http.host(of: Self.sample(address, sample.0, "usd")) } catch let failure as QuoteHTTP.Failure {
                if failure.kind == .libraryMissing { throw LibraryMissing(library: library, reason: Self.reason(failure.message)) }
                throw Failure(message: "\(failure.message) Give an http or https address with --url.", days: "\(sample.0)")
            }
            if url != nil { declared.append("*") }
            allowed.append(host)
        }
        return HostAllowance(provider: provider.name, declared: declared, allowed: allowed, subject: Self.subject)
    }

    /// The address with its placeholders filled for one day (to read its host).
    static func sample(_ address: String, _ day: CalendarDate, _ base: String) -> String {
        ["{date}", "{from}", "{to}"].reduce(address) { $0.replacingOccurrences(of: $1, with: day.description) }
            .replacingOccurrences(of: "{base}", with: base.lowercased())
    }

    /// A provider's failure in the app's words: no response is `RateFeed.networkMessage`, a
    /// response past the size bound `invalidResponseMessage`, a refused host its refusal;
    /// anything else the provider's own message.
    func failure(_ error: Error, http: QuoteHTTP, days: String) -> Error {
        let text = "\(error)"
        guard let request = http.lastFailure, text.contains(request.message) else {
            return Failure(message: text, days: days)
        }
        switch request.kind {
        case .refused: return Failure(message: request.message, days: days)
        case .tooLarge: return Failure(message: RateFeed.invalidResponseMessage, days: days)
        case .network: return Failure(message: RateFeed.networkMessage, days: days, isNetwork: true)
        case .libraryMissing: return LibraryMissing(library: library, reason: Self.reason(request.message))
        case .other: return Failure(message: text, days: days)
        }
    }

    /// The loader's reason inside QuoteHTTP's libcurl message ("… could not be loaded (REASON). Install …").
    static func reason(_ message: String) -> String {
        guard let open = message.range(of: "could not be loaded ("), let close = message.range(of: "). Install", options: .backwards),
              open.upperBound <= close.lowerBound else { return message }
        return String(message[open.upperBound..<close.lowerBound])
    }
}
