import Foundation
import Testing
@testable import Scripting

@Suite("Binding declarations")
struct BindingDeclarationTests {
    @Test("every binding of the registry is declared with types (no prose signatures)")
    func everyBindingIsTyped() {
        for b in Registry.all {
            #expect(b.result != nil, "\(b.qualifiedName) declares no result type")
            #expect((b.parameters != nil) == (b.kind != .field), "\(b.qualifiedName)")
        }
    }

    @Test("bindings are grouped by Lua type: each class's fields and methods come from one declaration list")
    func groupedByType() {
        let byClass: [String: [Binding]] = ["Asset": AssetBindings.all, "Portfolio": PortfolioBindings.all, "Transaction": TransactionBindings.all,
                                            "Price": PriceBindings.all, "InvestmentPlan": InvestmentPlanBindings.all, "SavingPlan": SavingPlanBindings.all]
        for (name, bindings) in byClass {
            #expect(Set(Registry.bindings(of: name).map(\.qualifiedName)) == Set(bindings.map(\.qualifiedName)), "\(name)")
        }
    }

    @Test("every typed binding's LuaLS stub has a typed ---@param per parameter, a ---@return per result, and no `any` it did not declare")
    func stubsAreTyped() {
        for b in Registry.all where b.kind != .field {
            let stub = LuaLSStubs.function(b, declaredAs: b.qualifiedName).joined(separator: "\n")
            for p in b.parameters ?? [] {
                #expect(stub.contains("---@param \(p.name)\(p.required ? "" : "?") \(p.type.luaLS(input: true))"), "\(b.qualifiedName): \(p.name)")
                if p.type != .any { #expect(!p.type.luaLS(input: true).contains("any"), "\(b.qualifiedName): \(p.name) is any") }
            }
            let returns = stub.components(separatedBy: "---@return").count - 1
            #expect(returns == b.result!.values.count + (b.result!.orReason ? 1 : 0), "\(b.qualifiedName)")
            #expect(!stub.contains(": any"), "\(b.qualifiedName) has an untyped field")
        }
    }

    @Test("every field of every class is typed, and each table of named arguments is a ---@class with typed fields")
    func fieldsAndArgumentClasses() {
        let stubs = LuaLSStubs.text()
        for b in Registry.all where b.kind == .field {
            #expect(b.result?.values.first?.type != nil, "\(b.qualifiedName)")
            #expect(!LuaLSStubs.fieldType(b).contains("any"), "\(b.qualifiedName)")
        }
        #expect(stubs.contains("---@class ReturnsBindings.Growth\n---@field begin_value decimal|money|integer|number|string Value at the start."))
        #expect(stubs.contains("---@class money\n---@field amount decimal The exact amount, a decimal.\n---@field currency string The currency code (EUR)."))
        #expect(stubs.contains("---@operator div(money): decimal") && stubs.contains("---@return money total"))
        #expect(stubs.contains("---@field every? \"day\"|\"month\" One row a day (default) or a month."))
        #expect(stubs.contains("---@param args ReturnsBindings.Growth\n---@return decimal?\n---@return string? reason"))
        #expect(stubs.contains("---@alias date string"))
        #expect(stubs.contains("D = af.D"))
    }

    @Test("one declaration gives the allowed fields, the error prefix, the usage line and the field docs")
    func oneDeclaration() throws {
        let cagr = try #require(Registry.find("af.returns.cagr"))
        #expect(cagr.usage == "af.returns.cagr{begin_value, end_value, from, to, annualize_short} -> decimal | nil, reason")
        #expect(cagr.argumentLines.first == "`begin_value` (decimal, required): Value at the start.")
        let out = try runLua("""
            print(select(2, pcall(af.returns.cagr, { begin_value = 1, end_value = 2, from = "2024-01-01", too = "x" })))
            print(select(2, pcall(af.returns.cagr, { begin_value = 1, end_value = 2, from = "2024-01-01" })))
            print(select(2, pcall(af.returns.cagr, { begin_value = "1.2.3", end_value = 2, from = "2024-01-01", to = "2025-01-01" })))
            print(select(2, pcall(af.returns.cagr, { begin_value = 1, end_value = 2, from = "2024-01-01", to = "someday" })))
            print(select(2, pcall(af.D)))
            print(D"2.675":round(2), D"5":format(), D"-3":abs(), D"1":eq(1))
            """)
        #expect(out == """
            af.returns.cagr: unknown field 'too' (did you mean 'to'? expected one of: begin_value, end_value, from, to, annualize_short)
            af.returns.cagr: field 'to' is required
            af.returns.cagr{begin_value = '1.2.3'}: Begin value must be a valid number.
            af.returns.cagr: field 'to': 'someday' is not a date in the form YYYY-MM-DD
            af.D: argument 1 (value) is required
            2.68\t5.00\t3\ttrue

            """)
    }
}
