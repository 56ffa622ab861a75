import SimCore

/// Quoting for the SQL text `PostgresSchemaScript` and `PostgrestQuery` generate: identifiers in
/// double quotes, string constants in single quotes (with `standard_conforming_strings` on, the
/// default since PostgreSQL 9.1, a backslash is an ordinary character), array constants in
/// PostgreSQL's `{…}` input syntax ("SQL Syntax: Lexical Structure" and "Arrays: Array Value
/// Input", https://www.postgresql.org/docs/15/).
public enum PostgresName {
    /// `"name"`, with embedded double quotes doubled.
    public static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingAll("\"", with: "\"\"") + "\""
    }

    /// `'text'`, with embedded single quotes doubled.
    public static func literal(_ text: String) -> String {
        "'" + text.replacingAll("'", with: "''") + "'"
    }

    /// `'{"a","b"}'`: an array constant of the given element texts, every element quoted.
    public static func arrayLiteral(_ elements: [String]) -> String {
        let items = elements.map { element in
            "\"" + element.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
        }
        return literal("{" + items.joined(separator: ",") + "}")
    }
}

extension String {
    /// Every occurrence of `target` replaced by `replacement` (no Foundation in FakeCloud).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        out.reserveCapacity(count)
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
