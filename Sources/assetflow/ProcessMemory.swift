#if canImport(Glibc)
import Glibc
#endif

/// How the commands that read and compute (`run`, `report`, `repl`) let glibc's `malloc` keep
/// memory: large blocks from the heap, and the heap's freed top kept, instead of a fresh
/// mapping for every block over 128 KB that is unmapped when freed.
///
/// Why (issue 27): a first `af.performance{}` on the benchmark store allocates and frees some
/// thirty arrays of 1–6 MB (the records, their sort, the ledger's steps and flows). With the
/// defaults each one is a new mapping whose pages fault in one by one (7,900 page faults, about
/// a tenth of its 66 ms of CPU in this virtual machine); kept, the later arrays reuse the pages
/// of the earlier ones: 6,000 faults and about 6 ms less. The cost is a few MB of peak memory
/// (1–3 MB on the commands of `scripts/bench memory`), so the imports, whose peak is close to
/// the 64 MB goal and which give memory back on purpose (`FreedMemory`), keep the defaults.
/// Other systems: nothing.
enum ProcessMemory {
    /// Blocks up to 32 MB (glibc's largest threshold) from the heap; the heap's top given back
    /// only past 64 MB free. True when glibc took both settings.
    @discardableResult
    static func keepFreedMemory() -> Bool {
        #if canImport(Glibc)
        guard let mallopt else { return false }
        return mallopt(mmapThreshold, 32 << 20) == 1 && mallopt(trimThreshold, 64 << 20) == 1
        #else
        return false
        #endif
    }

    #if canImport(Glibc)
    /// glibc's `mallopt` and its parameters' numbers (malloc.h: M_TRIM_THRESHOLD −1,
    /// M_MMAP_THRESHOLD −3), looked up as `FreedMemory` looks up `malloc_trim`: the Glibc
    /// module declares neither.
    private typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    private static let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3
    private static let mallopt: Mallopt? = dlsym(nil, "mallopt").map { unsafeBitCast($0, to: Mallopt.self) }
    #endif
}
