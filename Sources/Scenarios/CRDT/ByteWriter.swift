/// Appends the primitives of the document's binary format: unsigned LEB128, zig-zag signed
/// LEB128 (the integer encodings Automerge's own format uses), length-prefixed UTF-8.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func raw(_ values: [UInt8]) { bytes.append(contentsOf: values) }

    /// Unsigned LEB128: seven bits per byte, high bit set on every byte but the last.
    mutating func uleb(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func uleb(_ value: Int) { uleb(UInt64(value)) }

    /// Zig-zag then LEB128, so small negative numbers stay short.
    mutating func sleb(_ value: Int64) {
        uleb(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func string(_ text: String) {
        uleb(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    /// Big-endian, fixed width (hashes and the checksum).
    mutating func word(_ value: UInt64) {
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func hash(_ hash: ChangeHash) {
        word(hash.high)
        word(hash.low)
    }
}
