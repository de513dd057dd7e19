import Foundation
import Testing

/// A folder for one test, holding its store, scripts, HOME and XDG folders; `assetflow`
/// runs with those, so nothing outside the folder is touched.
struct CommandSandbox {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "af-safety-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    var store: String { path + "/store.sqlite" }
    func file(_ name: String) -> String { path + "/" + name }
    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Writes a Lua script and returns its path.
    func script(_ name: String, _ source: String) throws -> String {
        try source.write(toFile: file(name), atomically: true, encoding: .utf8)
        return file(name)
    }

    var environment: [String: String] {
        var env = CommandLineTests.environment()
        env["HOME"] = path + "/home"
        env["XDG_DATA_HOME"] = path + "/data"
        env["XDG_STATE_HOME"] = path + "/state"
        env["ASSETFLOW_STORE"] = nil
        return env
    }

    /// A process running `assetflow arguments` (through `sh -c 'umask …'` when a umask is given).
    func process(_ arguments: [String], umask mask: String? = nil, environment extra: [String: String] = [:]) -> Process {
        let process = Process()
        if let mask {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "umask \(mask) && exec \"$0\" \"$@\"", CommandLineTests.binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
            process.arguments = arguments
        }
        process.environment = environment.merging(extra) { $1 }
        process.standardInput = FileHandle.nullDevice
        return process
    }

    @discardableResult
    func run(_ arguments: [String], umask mask: String? = nil, environment extra: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let process = process(arguments, umask: mask, environment: extra)
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read both pipes while it runs, so a chatty process never blocks on a full pipe.
        nonisolated(unsafe) var err = Data()
        let done = DispatchSemaphore(value: 0)
        let errors = stderr.fileHandleForReading
        // A thread of its own: pool threads may all be busy running these processes.
        Thread.detachNewThread {
            err = errors.readDataToEndOfFile()
            done.signal()
        }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// The number of portfolios in `store`, read by `assetflow`.
    func portfolioCount(_ store: String) throws -> Int? {
        let counter = try script("count.lua", "print(#af.portfolios())\n")
        return Int(try run(["run", "--store", store, counter]).out.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
    }
}

@Suite("Store safety from the command line: concurrent writers, kill -9, damaged stores")
struct StoreSafetyTests {
    @Test("two writer processes × 200 runs: every run succeeds and nothing is lost")
    func concurrentWriters() throws {
        let box = try CommandSandbox()
        defer { box.remove() }
        let writer = try box.script("w.lua", "af.create_portfolio{ name = arg[1] }\n")
        let runs = 200
        let lock = NSLock()
        nonisolated(unsafe) var failures: [String] = []
        let finished = DispatchGroup()
        for w in 0..<2 {
            finished.enter()
            Thread.detachNewThread {
                defer { finished.leave() }
                for i in 0..<runs {
                    let failure: String?
                    do {
                        let r = try box.run(["run", "--store", box.store, writer, "w\(w)-\(i)"])
                        failure = r.status == 0 ? nil : "writer \(w) run \(i): rc \(r.status): \(r.err)"
                    } catch {
                        failure = "writer \(w) run \(i): \(error)"
                    }
                    if let failure { lock.withLock { failures.append(failure) } }
                }
            }
        }
        finished.wait()
        #expect(failures == [])
        #expect(try box.portfolioCount(box.store) == 2 * runs)
        #expect(try box.run(["check", "--store", box.store]).status == 0)
    }

    @Test("a writer waits for another process's write, says so after a second, and succeeds")
    func writerWaitsWithMessage() throws {
        let box = try CommandSandbox()
        defer { box.remove() }
        let slow = try box.script("slow.lua", """
            af.create_portfolio{ name = "Slow" }
            print("holding the lock")
            local t = os.clock() + 2
            while os.clock() < t do end
            """)
        let quick = try box.script("quick.lua", "af.create_portfolio{ name = 'Quick' }\n")
        let holder = box.process(["run", "--store", box.store, slow])
        let out = Pipe()
        holder.standardOutput = out
        try holder.run()
        _ = out.fileHandleForReading.availableData  // "holding the lock"
        let r = try box.run(["run", "--store", box.store, quick])
        holder.waitUntilExit()
        #expect(holder.terminationStatus == 0)
        #expect(r.status == 0)
        #expect(r.err == "Waiting for another AssetFlow process to finish writing…\n")
        #expect(try box.portfolioCount(box.store) == 2)
    }

    @Test("a writer that waits past ASSETFLOW_BUSY_TIMEOUT fails with a clear message and rc 1, not 'database is locked' and 64")
    func busyTimeout() throws {
        let box = try CommandSandbox()
        defer { box.remove() }
        let slow = try box.script("slow.lua", """
            af.create_portfolio{ name = "Slow" }
            print("holding the lock")
            local t = os.clock() + 1.5
            while os.clock() < t do end
            """)
        let quick = try box.script("quick.lua", "af.create_portfolio{ name = 'Quick' }\n")
        let holder = box.process(["run", "--store", box.store, slow])
        let out = Pipe()
        holder.standardOutput = out
        try holder.run()
        _ = out.fileHandleForReading.availableData
        let r = try box.run(["run", "--store", box.store, quick], environment: ["ASSETFLOW_BUSY_TIMEOUT": "0.2"])
        holder.waitUntilExit()
        #expect(r.status == 1)
        #expect(r.err.contains("The store is busy: another AssetFlow process has been writing to it"))
        #expect(!r.err.contains("locked"))
        #expect(try box.portfolioCount(box.store) == 1)
    }

    @Test("kill -9 at random moments of a writing script: the store stays sound and the script's rows are all there or none")
    func killedWriters() throws {
        let box = try CommandSandbox()
        defer { box.remove() }
        let rows = 150
        let writer = try box.script("w.lua", """
            for i = 1, \(rows) do af.create_portfolio{ name = arg[1] .. "-" .. i } end
            """)
        // How long a whole run takes here, so the kills land before, during and after the writes.
        let started = Date()
        #expect(try box.run(["run", "--store", box.store, writer, "warmup"]).status == 0)
        let runSeconds = Date().timeIntervalSince(started)
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64(UInt32.max), using: &generator)
        var random = SeededKillTimes(state: seed)
        var expected = rows, killed = 0
        for run in 0..<24 {
            let process = box.process(["run", "--store", box.store, writer, "run\(run)"])
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(random.unit() * runSeconds * 1.2 * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killed += 1 }

            let check = try box.run(["check", "--store", box.store])
            #expect(check.status == 0, "seed \(seed), run \(run): \(check.err)")
            let count = try box.portfolioCount(box.store)
            #expect(count == expected || count == expected + rows, "seed \(seed), run \(run): \(count.map(String.init) ?? "nil") portfolios, expected \(expected) or \(expected + rows)")
            expected = count ?? expected
        }
        #expect(killed > 0, "seed \(seed): no run was killed")
    }

    @Test("a damaged store is refused with rc 1 and the fix, left unchanged; `check` lists the damage")
    func damagedStoreFromTheCommandLine() throws {
        let box = try CommandSandbox()
        defer { box.remove() }
        let writer = try box.script("w.lua", "for i = 1, 1500 do af.create_portfolio{ name = 'P' .. i .. string.rep('x', 60) } end\n")
        #expect(try box.run(["run", "--store", box.store, writer]).status == 0)
        let size = try Data(contentsOf: URL(fileURLWithPath: box.store)).count
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: box.store))
        try handle.seek(toOffset: UInt64(size / 4096 / 2 * 4096))
        handle.write(Data(repeating: 0xA5, count: 4096))
        try handle.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: box.store))

        // Opening does not scan the store; the first read of the damaged page fails
        // (Store.md, "Damage caught on read"), before the script writes anything.
        let reader = try box.script("r.lua", "print(#af.portfolios())\naf.create_portfolio{ name = 'After' }\n")
        let r = try box.run(["run", "--store", box.store, reader])
        #expect(r.status == 1)
        #expect(r.err.contains("The store is damaged: page \(size / 4096 / 2 + 1) does not match its checksum"), "\(r.err)")
        #expect(r.err.contains("assetflow check"))
        let check = try box.run(["check", "--store", box.store])
        #expect(check.status == 1)
        #expect(check.err.contains("checksum: page \(size / 4096 / 2 + 1) of "), "\(check.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: box.store)) == before)

        let sound = try CommandSandbox()
        defer { sound.remove() }
        #expect(try sound.run(["run", "--store", sound.store, writer]).status == 0)
        let ok = try sound.run(["check", "--store", sound.store])
        #expect(ok.status == 0)
        #expect(ok.out.hasPrefix("The store at \(sound.store) is sound: schema version"))
        #expect(ok.out.contains("1500 portfolios"))
    }
}

@Suite("Owner-only files and options after the script name")
struct PrivacyAndArgumentTests {
    @Test("the default store, its folders, saved reports and script files are owner-only under umask 022 and 000", arguments: ["022", "000"])
    func ownerOnly(mask: String) throws {
        let box = try CommandSandbox()
        defer { box.remove() }
        let script = try box.script("s.lua", """
            af.create_portfolio{ name = "Core" }
            af.report.new{ title = "T" }:save("\(box.path)/out/r.html")
            local f = io.open("\(box.path)/out/notes.txt", "w"); f:write("x"); f:close()
            """)
        let r = try box.run(["run", "--trusted", script], umask: mask)
        #expect(r.status == 0, "\(r.err)")
        let store = box.path + "/data/assetflow/assetflow.sqlite"
        #expect(box.mode(store) == 0o600)
        #expect(box.mode(box.path + "/data") == 0o700)
        #expect(box.mode(box.path + "/data/assetflow") == 0o700)
        #expect(box.mode(box.path + "/out") == 0o700)
        #expect(box.mode(box.path + "/out/r.html") == 0o600)
        #expect(box.mode(box.path + "/out/notes.txt") == 0o600)
    }

    @Test("an option of run after the script name is refused with the fix; -- passes it to the script")
    func optionsAfterTheScript() throws {
        let box = try CommandSandbox()
        defer { box.remove() }
        let script = try box.script("args.lua", "print(table.concat(arg, ' '))\n")
        let other = box.file("other.sqlite")
        let refused = try box.run(["run", script, "--store", other])
        #expect(refused.status == 64)
        #expect(refused.err.contains("--store comes after the script name, so it would go to the script and not to AssetFlow"))
        #expect(refused.err.contains("Put options before the script name (assetflow run --store … \(script)), or use -- to pass them to the script (assetflow run \(script) -- --store …)"))
        #expect(!FileManager.default.fileExists(atPath: box.path + "/data/assetflow/assetflow.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: other))
        for flag in ["--dry-run", "--trusted", "--timeout=5", "--allow-read"] {
            #expect(try box.run(["run", "--store", box.store, script, "x", flag]).status == 64)
        }

        let passed = try box.run(["run", "--store", box.store, script, "--", "--store", other])
        #expect(passed.status == 0)
        #expect(passed.out == "--store \(other)\n")
        let plain = try box.run(["run", "--store", box.store, script, "2024-06", "--verbose"])
        #expect(plain.out == "2024-06 --verbose\n")
    }
}

/// A small seeded generator, so a failing run can be replayed from the seed it prints.
struct SeededKillTimes {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A number in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
