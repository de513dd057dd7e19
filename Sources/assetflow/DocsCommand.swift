import ArgumentParser
import Scripting

/// `assetflow docs`
struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Print the reference of the Lua API, generated from the bindings."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case markdown
    }

    @Option(help: "Output format.")
    var format: Format = .markdown

    func run() throws {
        print(ReferenceDocument.markdown(), terminator: "")
    }
}
