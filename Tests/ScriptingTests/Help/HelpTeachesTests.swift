import Core
import Store
import Foundation
import Testing
@testable import Scripting

/// Help that teaches: every function has an example, names are never cut, help finds
/// methods by value and settings, and mistakes get a "did you mean".
@Suite("Help that teaches")
struct HelpTeachesTests {
    @Test("every function and method of the registry has an example")
    func everyFunctionHasAnExample() {
        for b in Registry.all where b.kind != .field {
            #expect(!(b.example ?? "").isEmpty, "no example: \(b.qualifiedName)")
        }
    }

    @Test("help never cuts a class or type name, nor points at a file a binary-only install lacks")
    func namesAreWhole() {
        let overview = HelpText.text(for: nil)
        for (name, _) in Registry.classes { #expect(overview.contains("\n\(name)  "), "\(name)") }
        let texts = [overview] + Registry.classes.map { HelpText.text(for: $0.name) } + Registry.all.map { HelpText.describe($0) }
        for text in texts {
            #expect(!text.contains("Documentation/") && !text.contains("REPL.md") && !text.contains("scripts/"))
        }
        #expect(HelpText.text(for: "Asset").contains("Portfolio|nil"))
    }

    @Test("help(a.buy) on a method value, help(af.settings), and did-you-mean on names, fields and a dot call")
    func helpAndHints() throws {
        var out = "", errors: [String] = []
        try AssetFlowStore(path: nil).withSession(today: CalendarDate("2024-06-01")!) { s in
            let env = try ScriptEnvironment(session: s)
            env.output = { out += $0 }
            let repl = Repl(env: env, reader: ScriptedReader([
                "a = af.create_asset{ name = 'ACME', type = 'stock', quantity = 1, cost_basis = 10, date = '2024-01-02' }",
                "help(a.buy)", "help(af.settings)",
                "af.create_assett{ name = 'X' }", "a:by{}", "a.buy{ quantity = 1 }", "a:buy{ quantity = 1, prise = 3 }",
                "a.quantityy",
            ]))
            repl.errorOutput = { errors.append($0) }
            repl.run()
        }
        #expect(out.contains("Asset:buy{quantity, price, date, fees, note} -> Transaction"))
        #expect(out.contains("af.settings: the store's settings"))
        #expect(out.contains("financial_goal"))
        #expect(errors.count == 5)
        #expect(errors[0].hasSuffix("attempt to call a nil value (field 'create_assett') (did you mean af.create_asset?)"))
        #expect(errors[1].contains("Asset has no field or method 'by' (did you mean 'buy'?"))
        #expect(errors[2].hasSuffix("Asset:buy: call it with a colon, as obj:buy{…} (not obj.buy{…})"))
        #expect(errors[3].hasSuffix("Asset:buy: unknown field 'prise' (did you mean 'price'? expected one of: quantity, price, date, fees, note)"))
        #expect(errors[4].contains("Asset has no field or method 'quantityy' (did you mean 'quantity'?"))
    }
}
