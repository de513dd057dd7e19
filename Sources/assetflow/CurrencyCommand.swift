import ArgumentParser
import Foundation
import Scripting

/// `assetflow currency [CODE]`: show or change the main currency.
struct CurrencyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "currency",
        _superCommandName: SubcommandDispatch.toolName,
        abstract: "Show or change the main currency totals are reported in.",
        discussion: """
            Without CODE, prints the main currency (USD unless changed). With CODE
            (any case), makes it the main currency; a financial goal is converted at
            today's rate (else the latest earlier one) and rounded to a whole number, and
            without a rate nothing changes. --list prints every known currency.

            Examples:
              assetflow currency
                USD
              assetflow currency eur
                Main currency: EUR (financial goal 4000 USD → 3125 EUR)
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print every known currency: code, minor units, name.")
    var list = false

    @Argument(help: ArgumentHelp("The new main currency: ISO 4217, or a crypto code such as BTC.", valueName: "code"))
    var code: String?

    func run() throws {
        if list {
            for line in RatesRun.currencyLines { print(line) }
            return
        }
        do {
            print(try RatesRun.mainCurrency(storePath: global.storePath, set: code))
        } catch {
            TerminalText.complain("\(error)")
            throw ExitCode(1)
        }
    }
}
