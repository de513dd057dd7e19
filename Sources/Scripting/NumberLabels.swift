/// The names the app uses for numeric fields in its messages ("Price per unit must be a
/// valid number.", "Cost basis is required."), by Lua field name. A field not listed is
/// named after itself: `target_amount` → "Target amount".
enum NumberLabels {
    static let names: [String: String] = [
        "quantity": "Quantity",
        "price": "Price per unit",
        "cost_basis": "Cost basis",
        "current_price": "Current price",
        "fees": "Fees",
        "amount": "Amount",
        "target": "Target allocation",
    ]

    /// The label in `function`'s messages: a price record's `price` is "Price" (the price
    /// history form's word), a transaction's "Price per unit".
    static func label(for key: String, in function: String) -> String {
        if key == "price", function.hasPrefix("Price:") || function == "Asset:record_price" { return "Price" }
        return label(for: key)
    }

    static func label(for key: String) -> String {
        if let name = names[key] { return name }
        let words = key.replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
