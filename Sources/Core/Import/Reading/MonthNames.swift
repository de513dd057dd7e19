import Foundation

/// Month names as brokers' files write them, in English, Dutch, German, French, Spanish,
/// Portuguese and Italian: full or abbreviated, any case, with or without a dot or accents
/// ("Jul", "okt", "März", "Maerz", "févr.", "août", "set", "dic").
public enum MonthNames {
    /// Each month's names, January first.
    static let names: [[String]] = [
        ["january", "jan", "januari", "januar", "janner", "jaenner", "janvier", "janv", "enero", "ene", "janeiro", "gennaio", "gen"],
        ["february", "feb", "febr", "februari", "februar", "fevrier", "fevr", "fev", "febrero", "fevereiro", "febbraio"],
        ["march", "mar", "maart", "mrt", "marz", "maerz", "mrz", "mars", "marzo", "marco"],
        ["april", "apr", "avril", "avr", "abril", "abr", "aprile"],
        ["may", "mei", "mai", "mayo", "maio", "maggio", "mag"],
        ["june", "jun", "juni", "juin", "junio", "junho", "giugno", "giu"],
        ["july", "jul", "juli", "juillet", "juil", "julio", "julho", "luglio", "lug"],
        ["august", "aug", "augustus", "aout", "agosto", "ago"],
        ["september", "sep", "sept", "septembre", "septiembre", "setiembre", "setembro", "settembre", "set"],
        ["october", "oct", "oktober", "okt", "octobre", "octubre", "outubro", "out", "ottobre", "ott"],
        ["november", "nov", "novembre", "noviembre", "novembro"],
        ["december", "dec", "dezember", "dez", "decembre", "diciembre", "dic", "dezembro", "dicembre"],
    ]

    static let byName: [String: Int] = {
        var table: [String: Int] = [:]
        for (index, list) in names.enumerated() {
            for name in list {
                precondition(table[name] == nil || table[name] == index + 1, "month name '\(name)' means two months")
                table[name] = index + 1
            }
        }
        return table
    }()

    /// The month (1…12) a word names, or nil.
    public static func month(_ word: some StringProtocol) -> Int? {
        var key = word.lowercased()
        if key.hasSuffix(".") { key.removeLast() }
        if let month = byName[key] { return month }
        let folded = key.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        return byName[folded]
    }
}
