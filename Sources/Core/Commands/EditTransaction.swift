import Foundation

/// Edits a recorded transaction in place (BusinessLogic.md "Transaction Edit Workflow"):
/// the fields given replace the old ones; the result follows the transaction form's field
/// rules and keeps the asset's quantity ≥ 0 on every date (`HoldingsRules.checkEdit`, from
/// the earlier of the old and the new date on). The total is recomputed.
public struct EditTransaction: Command {
    public var id: Int64
    public var type: TransactionType?
    public var date: CalendarDate?
    public var quantity: ExactDecimal?
    public var price: ExactDecimal?
    public var fees: ExactDecimal?
    public var note: String?

    public init(id: Int64, type: TransactionType? = nil, date: CalendarDate? = nil, quantity: ExactDecimal? = nil,
                price: ExactDecimal? = nil, fees: ExactDecimal? = nil, note: String? = nil) {
        self.id = id
        self.type = type
        self.date = date
        self.quantity = quantity
        self.price = price
        self.fees = fees
        self.note = note
    }

    /// The command that turns `original` into `edited` (every editable field given).
    public init(from original: Transaction, to edited: Transaction) {
        self.init(id: original.id!, type: edited.type, date: edited.date, quantity: edited.quantity, price: edited.pricePerUnit,
                  fees: edited.fees, note: edited.note)
    }

    public func run(in store: CommandStore) throws -> Transaction {
        let original = try store.requireTransaction(id: id)
        let owner = try store.requireAsset(id: original.assetID)
        var edited = original
        if let type { edited.type = type }
        if let date { edited.date = date }
        if let quantity { edited.quantity = quantity }
        if let price { edited.pricePerUnit = price }
        if let fees { edited.fees = fees }
        if let note { edited.note = note }
        edited.totalAmount = edited.quantity * edited.pricePerUnit
        edited = TransactionRules.normalized(edited, for: owner)
        try RuleViolation.about(asset: owner.name, date: edited.date) { try TransactionRules.validateFields(edited, asset: owner, today: store.today) }
        try HoldingsRules.check(removing: original, adding: edited, asset: owner, in: store)
        let held = try store.quantity(ofAsset: owner.id!) - original.quantityImpact + edited.quantityImpact
        try AmountRange.checkHeld(held, asset: owner.name)
        try ConversionRange.checkValue(of: owner, held: held, alsoAt: [edited.pricePerUnit], in: store)
        try store.update(edited)
        return edited
    }
}
