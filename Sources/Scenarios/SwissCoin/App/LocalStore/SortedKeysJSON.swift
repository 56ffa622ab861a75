import AppPorts
import Foundation

/// Writes a value as exactly the bytes `JSONEncoder` gives with `outputFormatting = [.sortedKeys]`,
/// `.base64` data and every other strategy at its default, without the intermediate value tree
/// `JSONEncoder` builds: each keyed container appends its fields' bytes to one buffer and sorts
/// only the small (key, range) list when it is written out.
///
/// It handles what the local store's model uses (keyed and unkeyed containers, strings, numbers,
/// booleans, nil, `Data`). Anything else throws `Unsupported` before a byte is returned (nested or
/// super encoders, a container asked for twice, a key written twice, a value that writes nothing,
/// types `JSONEncoder` treats specially such as `URL` and `Decimal`, non-finite floats), and the
/// caller then uses `JSONEncoder` itself. `SortedKeysJSONTests` hold the output to `JSONEncoder`'s.
enum SortedKeysJSON {
    struct Unsupported: Error {}

    /// `value`'s bytes.
    static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        var out: [UInt8] = []
        try write(value, into: &out)
        return out
    }

    static func write<T: Encodable>(_ value: T, into out: inout [UInt8]) throws {
        if T.self == Data.self {
            // `JSONEncoder`'s `.base64` strategy (Data's own `encode(to:)` would write an array).
            writeString((value as! Data).base64EncodedString(), into: &out)
            return
        }
        if T.self == URL.self || T.self == Decimal.self || T.self == Date.self { throw Unsupported() }
        if let model = value as? any SortedJSONWritable {
            try model.writeSortedJSON(into: &out)  // a model type's own writer, without `Codable`
            return
        }
        let node = Node()
        try value.encode(to: node)
        try node.render(into: &out)
    }

    /// `JSONWriter`'s string escaping without `.withoutEscapingSlashes`.
    static func writeString(_ text: String, into out: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            out.append(UInt8(ascii: "\""))
            if !utf8.contains(where: needsEscape) {
                out.append(contentsOf: utf8)  // the common case: one copy
            } else {
                for byte in utf8 { writeEscaped(byte, into: &out) }
            }
            out.append(UInt8(ascii: "\""))
        }
    }

    private static func writeEscaped(_ byte: UInt8, into out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(UInt8(ascii: "\\")); out.append(byte)
        case 0x08: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "f"))
        case 0x0A: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
        case 0x00..<0x20:
            out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            out.append(hexDigit(byte >> 4))
            out.append(hexDigit(byte & 0xF))
        default: out.append(byte)  // UTF-8 lead and continuation bytes are all 0x80 or above
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
    }

    /// Whether `a` sorts before `b` by their UTF-8 bytes.
    static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
                return order != 0 ? order < 0 : x.count < y.count
            }
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// `JSONEncoder`'s float text: `description` without a trailing `.0`; non-finite is unsupported.
    static func writeFloat<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F, into out: inout [UInt8]) throws {
        guard value.isFinite else { throw Unsupported() }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        out.append(contentsOf: text.utf8)
    }

    static func writeInteger<I: BinaryInteger>(_ value: I, into out: inout [UInt8]) {
        out.append(contentsOf: String(value).utf8)
    }

    /// The encoder handed to one value: records which container it asked for and what was written.
    final class Node: Encoder {
        enum Shape { case none, keyed, unkeyed, single }
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        var shape = Shape.none
        var unsupported = false
        /// Field values (keyed), elements joined by commas (unkeyed) or the one value (single).
        var bytes: [UInt8] = []
        /// Keyed: each field's key and where its value lies in `bytes`, in write order.
        var fields: [(key: String, range: Range<Int>)] = []
        var count = 0

        func claim(_ wanted: Shape) {
            if shape != .none { unsupported = true }
            shape = wanted
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            claim(.keyed)
            return KeyedEncodingContainer(Keyed<Key>(node: self))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            claim(.unkeyed)
            return Unkeyed(node: self)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            claim(.single)
            return Single(node: self)
        }

        /// Appends one field or element: `write` adds the value's bytes.
        func add(key: String?, _ write: (inout [UInt8]) throws -> Void) throws {
            if shape == .single && count > 0 { throw Unsupported() }
            if key == nil && shape == .unkeyed && count > 0 { bytes.append(UInt8(ascii: ",")) }
            let start = bytes.count
            try write(&bytes)
            if let key { fields.append((key, start..<bytes.count)) }
            count += 1
        }

        func render(into out: inout [UInt8]) throws {
            if unsupported { throw Unsupported() }
            switch shape {
            case .none: throw Unsupported()
            case .single:
                guard count == 1 else { throw Unsupported() }
                out.append(contentsOf: bytes)
            case .unkeyed:
                out.append(UInt8(ascii: "["))
                out.append(contentsOf: bytes)
                out.append(UInt8(ascii: "]"))
            case .keyed:
                try renderKeyed(into: &out)
            }
        }

        /// `{"key":value,…}` in `JSONEncoder`'s `.sortedKeys` order (UTF-8 bytes, lexicographic).
        private func renderKeyed(into out: inout [UInt8]) throws {
            // Insertion sort in place: a handful of keys, usually written nearly in order. A big
            // keyed container (a dictionary, written in hash order) is sorted properly instead.
            if fields.count > 32 { fields.sort { precedes($0.key, $1.key) } }
            for i in fields.indices.dropFirst() {
                var j = i
                while j > 0 && precedes(fields[j].key, fields[j - 1].key) {
                    fields.swapAt(j, j - 1)
                    j -= 1
                }
            }
            let order = fields
            out.append(UInt8(ascii: "{"))
            for (index, field) in order.enumerated() {
                if index > 0 {
                    if field.key == order[index - 1].key { throw Unsupported() }  // JSONEncoder keeps the last
                    out.append(UInt8(ascii: ","))
                }
                writeString(field.key, into: &out)
                out.append(UInt8(ascii: ":"))
                out.append(contentsOf: bytes[field.range])
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}
