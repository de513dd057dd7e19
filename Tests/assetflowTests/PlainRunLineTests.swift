import ArgumentParser
import Core
import Foundation
import Scripting
import Testing
@testable import assetflow

/// `PlainRunLine` reads the common `run` lines without ArgumentParser: each line it accepts
/// must mean what ArgumentParser makes of it, and every line it cannot be sure of (or that
/// ArgumentParser refuses) must go to ArgumentParser.
@Suite("run: the common command lines read without ArgumentParser")
struct PlainRunLineTests {
    /// What a run line means, as text: the run's every setting, the script and the flag.
    func meaning(_ run: ScriptRun, script: String, dryRun: Bool) -> String {
        "store \(run.storePath ?? "nil") trusted \(run.trusted) read \(run.allowRead) write \(run.allowWrite) net \(run.allowNet) "
            + "timeout \(run.timeoutSeconds) memory \(run.maxMemoryMB) stuck \(run.exitProcessWhenStuckPastDeadline) "
            + "dry \(dryRun) script \(script) arguments \(run.arguments)"
    }

    /// ArgumentParser's meaning of the words after `run`; nil when it refuses them.
    func parsed(_ words: [String]) -> String? {
        guard let command = try? RunCommand.parseAsRoot(Array(words.dropFirst())) as? RunCommand else { return nil }
        var run = command.sandbox.scriptRun(command.global)
        run.arguments = command.arguments
        return meaning(run, script: command.script, dryRun: command.dryRun)
    }

    func plain(_ words: [String]) -> String? {
        PlainRunLine(words).map { meaning($0.scriptRun, script: $0.script, dryRun: $0.dryRun) }
    }

    @Test("the benchmark's and the README's lines are read, and mean what ArgumentParser makes of them")
    func commonLines() {
        let lines: [[String]] = [
            ["run", "x.lua"], ["run", "--store", "s.sqlite", "x.lua"], ["run", "--store=s.sqlite", "x.lua", "2024-06"],
            ["run", "--dry-run", "import.lua"], ["run", "--store", "s.sqlite", "--dry-run", "x.lua", "a", "b"],
            ["run", "--dry-run", "--store", "/tmp/a b/s.sqlite", "x.lua", "a b", "=c"],
        ]
        for words in lines {
            #expect(plain(words) != nil, "\(words)")
            #expect(plain(words) == parsed(words), "\(words)")
        }
    }

    @Test("every other shape goes to ArgumentParser: options, help, --, dashes, a repeated option, no script")
    func otherLines() {
        let lines: [[String]] = [
            ["run"], ["run", "--store", "s.sqlite"], ["run", "--trusted", "x.lua"], ["run", "--timeout", "5", "x.lua"],
            ["run", "x.lua", "-v"], ["run", "x.lua", "--store", "s"], ["run", "x.lua", "--"], ["run", "--", "x.lua"],
            ["run", "--help"], ["run", "-h", "x.lua"], ["run", "--store", "-s", "x.lua"], ["run", "--store=", "x.lua"],
            ["run", "--dry-run", "--dry-run", "x.lua"], ["run", "--store", "a", "--store", "b", "x.lua"], ["run", ""],
            ["repl"], ["report", "overview"], [],
        ]
        for words in lines { #expect(plain(words) == nil, "\(words)") }
    }

    @Test("on random lines of run's words, a line read without ArgumentParser means what ArgumentParser makes of it")
    func randomLines() {
        let vocabulary = ["--store", "--store=s.sqlite", "s.sqlite", "x.lua", "a", "--dry-run", "--", "-h", "--timeout", "5", "--trusted",
                          "-x", "", "--store=", "--allow-read", "/tmp", "--version", "=", "run"]
        var random = SplitMix64(seed: 27)
        var read = 0
        for _ in 0..<4_000 {
            let words = ["run"] + (0..<random.below(6)).map { _ in vocabulary[random.below(vocabulary.count)] }
            guard let line = plain(words) else { continue }
            read += 1
            #expect(line == parsed(words), "\(words)")
        }
        #expect(read > 200)
    }
}
