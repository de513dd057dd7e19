import Foundation

/// One change a user can make (a buy, a price record, a new portfolio…), as a value.
///
/// A command owns its defaults and its rules, in the seeds' words: `run` reads what it needs
/// from the store it is given (today, current holdings, the current price), checks it, and
/// asks the store for the plain writes. The rules are pure Core; the Store runs any command
/// all or nothing with `StoreSession.execute(_:)` and hands back `Result`.
///
///     let buy = try session.execute(Trade(.buy, asset: acme.id!, quantity: 10, price: 12))
///
/// Adding an operation means adding one type here (its file), its binding and its tests.
public protocol Command {
    /// What the command made: the new transaction, asset, price record… (`Void` for deletions).
    associatedtype Result

    /// Checks the command against `store` and makes its change. A throw leaves nothing behind
    /// when run through `StoreSession.execute`.
    func run(in store: CommandStore) throws -> Result
}
