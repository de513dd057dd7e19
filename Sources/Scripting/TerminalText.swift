import Core
import Foundation

/// What the command line (`assetflow`) itself says (summaries, notes, errors) goes through
/// here: a name carrying control characters (an imported asset called "\u{1B}]0;…\u{07}", an escape
/// sequence that retitles the window or clears the screen) is shown escaped, `\x1B`, and never
/// reaches the terminal raw (`VisibleText`; reports do the same). Line breaks and tabs stay.
/// Data the user asked for is written as it is: a journal or a report on standard output,
/// a script's own `print`.
public enum TerminalText {
    /// Prints `text` on standard output, control characters escaped.
    public static func say(_ text: String) { print(VisibleText.escaped(text)) }

    /// Writes `text` and a line break on standard error, control characters escaped.
    public static func complain(_ text: String) {
        FileHandle.standardError.write(Data((VisibleText.escaped(text) + "\n").utf8))
    }
}
