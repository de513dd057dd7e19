import ArgumentParser
import Scripting

/// `assetflow docs`
struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Print the reference of the Lua API, generated from the bindings.",
        discussion: """
            markdown: the reference part of REPL.md.
            luals:    LuaLS annotation stubs for editors. Save them where your editor's
                      Lua language server looks, for example:
                        assetflow docs --format luals \
                          > ~/.config/assetflow/lib/assetflow.d.lua
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case markdown, luals
    }

    @Option(help: "Output format.")
    var format: Format = .markdown

    func run() throws {
        switch format {
        case .markdown: print(ReferenceDocument.markdown(), terminator: "")
        case .luals: print(LuaLSStubs.text(), terminator: "")
        }
    }
}
