import SimCore

/// A replay file's text for one stream's choices: values in decimal separated by spaces, a run of
/// equal values written `value*count` (a shrunk sequence is mostly zeros: `0*1200`). Bounds are
/// not written: a replay reads each value with the bound its draw has.
enum ChoiceText {
    static func encode(_ choices: [Choice]) -> String {
        var parts: [String] = []
        var index = 0
        while index < choices.count {
            let value = choices[index].value
            var end = index + 1
            while end < choices.count && choices[end].value == value { end += 1 }
            parts.append(end - index > 2 ? "\(value)*\(end - index)" : Array(repeating: String(value), count: end - index).joined(separator: " "))
            index = end
        }
        return parts.joined(separator: " ")
    }

    /// The values of `text`, or nil when a token is not `value` or `value*count` (count ≥ 1).
    static func decode(_ text: String, limit: Int) -> [UInt64]? {
        var values: [UInt64] = []
        for token in text.split(separator: " ") {
            let parts = token.split(separator: "*", omittingEmptySubsequences: false)
            guard parts.count <= 2, let value = UInt64(parts[0]) else { return nil }
            let count = parts.count == 2 ? Int(parts[1]) : 1
            guard let count, count >= 1, values.count + count <= limit else { return nil }
            values.append(contentsOf: repeatElement(value, count: count))
        }
        return values
    }
}
