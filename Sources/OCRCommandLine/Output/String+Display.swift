extension String {
    /// The string as it may be printed to a terminal or a line-oriented file: control
    /// characters (C0, DEL, C1) and the invisible marks that reorder text (bidirectional
    /// overrides and isolates) written as escapes (`\n`, `\r`, `\t`, `\e`, `\u{202E}`), with
    /// a backslash doubled when anything is escaped. A file name can hold any of them, and
    /// printed raw it can forge a header (`==> x <==`), add a line, or send the terminal
    /// commands. A string without them is returned as it is.
    var escapedForDisplay: String {
        guard unicodeScalars.contains(where: Self.needsEscape) else { return self }
        var escaped = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case "\u{1B}": escaped += "\\e"
            case _ where Self.needsEscape(scalar): escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true  // direction marks, overrides, isolates
        default: false
        }
    }
}
