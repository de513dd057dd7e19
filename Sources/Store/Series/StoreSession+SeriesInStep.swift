import Core
import GRDB

/// Keeping the per-asset series (quantity checkpoints, monthly prices) whole at the end of
/// every write transaction the user's operation holds, so that the next read, a report's
/// included (which never writes), finds them complete and reads a few thousand rows. What a
/// change removed is extended from the asset's last remaining month on: an appended
/// transaction, price or trade costs a read of its own month, never a read of the history.
extension StoreSession {
    /// Called by `commit` and at the end of a command that ran in a transaction of its own.
    /// Derived rows only: a row that cannot be extended now is left missing and computed
    /// when read; the user's write goes on. Except when the store is damaged (a page failed
    /// its checksum) or SQLite already rolled the transaction back: then the write cannot go
    /// on, and the error that says why is thrown rather than a later "no transaction".
    func keepSeriesInStepIfPossible() throws {
        do {
            try db.inSavepoint {
                try keepSeriesInStep()
                return .commit
            }
        } catch let error as DatabaseError where PageChecksums.isMismatch(error) || !db.isInsideTransaction {
            throw PageChecksums.translating(error, db)
        } catch {}
    }

    func keepSeriesInStep() throws {
        try keepCheckpointsInStep()
        try keepPriceMonthsInStep()
        try keepTransactionMonthsInStep()
    }
}
