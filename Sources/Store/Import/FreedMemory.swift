#if canImport(Glibc)
import Glibc
#endif

/// Gives the memory freed so far back to the system. glibc keeps freed blocks under its
/// mapping threshold inside the process, and raises that threshold (up to 32 MB) once a
/// large block is freed, so after a file's cells are gone the rows a bulk write lets go of
/// stay resident: a profiled import of 100,000 rows peaked 30 MB higher in RSS while it
/// read them back. Other systems: nothing.
enum FreedMemory {
    /// glibc's `malloc_trim`, looked up once (the Glibc module does not declare it), called
    /// with C's calling convention.
    private typealias Trim = @convention(c) (Int) -> Int32

    static func giveBack() {
        #if canImport(Glibc)
        _ = trim?(0)
        #endif
    }

    #if canImport(Glibc)
    private static let trim: Trim? = dlsym(nil, "malloc_trim").map { unsafeBitCast($0, to: Trim.self) }
    #endif
}
