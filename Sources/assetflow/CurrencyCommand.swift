import ArgumentParser
import Core
import Foundation
import Store

/// `assetflow currency [CODE]`: show or change the main currency.
struct CurrencyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "currency",
        abstract: "Show or change the main currency totals are reported in.",
        discussion: """
            Without CODE, prints the main currency (USD unless changed). With CODE (any case),
            makes it the main currency; a financial goal is converted at today's rate (else the
            latest earlier one) and rounded to a whole number, and without a rate nothing
            changes. --list prints every known currency.

            Examples:
              assetflow currency          USD
              assetflow currency eur      Main currency: EUR (financial goal 4000 USD → 3125 EUR)
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print every known currency: code, minor units, name.")
    var list = false

    @Argument(help: ArgumentHelp("The new main currency (ISO 4217 or a crypto code such as BTC).", valueName: "code"))
    var code: String?

    func run() throws {
        if list {
            for c in Currency.all { print("\(c.code)\t\(c.minorUnits)\t\(c.name)") }
            return
        }
        let store = try global.openStore()
        do {
            try store.withSession { session in
                guard let code else { print(try session.mainCurrency()); return }
                let old = try session.mainCurrency()
                try session.begin()
                let goal = try session.setMainCurrency(code)
                try session.commit()
                let new = try session.mainCurrency()
                print("Main currency: \(new)" + (goal.map { " (financial goal \($0.oldGoal.plainText) \(old) → \($0.newGoal.plainText) \(new))" } ?? ""))
            }
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
