import Core
import GRDB

/// The `asset_transaction` table, described once: its columns in their order. The insert,
/// the import's bulk insert and every reader (GRDB rows by name, raw rows by position) take
/// their column lists and positions from here, so a column is spelled in one place.
enum TransactionRecord {
    static let table = "asset_transaction"

    /// The columns, in the order a full read selects them (`selection`).
    enum Column: Int32, CaseIterable {
        case id, assetID, type, date, quantity, price, total, fees, currency, sourceAssetID, relatedID, note

        var name: String {
            switch self {
            case .id: "id"
            case .assetID: "asset_id"
            case .type: "type"
            case .date: "date"
            case .quantity: "quantity"
            case .price: "price"
            case .total: "total"
            case .fees: "fees"
            case .currency: "currency"
            case .sourceAssetID: "source_asset_id"
            case .relatedID: "related_id"
            case .note: "note"
            }
        }

        /// Its position (0-based) in a raw row of `selection`.
        var position: Int32 { rawValue }

        /// Its parameter (1-based) in `insertSQL` and in the bulk insert.
        var parameter: Int32 { rawValue }
    }

    /// "id, asset_id, …": what a full read selects, in `Column` order.
    static let selection = list(Column.allCases)

    /// The columns an insert writes: all but the id, in `Column` order.
    static let written = Array(Column.allCases.dropFirst())

    static let insertSQL = "INSERT INTO \(table)(\(list(written))) VALUES (\(written.map { _ in "?" }.joined(separator: ", ")))"

    /// `columns` as a comma-separated list, for a SELECT of only some of them.
    static func list(_ columns: [Column]) -> String { columns.map(\.name).joined(separator: ", ") }

    /// The values of `insertSQL`'s parameters for `t`.
    static func arguments(_ t: Transaction) throws -> StatementArguments {
        var values: [(any DatabaseValueConvertible)?] = []
        for column in written {
            switch column {
            case .id: values.append(t.id)
            case .assetID: values.append(t.assetID)
            case .type: values.append(t.type.rawValue)
            case .date: values.append(t.date.description)
            case .quantity: values.append(try t.quantity.storedText())
            case .price: values.append(try t.pricePerUnit.storedText())
            case .total: values.append(try t.totalAmount.storedText())
            case .fees: values.append(try t.fees.storedText())
            case .currency: values.append(t.currency)
            case .sourceAssetID: values.append(t.sourceAssetID)
            case .relatedID: values.append(t.relatedTransactionID)
            case .note: values.append(t.note)
            }
        }
        return StatementArguments(values)
    }

    /// A transaction from a GRDB row holding (at least) the columns of `selection`, by name.
    static func read(_ row: Row) throws -> Transaction {
        try StoreError.about(table: table, rowID: try? row.value(Column.id.name) as Int64) { try decode(row) }
    }

    private static func decode(_ row: Row) throws -> Transaction {
        let typeText: String = try row.value(Column.type.name)
        guard let type = TransactionType(rawValue: typeText) else { throw StoreError.corrupt(table: TransactionRecord.table, column: "type", rowID: nil, damage: .unknownType(typeText)) }
        return Transaction(id: try row.value(Column.id.name), assetID: try row.value(Column.assetID.name), type: type,
                           date: try row.date(Column.date.name), quantity: try row.decimal(Column.quantity.name),
                           pricePerUnit: try row.decimal(Column.price.name), fees: try row.decimal(Column.fees.name),
                           currency: try row.value(Column.currency.name), sourceAssetID: try row.value(Column.sourceAssetID.name),
                           relatedTransactionID: try row.value(Column.relatedID.name), note: try row.value(Column.note.name),
                           totalAmount: try row.decimal(Column.total.name))
    }

    /// A transaction from a raw row of `selection`, by position, read in place.
    static func read(_ row: RawColumns) throws -> Transaction {
        try StoreError.about(table: table, rowID: row.optionalInt64(Column.id.position)) { try decode(row) }
    }

    private static func decode(_ row: RawColumns) throws -> Transaction {
        func at(_ c: Column) -> Int32 { c.position }
        return Transaction(id: try row.int64(at(.id), Column.id.name), assetID: try row.int64(at(.assetID), Column.assetID.name),
                           type: try row.transactionType(at(.type)), date: try row.date(at(.date), Column.date.name),
                           quantity: try row.decimal(at(.quantity), Column.quantity.name),
                           pricePerUnit: try row.decimal(at(.price), Column.price.name), fees: try row.decimal(at(.fees), Column.fees.name),
                           currency: try row.text(at(.currency), Column.currency.name), sourceAssetID: row.optionalInt64(at(.sourceAssetID)),
                           relatedTransactionID: row.optionalInt64(at(.relatedID)), note: try row.text(at(.note), Column.note.name),
                           totalAmount: try row.decimal(at(.total), Column.total.name))
    }
}
