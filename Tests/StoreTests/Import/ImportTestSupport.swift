import Foundation
@testable import Core
@testable import Store

/// Imports `text` as CSV of `kind` into the session; `configure` adjusts the options.
func importCSV(_ s: StoreSession, _ kind: ImportKind, _ text: String, dryRun: Bool = false,
               _ configure: (inout ImportOptions) throws -> Void = { _ in }) throws -> ImportOutcome {
    var options = ImportOptions(kind: kind)
    try configure(&options)
    var request = ImportRequest(options: options, data: Data(text.utf8))
    request.dryRun = dryRun
    return try s.importCSV(request)
}

/// The failure's lines, or nil when the import succeeded.
func failureLines(_ body: () throws -> Void) -> [String]? {
    do { try body(); return nil } catch let failure as ImportFailure { return failure.lines } catch { return ["\(error)"] }
}

/// A table of every row of every table, for "nothing was written" checks.
func snapshot(_ s: StoreSession) throws -> String {
    try s.dataTableNames().map { try "\(s.dump(table: $0))" }.joined(separator: "\n")
}
