/// How text that may hold a file name (or anything else not chosen by pvrc: a manifest's values, a
/// server's answer) is printed on a terminal or in a log: control characters are written as escapes,
/// so a name cannot start a new log line, forge a summary, move the cursor or recolour the terminal.
package enum PrintableText {
    /// `text` with every control character escaped: `\n`, `\r`, `\t`, and `\u{XX}` for the other C0
    /// and C1 controls, DEL, the line and paragraph separators and the bidirectional-text controls
    /// (which reorder what a reader sees). Other text, a backslash included, is left as it is.
    ///
    /// - Parameter text: A message or a name.
    /// - Returns: Text without control characters.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }

    /// Whether `scalar` is printed as an escape.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true  // line and paragraph separators
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidirectional controls
        default: return false
        }
    }
}
