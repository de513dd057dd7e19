/// What one of the store's own writes changed, as it announces it to the caches
/// (`StoreSession.announce`).
enum DerivedChange {
    /// A row of the asset was added and the store kept the asset's caches in step itself
    /// (a transaction dated after the last one extends the cached position; a price the
    /// cached latest price): only whole-store caches go.
    case extended(asset: Int64)
    /// The asset's history, prices or attributes changed: its cached figures go.
    case changed(asset: Int64)
    /// Assets whose history changed in bulk (an import): their figures and ledgers go.
    case bulk(assets: Set<Int64>)
    /// Anything may have changed (an asset deleted with its rows, a restore).
    case everything
}
