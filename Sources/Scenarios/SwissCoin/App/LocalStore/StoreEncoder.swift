import AppPorts
import Foundation

/// Encodes a value to exactly the bytes `encoder` would give, reusing the encoded bytes of
/// top-level array elements that are unchanged since this instance's previous encode: a save
/// that changes a few records (or none, as when the store is tagged with its account) re-encodes
/// only those.
///
/// How: the value's top-level fields are captured (`FieldCapture`); a skeleton with the same keys,
/// every array replaced by a unique marker string, is encoded by `encoder` (which orders the keys);
/// each marker is then replaced by `[` + the elements' bytes joined by `,` + `]`, which is how
/// `JSONEncoder` writes an array without `.prettyPrinted`. Elements are encoded alone by `encoder`;
/// without pretty printing an object's bytes do not depend on where it sits.
///
/// An element is "unchanged" when it is bit-for-bit the element at the same index last time (see
/// `EncodedArray`). Any shape this does not handle (no flat keyed container, a marker not found
/// exactly once, pretty printing) falls back to `encoder.encode(value)` and forgets the cache.
///
/// Bytes come from `SortedKeysJSON` when `encoder` is configured the way it writes (sorted keys,
/// base64 data, default strategies), else, or when it refuses a value, from `encoder` itself.
final class StoreEncoder {
    let encoder: JSONEncoder
    /// Whether `SortedKeysJSON` writes `encoder`'s bytes.
    let sortedKeysJSON: Bool
    /// The previous encode's arrays by top-level key (lookups only).
    private var previous: [String: EncodedArray] = [:]
    /// How many array elements the last `encode` had to encode (nil: it fell back to a plain encode).
    private(set) var elementsEncodedLast: Int?

    init(encoder: JSONEncoder) {
        self.encoder = encoder
        sortedKeysJSON = Self.writesSortedKeysJSON(encoder)
    }

    /// `value`'s bytes as `encoder` writes them.
    func bytes<T: Encodable>(_ value: T) throws -> [UInt8] {
        if sortedKeysJSON, let fast = try? SortedKeysJSON.encode(value) { return fast }
        return [UInt8](try encoder.encode(value))
    }

    /// Whether `encoder` is set up exactly as `SortedKeysJSON` writes.
    static func writesSortedKeysJSON(_ encoder: JSONEncoder) -> Bool {
        guard encoder.outputFormatting == [.sortedKeys], encoder.userInfo.isEmpty,
              case .base64 = encoder.dataEncodingStrategy, case .deferredToDate = encoder.dateEncodingStrategy,
              case .throw = encoder.nonConformingFloatEncodingStrategy, case .useDefaultKeys = encoder.keyEncodingStrategy
        else { return false }
        return true
    }

    func encode(_ value: some Encodable) throws -> Data {
        guard !encoder.outputFormatting.contains(.prettyPrinted), let fields = FieldCapture.fields(of: value),
            Set(fields.map(\.key)).count == fields.count, let spliced = try splice(fields)
        else {
            previous = [:]
            elementsEncodedLast = nil
            return Data(try bytes(value))
        }
        return spliced
    }

    /// The spliced encoding of `fields`, or nil when a marker cannot be placed unambiguously.
    private func splice(_ fields: [FieldCapture.Field]) throws -> Data? {
        var next: [String: EncodedArray] = [:]
        var skeleton: [FieldCapture.Field] = []
        var pieces: [(marker: [UInt8], array: EncodedArray)] = []
        for (index, field) in fields.enumerated() {
            guard let array = field.value as? any ElementEncodable else {
                skeleton.append(field)
                continue
            }
            let encoded = try array.encodeElements(reusing: previous[field.key], with: self)
            next[field.key] = encoded
            let marker = "\u{1}store-encoder-array-\(index)\u{1}"
            skeleton.append(FieldCapture.Field(key: field.key, value: marker))
            pieces.append((try bytes(marker), encoded))
        }
        let skeletonBytes = try bytes(Skeleton(fields: skeleton))
        guard let data = Self.replace(pieces, in: skeletonBytes) else { return nil }
        previous = next
        elementsEncodedLast = pieces.reduce(0) { $0 + $1.array.encodedCount }
        return data
    }

    /// `skeleton` with every marker replaced by its array; nil unless each marker occurs exactly once.
    private static func replace(_ pieces: [(marker: [UInt8], array: EncodedArray)], in skeleton: [UInt8]) -> Data? {
        var placed: [(start: Int, end: Int, array: EncodedArray)] = []
        let hits = occurrences(of: pieces.map(\.marker), in: skeleton)
        for (piece, hits) in zip(pieces, hits) {
            guard hits.count == 1 else { return nil }
            placed.append((hits[0], hits[0] + piece.marker.count, piece.array))
        }
        placed.sort { $0.start < $1.start }
        var out = Data()
        out.reserveCapacity(skeleton.count + placed.reduce(0) { $0 + $1.array.byteCount + 2 })
        var cursor = 0
        for piece in placed {
            out.append(contentsOf: skeleton[cursor..<piece.start])
            piece.array.write(into: &out)
            cursor = piece.end
        }
        out.append(contentsOf: skeleton[cursor...])
        return out
    }

    /// Where each needle starts in `haystack`, found in one pass over it (the skeleton holds the
    /// sync state's revisions, one entry per entity: a pass per needle made a save cost several
    /// times the store's size). The needles share a prefix (the marker text), checked first.
    static func occurrences(of needles: [[UInt8]], in haystack: [UInt8]) -> [[Int]] {
        var hits = [[Int]](repeating: [], count: needles.count)
        guard let shortest = needles.map(\.count).min(), shortest > 0, shortest <= haystack.count else { return hits }
        let prefix = needles.dropFirst().reduce(needles[0]) { common, needle in
            Array(zip(common, needle).prefix { $0.0 == $0.1 }.map(\.0))
        }
        haystack.withUnsafeBufferPointer { bytes in
            for start in 0...(bytes.count - shortest) where prefix.isEmpty || bytes[start] == prefix[0] {
                guard start + prefix.count <= bytes.count, bytes[start..<(start + prefix.count)].elementsEqual(prefix) else { continue }
                for (slot, needle) in needles.enumerated() where start + needle.count <= bytes.count {
                    if bytes[start..<(start + needle.count)].elementsEqual(needle) { hits[slot].append(start) }
                }
            }
        }
        return hits
    }

    /// The captured fields re-encoded under the same keys, in the same order.
    private struct Skeleton: Encodable {
        let fields: [FieldCapture.Field]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            for field in fields {
                let key = AnyKey(stringValue: field.key)
                if let value = field.value { try container.encode(value, forKey: key) } else { try container.encodeNil(forKey: key) }
            }
        }
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
