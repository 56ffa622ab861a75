/// Builds short ASCII strings (dates, timestamps, numerals) in one allocation, for the per-row
/// conversions of the fake Postgres. Callers produce exactly the text their string-concatenating
/// definitions would; this only avoids the intermediate strings.
struct ASCIIText {
    private var bytes: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    /// Runs `body` over a writer of at most `capacity` bytes and returns what it wrote.
    static func make(capacity: Int, _ body: (inout ASCIIText) -> Void) -> String {
        String(unsafeUninitializedCapacity: capacity) { buffer in
            var text = ASCIIText(bytes: buffer)
            body(&text)
            return text.count
        }
    }

    private init(bytes: UnsafeMutableBufferPointer<UInt8>) { self.bytes = bytes }

    /// Appends one ASCII character.
    mutating func append(_ byte: UInt8) {
        precondition(count < bytes.count, "ASCIIText capacity exceeded")
        bytes[count] = byte
        count += 1
    }

    /// Appends the decimal digits of `value` (not negative), left-padded with zeros to `width`.
    mutating func append(digitsOf value: UInt64, width: Int = 1) {
        var digits = 1
        var rest = value / 10
        while rest > 0 { digits += 1; rest /= 10 }
        let total = Swift.max(width, digits)
        precondition(count + total <= bytes.count, "ASCIIText capacity exceeded")
        var remaining = value
        for offset in stride(from: total - 1, through: 0, by: -1) {
            bytes[count + offset] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        }
        count += total
    }
}
