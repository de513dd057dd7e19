import ArgumentParser
import Foundation
import Scripting

/// `assetflow settings [KEY [VALUE]]`: list, show or change the settings kept in the store.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        _superCommandName: SubcommandDispatch.toolName,
        abstract: "List, show or change the settings kept in the store.",
        discussion: """
            Without KEY, lists every setting with its value. With KEY, prints its
            value; with KEY and VALUE, changes it. In Lua: af.settings.KEY.

              main_currency     the currency totals are reported in (default USD); changing
                                it converts the financial goal at today's rate, rounded
              financial_goal    a number above zero; "" clears it
              date_format       numeric, abbreviated (default), long or complete
              default_platform  the platform of assets an import creates when none is
                                given; "" clears it
              default_portfolio the portfolio a broker file's import puts new assets
                                in when --portfolio is not given; "" clears it

            Examples:
              assetflow settings
              assetflow settings date_format long
              assetflow settings financial_goal 300000
              assetflow settings default_platform ""
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The setting to show or change.", valueName: "key"))
    var key: String?

    @Argument(help: ArgumentHelp("Its new value (\"\" clears the goal or the platform).", valueName: "value"))
    var value: String?

    func run() throws {
        do {
            if let key, let value {
                print(try SettingsRun.set(key, to: value, storePath: global.storePath))
            } else if let key {
                print(try SettingsRun.get(key, storePath: global.storePath))
            } else {
                for line in try SettingsRun.list(storePath: global.storePath) { print(line) }
            }
        } catch {
            TerminalText.complain("\(error)")
            throw ExitCode(1)
        }
    }
}
