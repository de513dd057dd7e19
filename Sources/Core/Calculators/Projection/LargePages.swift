import Foundation

/// Asks the system to back a large buffer with large pages (Linux's transparent huge pages,
/// 2 MB) when it can. The Monte Carlo result is 38 MB that is written once: with 4 KB pages
/// its first writes cost about 9,400 page faults, a fifth of the run on the benchmark. Only a
/// hint: where large pages are off, or on other systems, nothing changes.
enum LargePages {
    static let size = 2 << 20

    static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        guard let base = buffer.baseAddress, buffer.count >= 2 * size else { return }
        // Only whole large pages inside the buffer.
        let mask = UInt(size - 1)
        let start = (UInt(bitPattern: base) + mask) & ~mask
        let end = (UInt(bitPattern: base) + UInt(buffer.count)) & ~mask
        if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), MADV_HUGEPAGE) }
        #endif
    }
}
