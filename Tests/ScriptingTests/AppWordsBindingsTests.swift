import Foundation
import Testing

/// Number, date and duplicate-price errors in the app's words, still naming the function,
/// the field and the text received (issue 11).
@Suite("Errors in the app's words (Lua)")
struct AppWordsBindingsTests {
    @Test("number parsing errors use the app's sentences")
    func numbers() throws {
        let out = try runLua("""
        local a = af.create_asset{ name = "ACME", type = "stock", quantity = 1, cost_basis = 10, date = "2024-01-02" }
        for _, f in ipairs{
            function() a:buy{ quantity = "12abc", price = 1 } end,
            function() a:buy{ quantity = 1, price = "1.2.3" } end,
            function() af.create_asset{ name = "B", type = "stock", quantity = 1, cost_basis = "ten" } end,
            function() a:buy{ price = 1 } end,
            function() a:buy{ quantity = true, price = 1 } end,
            function() a:record_price{ price = "x" } end,
            function() a:buy{ quantity = 1, price = 1, date = "2025-02-30" } end,
            function() a:buy{ quantity = 1, price = 1, date = "30.02.2025" } end,
            function() a:value_at("2024-02-30") end,
            function() a:record_price{ price = 11, date = "2024-01-02" } end,
        } do print((tostring(select(2, pcall(f))):gsub("^test:%d+: ", ""))) end
        """)
        #expect(out == """
        Asset:buy{quantity = '12abc'}: Quantity must be a valid number.
        Asset:buy{price = '1.2.3'}: Price per unit must be a valid number.
        af.create_asset{cost_basis = 'ten'}: Cost basis must be a valid number.
        Asset:buy: Quantity is required.
        Asset:buy{quantity = boolean}: Quantity must be a valid number.
        Asset:record_price{price = 'x'}: Price must be a valid number.
        Asset:buy: field 'date': '2025-02-30' is not a valid date
        Asset:buy: field 'date': '30.02.2025' is not a date in the form YYYY-MM-DD
        Asset:value_at: argument 1 (date): '2024-02-30' is not a valid date
        A price record already exists for this date (ACME, 2024-01-02).

        """)
    }
}
