import Foundation
import LuaBridge

extension SandboxPolicy {
    /// Whether Lua code under this policy may read `path`: trusted code may read anything,
    /// sandboxed code only files inside an --allow-read or --allow-write folder (after
    /// resolving symbolic links, as io.open's check does). The error names the flag.
    func checkReadable(_ path: String, function: String) throws -> String {
        guard let resolved = realpath(path, nil) else {
            throw LuaArgumentError("\(function): cannot open '\(path)': no such file")
        }
        defer { free(resolved) }
        let file = String(cString: resolved)
        if trusted { return file }
        let folders = (allowRead + allowWrite).compactMap { folder -> String? in
            guard let r = realpath(folder, nil) else { return nil }
            defer { free(r) }
            return String(cString: r)
        }
        if folders.contains(where: { file.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) { return file }
        throw LuaArgumentError("\(function): reading '\(file)' is not allowed in the sandbox (run with --allow-read DIR for a folder containing it, or --trusted)")
    }
}
