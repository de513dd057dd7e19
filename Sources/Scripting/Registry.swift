import Core
import LuaBridge

/// One entry of the Lua API: declared once, it becomes the Lua function, the help text,
/// the completion candidate and the line of the reference in REPL.md.
public struct Binding {
    public enum Kind: String { case function, method, field }

    /// "af" (or "af.returns") for functions; a class name ("Asset") for methods and fields.
    public let owner: String
    public let name: String
    public let kind: Kind
    /// Parameters and result, as shown in help: "{name, description} -> Portfolio".
    public let signature: String
    public let summary: String
    public let example: String?
    let body: Body

    enum Body {
        case call((ScriptEnvironment, LuaCall) throws -> Int32)
        case field((ScriptEnvironment, LuaCall, Int64) throws -> Void)
    }

    /// `af.create_asset`, `Asset:buy`, `Asset.quantity`.
    public var qualifiedName: String { owner + (kind == .method ? ":" : ".") + name }

    /// `af.create_asset{name, type, …} -> Asset`.
    public var usage: String {
        let args = signature.hasPrefix("{") || signature.hasPrefix("(") || signature.hasPrefix(" ->") ? signature : " " + signature
        return kind == .field ? "\(qualifiedName): \(signature)" : qualifiedName + args
    }

    static func function(_ owner: String, _ name: String, _ signature: String, _ summary: String, example: String? = nil,
                         _ body: @escaping (ScriptEnvironment, LuaCall) throws -> Int32) -> Binding {
        Binding(owner: owner, name: name, kind: .function, signature: signature, summary: summary, example: example, body: .call(body))
    }

    static func method(_ owner: String, _ name: String, _ signature: String, _ summary: String, example: String? = nil,
                       _ body: @escaping (ScriptEnvironment, LuaCall) throws -> Int32) -> Binding {
        Binding(owner: owner, name: name, kind: .method, signature: signature, summary: summary, example: example, body: .call(body))
    }

    static func field(_ owner: String, _ name: String, _ type: String, _ summary: String,
                      _ body: @escaping (ScriptEnvironment, LuaCall, Int64) throws -> Void) -> Binding {
        Binding(owner: owner, name: name, kind: .field, signature: type, summary: summary, example: nil, body: .field(body))
    }
}

/// Every binding, in the order the reference lists them.
public enum Registry {
    public static let all: [Binding] = DecimalBindings.all + PortfolioBindings.all + AssetBindings.all + RecordBindings.all
        + ChangeBindings.all + CategoryBindings.all + AnalysisBindings.all + PlanBindings.all + SavingPlanBindings.all + IntrospectionBindings.all + RebalanceBindings.all + ProjectionBindings.all
        + ReportBindings.all
        + ReturnsBindings.all

    /// The classes of model objects, with the line that introduces each in the reference.
    public static let classes: [(name: String, summary: String)] = [
        ("decimal", "An exact decimal number. Mixes with integers, decimal strings and floats."),
        ("Portfolio", "A named group of assets."),
        ("Asset", "An investment or holding; its figures are derived from its transactions and prices."),
        ("Transaction", "One recorded movement of an asset's units."),
        ("Price", "One price record of an asset."),
        ("InvestmentPlan", "A savings target with a date; see plan:progress{as_of}."),
        ("SavingPlan", "A regular saving plan; executed by af.run_due_plans or listed by af.reminders."),
        ("Report", "A report being built (af.report.new): text, figures, tables and charts, rendered as terminal text, Markdown, CSV, JSON or HTML."),
    ]

    public static func bindings(of owner: String) -> [Binding] { all.filter { $0.owner == owner } }

    /// The binding named `af.x`, `Asset:buy` or `Asset.quantity` (also `Asset.buy`).
    public static func find(_ name: String) -> Binding? {
        all.first { $0.qualifiedName == name || "\($0.owner).\($0.name)" == name }
    }
}
