import AppPorts

/// Finds the elements of a JSON array written without whitespace (`JSONEncoder` without
/// `.prettyPrinted`): the bytes between its top-level commas.
enum JSONArrayCuts {
    /// The byte ranges of the array's elements, or nil when `bytes` is not one `[`…`]` array with
    /// balanced brackets and closed strings.
    static func elementRanges(of bytes: [UInt8]) -> [Range<Int>]? {
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]") else { return nil }
        let end = bytes.count - 1
        if end == 1 { return [] }
        var ranges: [Range<Int>] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start = 1
        for index in 1..<end {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth < 0 { return nil }
            case UInt8(ascii: ",") where depth == 0:
                ranges.append(start..<index)
                start = index + 1
            default: break
            }
        }
        guard depth == 0, !inString else { return nil }
        ranges.append(start..<end)
        return ranges
    }
}
