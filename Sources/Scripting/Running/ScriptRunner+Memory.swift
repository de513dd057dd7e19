import Store

extension ScriptRunner {
    /// For the commands that read and compute (`run`, `report`, `repl`): glibc's `malloc`
    /// keeps large blocks and freed memory in the heap for reuse (`FreedMemory.keepForReuse`,
    /// issue 27: a first `af.performance{}` faulted in fresh pages for each of its thirty-odd
    /// arrays). The commands call it through Scripting, their layer.
    @discardableResult
    public static func keepFreedMemoryForReuse() -> Bool { FreedMemory.keepForReuse() }
}
