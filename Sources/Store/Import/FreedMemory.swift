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

    /// The other way, for the commands that read and compute (`run`, `report`, `repl`): blocks
    /// up to 32 MB (glibc's largest threshold) from the heap and the heap's freed top kept up
    /// to 64 MB, instead of a fresh mapping for every block over 128 KB, unmapped when freed.
    /// A first `af.performance{}` on the benchmark store allocates and frees some thirty
    /// arrays of 1–6 MB, whose pages then fault in one by one each time (7,900 faults, about a
    /// tenth of its CPU in this virtual machine); kept, the later arrays reuse the earlier
    /// ones' pages: 6,000 faults and about 6 ms less (issue 27). Peaks rise 1–3 MB, so the
    /// imports, close to the 64 MB goal, keep the defaults (the first import's would reach 64
    /// MB). True when glibc took both settings; later `mapLargeBlocks` still applies.
    @discardableResult
    public static func keepForReuse() -> Bool {
        #if canImport(Glibc)
        guard let option else { return false }
        return option(-3, 32 << 20) == 1 && option(-1, 64 << 20) == 1  // M_MMAP_THRESHOLD, M_TRIM_THRESHOLD
        #else
        return false
        #endif
    }

    #if canImport(Glibc)
    private static let trim: Trim? = dlsym(nil, "malloc_trim").map { unsafeBitCast($0, to: Trim.self) }
    private typealias Option = @convention(c) (Int32, Int32) -> Int32
    private static let option: Option? = dlsym(nil, "mallopt").map { unsafeBitCast($0, to: Option.self) }
    #endif
}
