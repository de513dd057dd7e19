import ArgumentParser
import Scripting

/// `assetflow docs`
struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        _superCommandName: SubcommandDispatch.toolName,
        abstract: "Print the reference of the Lua API, generated from the bindings.",
        discussion: """
            markdown: the reference part of REPL.md.
            luals:    LuaLS annotation stubs for editors. Save them where your editor's
                      Lua language server looks, for example:
                        assetflow docs --format luals >stubs.lua
            """
    )

    // Not CaseIterable and optional: the help names the values and the default in words,
    // so argument-parser adds no "(values: …; default: …)" that a narrow terminal cuts in two.
    enum Format: String, ExpressibleByArgument {
        case markdown, luals
    }

    @Option(help: "markdown, the default, or luals.")
    var format: Format?

    func run() throws {
        switch format ?? .markdown {
        case .markdown: print(ReferenceDocument.markdown(), terminator: "")
        case .luals: print(LuaLSStubs.text(), terminator: "")
        }
    }
}
