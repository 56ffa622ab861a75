import AppPorts

/// An `Encoder` that records the fields a value writes into its top-level keyed container, in the
/// order it writes them, instead of encoding them: `StoreEncoder` then re-encodes them one by one.
///
/// Anything else (a top-level unkeyed or single-value container, nested containers, super
/// encoders) marks the capture `unsupported`, and the caller falls back to a plain encode.
final class FieldCapture: Encoder {
    /// One `encode…(_:forKey:)` call.
    struct Field {
        var key: String
        /// nil for `encodeNil(forKey:)`.
        var value: (any Encodable)?
    }

    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]
    private(set) var fields: [Field] = []
    private(set) var unsupported = false
    private var containers = 0

    /// The fields `value` writes, or nil when its encoding is not one flat keyed container.
    static func fields(of value: some Encodable) -> [Field]? {
        let capture = FieldCapture()
        do { try value.encode(to: capture) } catch { return nil }
        return capture.unsupported || capture.containers != 1 ? nil : capture.fields
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        containers += 1
        return KeyedEncodingContainer(Container<Key>(capture: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        unsupported = true
        return Refused()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        unsupported = true
        return Refused()
    }

    fileprivate func record(_ key: some CodingKey, _ value: (any Encodable)?) {
        fields.append(Field(key: key.stringValue, value: value))
    }

    fileprivate func refuse() { unsupported = true }

    /// The keyed container handed to the captured value: every `encode` becomes a `Field`.
    private struct Container<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let capture: FieldCapture
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { capture.record(key, nil) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { capture.record(key, value) }
        mutating func encode(_ value: String, forKey key: Key) throws { capture.record(key, value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { capture.record(key, value) }
        mutating func encode(_ value: Float, forKey key: Key) throws { capture.record(key, value) }
        mutating func encode(_ value: Int, forKey key: Key) throws { capture.record(key, value) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { capture.record(key, value) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { capture.record(key, value) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { capture.record(key, value) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { capture.record(key, value) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { capture.record(key, value) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { capture.record(key, value) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { capture.record(key, value) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { capture.record(key, value) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { capture.record(key, value) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { capture.record(key, value) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            capture.refuse()
            return KeyedEncodingContainer(Container<NestedKey>(capture: FieldCapture()))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            capture.refuse()
            return Refused()
        }

        mutating func superEncoder() -> any Encoder {
            capture.refuse()
            return FieldCapture()
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            capture.refuse()
            return FieldCapture()
        }
    }

    /// A container for shapes the capture does not handle: every write throws.
    private struct Refused: UnkeyedEncodingContainer, SingleValueEncodingContainer {
        struct Unsupported: Error {}
        var codingPath: [any CodingKey] { [] }
        var count: Int { 0 }

        mutating func encodeNil() throws { throw Unsupported() }
        mutating func encode<T: Encodable>(_ value: T) throws { throw Unsupported() }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Container<NestedKey>(capture: FieldCapture()))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Refused() }
        mutating func superEncoder() -> any Encoder { FieldCapture() }
    }
}
