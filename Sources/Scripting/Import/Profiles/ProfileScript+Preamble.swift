import Core
import LuaBridge

extension ProfileScript {
    /// Runs the script's `preamble` function, if it has one, on the lines above the header:
    /// an array of lines, each an array of its cells. A broker that states the account's
    /// currency only in its title block (XTB's "Currency;EUR") is read there; an error is
    /// the file's problem at the first line.
    func runPreamble(_ lines: [ProfileRow]) throws {
        guard let preamble = preambleFunction else { return }
        let call = LuaCall(lua.L)
        defer { lua.setTop(0) }
        lua.push(preamble)
        call.newTable(arrayCount: lines.count)
        for (i, line) in lines.enumerated() {
            call.newTable(arrayCount: line.fields.count)
            for (j, cell) in line.fields.enumerated() {
                call.pushString(cell)
                call.setElement(j + 1, of: -2)
            }
            call.setElement(i + 1, of: -2)
        }
        do { try lua.call(arguments: 1, results: 0) } catch let error as LuaError {
            throw ProfileError("line \(lines.first?.line ?? 1): \(Self.shortMessage(error))")
        }
    }
}
