/// Bad input: printed as one line on stderr, exit code 2.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// A small, strict parser: `--name value` options and `--flag` flags, each allowed once, plus
/// positional words. Anything not asked for is an error naming the nearest known flag.
struct Arguments {
    private(set) var tokens: [String]
    private var consumed: Set<Int> = []

    init(_ tokens: [String]) { self.tokens = tokens }

    /// Removes and returns `--name value`; an error if the value is missing or repeated.
    mutating func option(_ name: String) throws -> String? {
        var found: String?
        for index in tokens.indices where !consumed.contains(index) {
            let token = tokens[index]
            var value: String?
            if token == name {
                guard index + 1 < tokens.count, !consumed.contains(index + 1) else {
                    throw UsageError("\(name) needs a value")
                }
                value = tokens[index + 1]
                consumed.insert(index + 1)
            } else if token.hasPrefix(name + "=") {
                value = String(token.dropFirst(name.count + 1))
            } else {
                continue
            }
            consumed.insert(index)
            if found != nil { throw UsageError("\(name) given twice") }
            found = value
        }
        return found
    }

    /// Removes `--flag` and says whether it was there.
    mutating func flag(_ name: String) throws -> Bool {
        var seen = false
        for index in tokens.indices where !consumed.contains(index) && tokens[index] == name {
            if seen { throw UsageError("\(name) given twice") }
            seen = true
            consumed.insert(index)
        }
        return seen
    }

    /// Removes and returns the positional words (not starting with `--`).
    mutating func positionals() -> [String] {
        var words: [String] = []
        for index in tokens.indices where !consumed.contains(index) && !tokens[index].hasPrefix("--") {
            words.append(tokens[index])
            consumed.insert(index)
        }
        return words
    }

    /// Fails on anything left over, suggesting the nearest of `known`.
    func finish(known: [String]) throws {
        guard let index = tokens.indices.first(where: { !consumed.contains($0) }) else { return }
        let token = tokens[index]
        if token.hasPrefix("-") {
            let name = String(token.split(separator: "=").first ?? Substring(token))
            let hint = Suggest.nearest(name, among: known).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError("unknown flag \(name)\(hint)")
        }
        throw UsageError("unexpected argument '\(token)'")
    }
}

/// Parsing of the values options take.
enum Values {
    /// A 64-bit seed, decimal or `0x…` hexadecimal.
    static func seed(_ text: String) throws -> UInt64 {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let value: UInt64?
        if trimmed.lowercased().hasPrefix("0x") {
            let digits = trimmed.dropFirst(2)
            value = digits.isEmpty ? nil : UInt64(digits, radix: 16)
        } else {
            value = trimmed.allSatisfy(\.isNumber) ? UInt64(trimmed) : nil
        }
        guard let value else {
            if trimmed.hasPrefix("-") { throw UsageError("seed '\(text)' is negative: seeds are 0 … 18446744073709551615") }
            let isHex = trimmed.lowercased().hasPrefix("0x") && trimmed.dropFirst(2).allSatisfy(\.isHexDigit) && trimmed.count > 2
            if (trimmed.allSatisfy(\.isNumber) && !trimmed.isEmpty) || isHex {
                throw UsageError("seed '\(text)' is out of range: seeds are 64-bit (0 … 18446744073709551615 or 0x0 … 0xffffffffffffffff)")
            }
            throw UsageError("seed '\(text)' is not a number: use decimal (42) or hex (0x2a)")
        }
        return value
    }

    /// A positive integer within `range`.
    static func count(_ text: String, flag: String, range: ClosedRange<Int> = 1...Int.max) throws -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("\(flag) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// The longest time budget: 366 days (a campaign longer than a year is a typo).
    static let maxDurationSeconds = 366 * 24 * 3600

    /// A duration like `90s`, `10m`, `2h` (or plain seconds), in seconds, at most 366 days.
    static func duration(_ text: String) throws -> Int {
        let units: [(String, Int)] = [("h", 3600), ("m", 60), ("s", 1)]
        var seconds: Int?
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            if let value = Int(text.dropLast()), value > 0 {
                let (product, overflow) = value.multipliedReportingOverflow(by: factor)
                seconds = overflow ? Int.max : product
            }
        }
        if seconds == nil, let value = Int(text), value > 0 { seconds = value }
        if seconds == nil, !text.isEmpty, text.dropLast(text.last?.isLetter == true ? 1 : 0).allSatisfy(\.isNumber) {
            seconds = Int.max  // digits too many for an Int: as much out of range as an overflow
        }
        guard let seconds else { throw UsageError("--time-budget takes a duration like 90s, 10m or 2h, not '\(text)'") }
        guard seconds <= maxDurationSeconds else {
            throw UsageError("--time-budget '\(text)' is longer than the limit of 366 days (8784h)")
        }
        return seconds
    }

    /// A shard `i/n` with 1 ≤ i ≤ n.
    static func shard(_ text: String) throws -> (index: Int, count: Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            throw UsageError("--shard takes i/n with 1 ≤ i ≤ n (e.g. 2/4), not '\(text)'")
        }
        return (index, count)
    }
}

extension Arguments {
    /// Fails on the first `--flag` not in `known`, before any value is parsed, so a misspelt flag
    /// is reported as such (`unknown flag --sed (did you mean --seed?)`) rather than as a missing one.
    func rejectUnknownFlags(known: [String]) throws {
        for token in tokens where token.hasPrefix("--") {
            let name = String(token.split(separator: "=", maxSplits: 1).first ?? Substring(token))
            if known.contains(name) { continue }
            let hint = Suggest.nearest(name, among: known).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError("unknown flag \(name)\(hint)")
        }
    }
}
