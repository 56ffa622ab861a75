import AppPorts
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
    func encodeElements(reusing previous: EncodedArray?, with encoder: StoreEncoder) throws -> EncodedArray
}

extension Array: ElementEncodable where Element: Encodable {
    /// Encodes each element, reusing `previous`'s bytes for an element that is bit-for-bit the one
    /// at the same index there (or all of them when the array still shares `previous`'s storage).
    ///
    /// Why bit-for-bit equality is enough: the model types are values whose only references are
    /// copy-on-write storage (strings, arrays, `Data`). `previous` keeps the old elements alive, so
    /// the storage they reference is shared and can no longer be written in place; equal bits
    /// therefore mean the very same contents. (`==` would not do: `0.0 == -0.0`, and `String`
    /// equality ignores Unicode normalisation, yet both encode differently.) Only the stored
    /// fields' bytes are compared (`StoredFieldBytes`): the padding between them is not copied
    /// when an array grows, so comparing it made every element of a copied array look new and a
    /// save re-encode the whole store. Unequal bits may still be equal values (copies of equal
    /// strings): those are simply encoded again.
    func encodeElements(reusing previous: EncodedArray?, with encoder: StoreEncoder) throws -> EncodedArray {
        let known = reusableBytes(from: previous)
        let reused = known.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
        if reused == count, previous != nil {
            return EncodedArray(elements: self, elementBytes: known.map { $0! }, encodedCount: 0)
        }
        // With `JSONEncoder` and mostly new elements: one encode of the whole array (cheaper than
        // one per element), cut at its top-level commas. Otherwise encode just the others.
        if !encoder.sortedKeysJSON && reused * 2 < count, let whole = try wholeArrayElements(with: encoder.encoder) {
            return EncodedArray(elements: self, elementBytes: whole, encodedCount: count)
        }
        var bytes: [[UInt8]] = []
        bytes.reserveCapacity(count)
        for (index, element) in enumerated() {
            bytes.append(try known[index] ?? encoder.bytes(element))
        }
        return EncodedArray(elements: self, elementBytes: bytes, encodedCount: count - reused)
    }

    /// Per element, `previous`'s bytes when the element is bit-for-bit the one at its index there.
    private func reusableBytes(from previous: EncodedArray?) -> [[UInt8]?] {
        // A class element could change behind the same reference: never reuse its bytes.
        guard !(Element.self is AnyObject.Type), let previous, let old = previous.elements as? [Element] else {
            return Array<[UInt8]?>(repeating: nil, count: count)
        }
        if old.count == count && old.withUnsafeBufferPointer({ $0.baseAddress }) == withUnsafeBufferPointer({ $0.baseAddress }) {
            return previous.elementBytes  // the very same storage
        }
        let ranges = StoredFieldBytes.ranges(of: Element.self)
        return old.withUnsafeBytes { oldBytes in
            withUnsafeBytes { newBytes in
                let stride = MemoryLayout<Element>.stride
                return indices.map { index in
                    guard index < old.count else { return nil }
                    let start = index * stride
                    let same = ranges.allSatisfy { range in
                        oldBytes[(start + range.lowerBound)..<(start + range.upperBound)]
                            .elementsEqual(newBytes[(start + range.lowerBound)..<(start + range.upperBound)])
                    }
                    return same ? previous.elementBytes[index] : nil
                }
            }
        }
    }

    /// Each element's bytes as they appear in `encoder`'s encoding of the whole array; nil when
    /// that encoding is not cut into exactly one piece per element.
    private func wholeArrayElements(with encoder: JSONEncoder) throws -> [[UInt8]]? {
        let whole = [UInt8](try encoder.encode(self))
        guard let ranges = JSONArrayCuts.elementRanges(of: whole), ranges.count == count else { return nil }
        return ranges.map { [UInt8](whole[$0]) }
    }
}
