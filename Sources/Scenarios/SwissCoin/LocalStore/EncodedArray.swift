import Foundation

/// An array as `StoreEncoder` last encoded it: the array itself (kept so its storage, and so the
/// identity of everything it references, stays alive) and each element's encoded bytes.
struct EncodedArray {
    let elements: Any
    let elementBytes: [[UInt8]]
    /// How many elements were encoded rather than reused.
    let encodedCount: Int

    /// The bytes of the whole array: `[`, the elements joined by `,`, `]`.
    var byteCount: Int { elementBytes.reduce(0) { $0 + $1.count } + Swift.max(0, elementBytes.count - 1) }

    func write(into data: inout Data) {
        data.append(UInt8(ascii: "["))
        for (index, bytes) in elementBytes.enumerated() {
            if index > 0 { data.append(UInt8(ascii: ",")) }
            data.append(contentsOf: bytes)
        }
        data.append(UInt8(ascii: "]"))
    }
}

/// An array whose elements `StoreEncoder` encodes one by one.
protocol ElementEncodable {
    func encodeElements(reusing previous: EncodedArray?, with encoder: JSONEncoder) throws -> EncodedArray
}

extension Array: ElementEncodable where Element: Encodable {
    /// Encodes each element, reusing `previous`'s bytes for an element that is bit-for-bit the one
    /// at the same index there (or all of them when the array still shares `previous`'s storage).
    ///
    /// Why bit-for-bit equality is enough: the model types are values whose only references are
    /// copy-on-write storage (strings, arrays, `Data`). `previous` keeps the old elements alive, so
    /// the storage they reference is shared and can no longer be written in place; equal bits
    /// therefore mean the very same contents. (`==` would not do: `0.0 == -0.0`, and `String`
    /// equality ignores Unicode normalisation, yet both encode differently.) Unequal bits may still
    /// be equal values (padding, copies of equal strings): those are simply encoded again.
    func encodeElements(reusing previous: EncodedArray?, with encoder: JSONEncoder) throws -> EncodedArray {
        // A class element could change behind the same reference: never reuse its bytes.
        let old = Element.self is AnyObject.Type ? nil : previous?.elements as? [Element]
        guard let old, let previous else { return try encodeAll(with: encoder) { _ in nil } }
        if old.count == count && old.withUnsafeBufferPointer({ $0.baseAddress }) == withUnsafeBufferPointer({ $0.baseAddress }) {
            return EncodedArray(elements: self, elementBytes: previous.elementBytes, encodedCount: 0)
        }
        return try old.withUnsafeBytes { oldBytes in
            try withUnsafeBytes { newBytes in
                let stride = MemoryLayout<Element>.stride, size = MemoryLayout<Element>.size
                return try encodeAll(with: encoder) { index in
                    guard index < old.count else { return nil }
                    let start = index * stride
                    let same = oldBytes[start..<(start + size)].elementsEqual(newBytes[start..<(start + size)])
                    return same ? previous.elementBytes[index] : nil
                }
            }
        }
    }

    /// Every element's bytes: `reused(index)` when it has them, else a fresh encode.
    private func encodeAll(with encoder: JSONEncoder, _ reused: (Int) -> [UInt8]?) throws -> EncodedArray {
        var bytes: [[UInt8]] = []
        bytes.reserveCapacity(count)
        var encoded = 0
        for index in indices {
            if let known = reused(index) {
                bytes.append(known)
            } else {
                bytes.append([UInt8](try encoder.encode(self[index])))
                encoded += 1
            }
        }
        return EncodedArray(elements: self, elementBytes: bytes, encodedCount: encoded)
    }
}
