import Testing
@testable import Store

/// glibc's `malloc` settings (`FreedMemory`): glibc must find and take them, or the commands
/// would silently keep the defaults.
@Suite("Freed memory: glibc's settings")
struct FreedMemoryTests {
    @Test("mallopt is found and takes the reading commands' thresholds")
    func keepForReuse() {
        #if canImport(Glibc)
        #expect(FreedMemory.keepForReuse())
        #endif
    }
}
