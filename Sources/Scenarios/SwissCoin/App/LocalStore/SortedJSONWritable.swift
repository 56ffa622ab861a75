import AppPorts
import Foundation

/// A model type that writes its own bytes exactly as `JSONEncoder` with `.sortedKeys` writes its
/// synthesized `Codable` encoding. `SortedKeysJSON.write` uses it instead of going through the
/// `Encoder` protocol, which is most of the cost of saving a whole store (speed only).
protocol SortedJSONWritable {
    func writeSortedJSON(into out: inout [UInt8]) throws
}

/// One JSON object being written field by field. Fields must come in `.sortedKeys` order (UTF-8
/// byte order: `payerId` before `payers`); a nil optional writes nothing, as `encodeIfPresent`.
/// The buffer is moved in by `init(into:)` and back by `close(into:)`, never copied.
struct SortedJSONObject {
    private var bytes: [UInt8] = []
    private var empty = true

    init(into out: inout [UInt8]) {
        swap(&bytes, &out)
        bytes.append(UInt8(ascii: "{"))
    }

    mutating func close(into out: inout [UInt8]) {
        bytes.append(UInt8(ascii: "}"))
        swap(&bytes, &out)
    }

    private mutating func key(_ key: StaticString) {
        if !empty { bytes.append(UInt8(ascii: ",")) }
        empty = false
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }  // keys are identifiers: nothing to escape
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func field(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        SortedKeysJSON.writeString(value, into: &bytes)
    }

    mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func field<I: BinaryInteger>(_ name: StaticString, _ value: I?) {
        guard let value else { return }
        key(name)
        SortedKeysJSON.writeInteger(value, into: &bytes)
    }

    mutating func field(_ name: StaticString, _ value: Double) throws {
        key(name)
        try SortedKeysJSON.writeFloat(value, into: &bytes)
    }

    /// `Data` under `.base64`.
    mutating func field(_ name: StaticString, _ value: Data?) {
        guard let value else { return }
        key(name)
        SortedKeysJSON.writeString(value.base64EncodedString(), into: &bytes)
    }

    /// An array of optional strings (a nil element is `null`): short lists, written by
    /// `SortedKeysJSON`'s own array path rather than a second copy of it here.
    mutating func field(_ name: StaticString, _ values: [String?]) throws {
        key(name)
        try SortedKeysJSON.write(values, into: &bytes)
    }

    mutating func elements<T: SortedJSONWritable>(_ name: StaticString, _ values: [T]) throws {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            try value.writeSortedJSON(into: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }
}
