/// The text form of a 128-bit id: 32 lowercase hex digits of `high` then `low`, grouped 8-4-4-4-12
/// with dashes. Built from bytes: ids are made by the thousand per run, and slicing `Character`
/// arrays into strings cost several thousand instructions per id.
public enum UUIDText {
    public static func format(high: UInt64, low: UInt64) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        for nibble in 0..<32 {
            if nibble == 8 || nibble == 12 || nibble == 16 || nibble == 20 { bytes.append(UInt8(ascii: "-")) }
            let word = nibble < 16 ? high : low
            bytes.append(hexDigit(UInt8((word >> UInt64(60 - 4 * (nibble % 16))) & 0xF)))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The lowercase hex digit of a value 0…15.
    public static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
