import Core
import LuaBridge

/// Every binding, in the order the reference lists them: the one table (like lua.c's
/// `luaL_Reg` arrays) that installs `af` and the classes, and feeds `help`, `assetflow docs`,
/// REPL.md and the LuaLS stubs.
public enum Registry {
    public static let all: [Binding] = joined([
        AfBindings.all, IntrospectionBindings.all, DecimalBindings.all, MoneyBindings.all,
        PortfolioBindings.all, AssetBindings.all, OperationBindings.all, TransactionBindings.all, PriceBindings.all,
        InvestmentPlanBindings.all, SavingPlanBindings.all, CategoryBindings.all, ReportBindings.all,
        ReturnsBindings.all, RebalanceBindings.all,
        ImportBindings.all, CurrencyBindings.all, SettingsBindings.all, QueryBindings.all, LotBindings.all, PriceFetchBindings.all,
    ])

    /// The groups in one array, each binding copied once: a chain of `+` made a new array at
    /// every step (about 1.2 M instructions of every start, the bindings' closures and
    /// strings retained again at each copy).
    private static func joined(_ groups: [[Binding]]) -> [Binding] {
        var all: [Binding] = []
        all.reserveCapacity(groups.reduce(0) { $0 + $1.count })
        for group in groups { all.append(contentsOf: group) }
        return all
    }

    /// The classes of model objects, with the line that introduces each in the reference.
    public static let classes: [(name: String, summary: String)] = [
        ("decimal", "An exact decimal number. Mixes with integers, decimal strings and floats."),
        ("money", "An exact amount of money in a currency: prints as 31,702.76 EUR (rounded for reading only), mixes with decimals and money of the same currency, refuses two currencies without a conversion."),
        ("Portfolio", "A named group of assets."),
        ("Asset", "An investment or holding; its figures are derived from its transactions and prices."),
        ("Transaction", "One recorded movement of an asset's units."),
        ("Price", "One price record of an asset."),
        ("InvestmentPlan", "A savings target with a date; see plan:progress{as_of}."),
        ("SavingPlan", "A regular saving plan; executed by af.run_due_plans or listed by af.reminders."),
        ("Report", "A report being built (af.report.new): text, figures, tables and charts, rendered as terminal text, Markdown, CSV, JSON or HTML."),
    ]

    /// `af.settings.<name>`, each read and written through two `af` functions.
    public static let settings: [Setting] = [
        Setting(name: "main_currency", type: .string, summary: "The currency totals are reported in (default USD); changing it converts the financial goal.",
                getter: "main_currency", setter: "set_main_currency"),
        Setting(name: "financial_goal", type: .optional(.decimal), summary: "The financial goal (> 0); nil or \"\" clears it.",
                getter: "financial_goal", setter: "set_financial_goal"),
        Setting(name: "date_format", type: .string, summary: "How dates are shown to a person: numeric, abbreviated (default), long or complete.",
                getter: "date_format", setter: "set_date_format"),
        Setting(name: "default_platform", type: .string, summary: "The platform of assets an import creates when none is given (\"\" for none).",
                getter: "default_platform", setter: "set_default_platform"),
        Setting(name: "default_portfolio", type: .string, summary: "The portfolio a broker file's import puts new assets in (\"\" for none; created when missing).",
                getter: "default_portfolio", setter: "set_default_portfolio"),
        Setting(name: "prices_from_trades", type: .boolean, summary: "Whether a buy's or sell's price is the asset's market price on a day without a recorded price (default true).",
                getter: "prices_from_trades", setter: "set_prices_from_trades"),
        Setting(name: "long_term_days", type: .integer, summary: "After how many days held a lot is long term (default 365); af.set_long_term_days(days, type) sets one per asset type.",
                getter: "long_term_days", setter: "set_long_term_days"),
    ]

    public static func bindings(of owner: String) -> [Binding] { all.filter { $0.owner == owner } }

    /// The binding named `af.x`, `Asset:buy` or `Asset.quantity` (also `Asset.buy`), or by
    /// its global alias (`D`).
    public static func find(_ name: String) -> Binding? {
        all.first { $0.qualifiedName == name || "\($0.owner).\($0.name)" == name || $0.globalAlias == name }
    }
}
