import Core
import GRDB

/// The one door for changes: any `Command` runs here, all or nothing.
extension StoreSession {
    /// Runs `command` in a savepoint of its own (a transaction outside one) and returns what
    /// it made. If the command throws, the store is left as it was and the cached figures
    /// are dropped. Cheap enough to call in a loop: a transaction dated after an asset's last
    /// one extends its cached position instead of replaying its history.
    ///
    ///     let t = try session.execute(Trade(.buy, asset: acme.id!, quantity: 10, price: 12))
    @discardableResult
    public func execute<C: Command>(_ command: C) throws -> C.Result {
        try atomically { try announcingChanges { try command.run(in: SessionCommandStore(self)) } }
    }
}
