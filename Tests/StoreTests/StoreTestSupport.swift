import Foundation
@testable import Core
@testable import Store

/// Helpers shared by the store's rule tests: a fixed "today", short date and decimal
/// literals, an in-memory store, an asset with its initial position, and a rule's message.
protocol StoreRuleTesting {}

extension StoreRuleTesting {
    static var today: CalendarDate { CalendarDate("2024-06-01")! }

    func d(_ s: String) -> CalendarDate { CalendarDate(s)! }
    func x(_ s: String) -> ExactDecimal { try! ExactDecimal.parse(s) }

    func withStore(_ body: (StoreSession) throws -> Void) throws {
        try AssetFlowStore(path: nil).withSession(today: Self.today, body)
    }

    func asset(_ s: StoreSession, _ name: String, _ type: AssetType, quantity: ExactDecimal, price: ExactDecimal,
               date: String = "2024-01-02", currency: String = "USD", portfolio: Int64? = nil) throws -> Asset {
        var r = StoreSession.NewAsset(name: name, type: type)
        r.quantity = quantity; r.costBasis = price; r.date = d(date); r.currency = currency; r.portfolioID = portfolio
        return try s.createAsset(r)
    }

    func asset(_ s: StoreSession, _ name: String, _ type: AssetType, quantity: String, price: String,
               date: String = "2024-01-02", currency: String = "USD", portfolio: Int64? = nil) throws -> Asset {
        try asset(s, name, type, quantity: x(quantity), price: x(price), date: date, currency: currency, portfolio: portfolio)
    }

    /// The error's text, or nil when `body` succeeded.
    func message(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return "\(error)" }
    }
}
