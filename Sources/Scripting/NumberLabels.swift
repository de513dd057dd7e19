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

    static func label(for key: String) -> String {
        if let name = names[key] { return name }
        let words = key.replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
