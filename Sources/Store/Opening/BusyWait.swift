import Foundation
import GRDB

/// What a connection does when another process holds the store's write lock: wait, say so
/// after a second, and give up only after a long time (a REPL left inside `.begin`).
///
/// SQLite calls the handler again and again while the lock is held, with the number of
/// earlier calls for this wait (0 starts a new wait). Each call sleeps a little and asks
/// SQLite to try again.
final class BusyWait: @unchecked Sendable {
    /// Seconds of waiting before the notice is printed.
    static let noticeAfter: Double = 1
    /// Seconds of waiting before giving up: $ASSETFLOW_BUSY_TIMEOUT, else five minutes.
    static var giveUpAfter: Double {
        if let text = ProcessInfo.processInfo.environment["ASSETFLOW_BUSY_TIMEOUT"], let seconds = Double(text), seconds >= 0 {
            return seconds
        }
        return 300
    }

    /// What the command line prints once a wait passes a second.
    static let noticeText = "Waiting for another AssetFlow process to finish writing…"

    let notice: (@Sendable () -> Void)?
    let limit: Double
    private var started = DispatchTime.now()
    private var noticed = false

    init(notice: (@Sendable () -> Void)?, limit: Double = BusyWait.giveUpAfter) {
        self.notice = notice
        self.limit = limit
    }

    var mode: Database.BusyMode { .callback { [self] tries in retry(after: tries) } }

    /// The longest wait so far, for the error when it gives up.
    private(set) var lastWaitSeconds: Double = 0

    func retry(after tries: Int) -> Bool {
        if tries == 0 {
            started = DispatchTime.now()
            noticed = false
        }
        let waited = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        lastWaitSeconds = waited
        if waited >= limit { return false }
        if waited >= Self.noticeAfter && !noticed {
            noticed = true
            notice?()
        }
        // Short naps first (most writes take milliseconds), then 10 ms.
        usleep(tries < 20 ? 1_000 : 10_000)
        return true
    }

    /// Prints the notice on standard error: what a command-line process wants.
    static let printNotice: @Sendable () -> Void = {
        FileHandle.standardError.write(Data((noticeText + "\n").utf8))
    }
}

extension StoreError {
    /// SQLite's "database is locked" after the wait gave up, and a page that does not match
    /// its checksum, as messages that say what happened; other errors unchanged.
    static func translating(_ error: Error, waited: BusyWait? = nil) -> Error {
        if PageChecksums.isMismatch(error) { return PageChecksums.damage(page: PageChecksums.damagedPage(in: error)) }
        guard let error = error as? DatabaseError, error.resultCode == .SQLITE_BUSY else { return error }
        let seconds = Int((waited?.lastWaitSeconds ?? BusyWait.giveUpAfter).rounded())
        return StoreError.busy(seconds: seconds)
    }
}

extension StoreError {
    /// `error` as the user should read it: a page that does not match its checksum becomes
    /// the damage sentence (`PageChecksums`) wherever it surfaced; anything else unchanged.
    /// The command line passes every error through this before printing it.
    public static func userFacing(_ error: Error) -> Error {
        PageChecksums.isMismatch(error) ? PageChecksums.damage(page: PageChecksums.damagedPage(in: error)) : error
    }
}
