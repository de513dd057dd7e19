import Foundation
import Testing
@testable import Store

/// af.http.get's rules, against a local server: the allow rule (declared and allowed, at
/// every redirect), the size bound and the time bound.
@Suite("Provider HTTP: allowed hosts, bounds", .serialized)
struct QuoteHTTPTests {
    static func client(declared: [String] = ["127.0.0.1", "localhost"], allowed: [String] = ["127.0.0.1"],
                       bodyLimit: Int = 64 << 10, timeout: TimeInterval = 10) -> QuoteHTTP {
        QuoteHTTP(allowance: HostAllowance(provider: "test", declared: declared, allowed: allowed), bodyLimit: bodyLimit, timeout: timeout)
    }

    static func message(_ body: () throws -> Any) -> String {
        do { _ = try body(); return "no error" } catch { return "\(error)" }
    }

    @Test("An allowed host answers, with the headers sent")
    func allowedHost() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let response = try Self.client().get(server.base + "/headers", headers: ["X-Test": "hello"])
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "hello")
    }

    @Test("A host the user did not allow is refused before any request, naming the flag")
    func otherHostRefused() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let text = Self.message { try Self.client().get("http://localhost:\(server.port)/headers") }
        #expect(text == "Provider 'test' may not reach localhost: allow it with --allow-net localhost.")
        let undeclared = Self.message { try Self.client(declared: ["stooq.com"], allowed: ["127.0.0.1"]).get(server.base + "/headers") }
        #expect(undeclared.contains("not among the hosts its `-- hosts:` line declares (stooq.com)"))
        #expect(server.requests.isEmpty)
    }

    @Test("A response past the size bound is refused")
    func hugeResponse() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let text = Self.message { try Self.client().get(server.base + "/huge") }
        #expect(text == "The response from 127.0.0.1 is larger than 65536 bytes; it was not read.")
    }

    @Test("A slow response times out")
    func slowResponse() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let text = Self.message { try Self.client(timeout: 1).get(server.base + "/slow") }
        #expect(text == "No response from 127.0.0.1 within 1 s (the time limit of a request).")
    }

    @Test("A redirect to a host not allowed is refused; one to an allowed host is followed")
    func redirects() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let text = Self.message { try Self.client().get(server.base + "/to-localhost") }
        #expect(text.hasPrefix("Provider 'test' may not reach localhost: allow it with --allow-net localhost"))
        #expect(server.requests == ["/to-localhost"])
        let followed = try Self.client().get(server.base + "/to-self", headers: ["X-Test": "again"])
        #expect(String(decoding: followed.body, as: UTF8.self) == "again")
        #expect(followed.url == server.base + "/headers")
    }

    @Test("The hosts a provider declares are read from the comment lines at its top")
    func declaredHosts() {
        #expect(HostAllowance.declaredHosts(in: "-- A provider\n-- hosts: stooq.com, example.org\nfunction fetch() end\n-- hosts: late.com") == ["stooq.com", "example.org"])
        #expect(HostAllowance(provider: "p", declared: ["stooq.com"], allowed: ["stooq.com"]).refusal(for: "www.stooq.com") == nil)
        #expect(HostAllowance(provider: "p", declared: ["stooq.com"], allowed: ["stooq.com"]).refusal(for: "evilstooq.com") != nil)
    }

    @Test("The host checked is the host libcurl connects to: user names, backslashes and fragments cannot smuggle another")
    func trickyAddresses() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let port = server.port
        let client = Self.client(declared: ["127.0.0.1", "evil.example"], allowed: ["127.0.0.1"])
        // libcurl reads a user name "127.0.0.1:PORT\" at evil.example: refused as an address with a user name.
        let backslash = Self.message { try client.get("http://127.0.0.1:\(port)\\@evil.example/headers") }
        #expect(backslash.contains("is refused") || backslash.contains("may not reach evil.example"), "\(backslash)")
        let user = Self.message { try client.get("http://user:pass@127.0.0.1:\(port)/headers") }
        #expect(user.contains("is refused: libcurl cannot read it as an address without a user name"), "\(user)")
        // Everything after # is a fragment: the host is evil.example, not 127.0.0.1.
        let fragment = Self.message { try client.get("http://evil.example#@127.0.0.1:\(port)/headers") }
        #expect(fragment == "Provider 'test' may not reach evil.example: allow it with --allow-net evil.example.", "\(fragment)")
        let spaces = Self.message { try client.get("http://127.0.0.1:\(port)/a b") }
        #expect(spaces.contains("is not an http or https address"))
        #expect(server.requests.isEmpty)
        // Uppercase and a trailing dot name the same host, and are allowed as it.
        let dotted = Self.message { try client.get("http://EVIL.example.:\(port)/headers") }
        #expect(dotted == "Provider 'test' may not reach evil.example: allow it with --allow-net evil.example.", "\(dotted)")
        #expect(server.requests.isEmpty)
        let upper = try Self.client(allowed: ["localhost"]).get("HTTP://LocalHost:\(port)/headers", headers: ["X-Test": "upper"])
        #expect(String(decoding: upper.body, as: UTF8.self) == "upper")
        #expect(QuoteHTTP.canonical(host: "Stooq.COM.") == "stooq.com")
        #expect(HostAllowance(provider: "p", declared: ["stooq.com"], allowed: ["stooq.com"]).refusal(for: QuoteHTTP.canonical(host: "WWW.Stooq.com.")) == nil)
    }
}
