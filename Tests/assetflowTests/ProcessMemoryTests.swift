import Testing
@testable import assetflow

/// The reading commands' `malloc` settings (`ProcessMemory`): glibc must find and take them,
/// or the commands would silently fall back to a mapping per large block.
@Suite("Process memory settings")
struct ProcessMemoryTests {
    @Test("glibc's mallopt is found and takes the large-block and trim thresholds")
    func settingsTaken() {
        #if canImport(Glibc)
        #expect(ProcessMemory.keepFreedMemory())
        #endif
    }
}
