import Foundation
import Testing
@testable import Scripting

@Suite("af.settings: the settings from Lua")
struct SettingsBindingsTests {
    @Test("date_format and default_platform read and written through af.settings; the rules and messages hold")
    func settings() throws {
        let out = try runLua(#"""
        print(af.settings.date_format, af.settings.default_platform == "", af.format_date("2024-06-30"))
        af.settings.date_format = "Long"
        print(af.date_format(), af.format_date("2024-06-30"))
        af.set_date_format("complete"); print(af.format_date("2024-06-30"))
        af.settings.date_format = "numeric"; print(af.format_date("2024-06-30"))
        print(select(2, pcall(function() af.settings.date_format = "short" end)))
        af.settings.default_platform = "  My   Broker "
        print(af.settings.default_platform)
        af.settings.default_platform = ""
        print(af.default_platform() == "")
        print(select(2, pcall(function() af.settings.financial_goal = "abc" end)))
        print(select(2, pcall(function() af.settings.financial_goal = -5 end)))
        af.settings.financial_goal = "300000"; print(af.settings.financial_goal)
        af.settings.financial_goal = ""; print(af.settings.financial_goal)
        print(select(2, pcall(function() return af.settings.colour end)))
        """#)
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "abbreviated\ttrue\tJun 30, 2024")
        #expect(lines[1] == "long\tJune 30, 2024")
        #expect(lines[2] == "Sunday, June 30, 2024")
        #expect(lines[3] == "6/30/2024")
        #expect(lines[4].hasSuffix("Unknown date format 'short'. Use numeric, abbreviated, long, complete."))
        #expect(lines[5] == "My Broker")
        #expect(lines[6] == "true")
        #expect(lines[7].hasSuffix("Financial goal must be a valid number."))
        #expect(lines[8].hasSuffix("Financial goal must be greater than zero."))
        #expect(lines[9] == "300000")
        #expect(lines[10] == "nil")
        #expect(lines[11].hasSuffix("af.settings has no setting 'colour' (known: main_currency, financial_goal, date_format, default_platform, default_portfolio, prices_from_trades, long_term_days)"))
    }

    @Test("assets an import creates go on the default platform unless the row or the import names one")
    func importUsesDefaultPlatform() throws {
        let out = try runLua(#"""
        af.settings.default_platform = "Broker A"
        af.import{ kind = "transactions", text = "Date,Asset,Type,Quantity,Price\n2024-01-02,ACME,buy,10,12\n" }
        af.import{ kind = "transactions", text = "Date,Asset,Type,Quantity,Price,Platform\n2024-01-02,BETA,buy,1,5,Broker B\n" }
        af.import{ kind = "transactions", platform = "Broker C", text = "Date,Asset,Type,Quantity,Price\n2024-01-02,GAMMA,buy,1,5\n" }
        print(af.asset("ACME").platform, af.asset("BETA").platform, af.asset("GAMMA").platform)
        """#)
        #expect(out == "Broker A\tBroker B\tBroker C\n")
    }
}
