#if canImport(Glibc)
import Glibc
#endif

/// Gives the memory freed so far back to the system. glibc keeps freed blocks under its
/// mapping threshold inside the process, and raises that threshold (up to 32 MB) once a
/// large block is freed, so after a file's cells are gone the rows a bulk write lets go of
/// stay resident: a profiled import of 100,000 rows peaked 30 MB higher in RSS while it
/// read them back. Other systems: nothing.
public enum FreedMemory {
    /// glibc's `malloc_trim`, looked up once (the Glibc module does not declare it), called
    /// with C's calling convention.
    private typealias Trim = @convention(c) (Int) -> Int32

    static func giveBack() {
        #if canImport(Glibc)
        _ = trim?(0)
        #endif
    }

    /// Blocks of 256 KB and more mapped on their own, whatever was freed before, so that
    /// each goes back to the system when freed (and only the pages written count): glibc's
    /// threshold otherwise grows to the largest block freed (the file's 10.7 MB, its cells'
    /// 13.6 MB), after which the profile's results, the plan's arrays and every array's
    /// doubling come from the heap and leave their holes there.
    public static func mapLargeBlocks() {
        #if canImport(Glibc)
        _ = option?(-3, 256 * 1024)  // M_MMAP_THRESHOLD
        #endif
    }

    #if canImport(Glibc)
    private static let trim: Trim? = dlsym(nil, "malloc_trim").map { unsafeBitCast($0, to: Trim.self) }
    private typealias Option = @convention(c) (Int32, Int32) -> Int32
    private static let option: Option? = dlsym(nil, "mallopt").map { unsafeBitCast($0, to: Option.self) }
    #endif
}
