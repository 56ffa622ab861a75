/// Reads what `ByteWriter` writes, from untrusted bytes: every read is bounds-checked and every
/// failure is a `DocumentError.corrupt`, never a trap.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var offset: Int
    private let end: Int

    init(_ bytes: [UInt8], from start: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        self.offset = start
        self.end = min(end ?? bytes.count, bytes.count)
    }

    var remaining: Int { end - offset }
    var isAtEnd: Bool { offset >= end }

    mutating func byte() throws -> UInt8 {
        guard offset < end else { throw DocumentError.corrupt("truncated at byte \(offset)") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func raw(_ count: Int) throws -> [UInt8] {
        guard count >= 0, count <= remaining else { throw DocumentError.corrupt("length \(count) past the end at byte \(offset)") }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    /// Unsigned LEB128, at most ten bytes and no bits past 64.
    mutating func uleb() throws -> UInt64 {
        var result: UInt64 = 0
        for index in 0..<10 {
            let next = try byte()
            let bits = UInt64(next & 0x7f)
            if index == 9 && bits > 1 { throw DocumentError.corrupt("integer overflows 64 bits at byte \(offset)") }
            result |= bits << UInt64(7 * index)
            if next & 0x80 == 0 { return result }
        }
        throw DocumentError.corrupt("integer longer than ten bytes at byte \(offset)")
    }

    /// A count of items that each take at least one byte: never more than the bytes left.
    mutating func count() throws -> Int {
        let value = try uleb()
        guard value <= UInt64(remaining) else { throw DocumentError.corrupt("count \(value) exceeds the \(remaining) bytes left") }
        return Int(value)
    }

    mutating func sleb() throws -> Int64 {
        let zigzag = try uleb()
        return Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
    }

    mutating func string() throws -> String {
        let utf8 = try raw(try count())
        guard let text = String(validating: utf8, as: UTF8.self) else { throw DocumentError.corrupt("invalid UTF-8 at byte \(offset)") }
        return text
    }

    mutating func word() throws -> UInt64 {
        try raw(8).reduce(0) { ($0 << 8) | UInt64($1) }
    }

    mutating func hash() throws -> ChangeHash {
        ChangeHash(high: try word(), low: try word())
    }
}
