import AppPorts
import Foundation

/// The three containers a `SortedKeysJSON.Node` hands out. Every primitive is written at once into
/// the node's buffer; a nested `Encodable` is written by a node of its own (`SortedKeysJSON.write`).
/// Nested containers and super encoders mark the node unsupported (the caller falls back).
extension SortedKeysJSON {
    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { try node.add(key: key.stringValue) { $0.append(contentsOf: "null".utf8) } }
        mutating func encode(_ value: Bool, forKey key: Key) throws { try node.add(key: key.stringValue) { $0.append(contentsOf: (value ? "true" : "false").utf8) } }
        mutating func encode(_ value: String, forKey key: Key) throws { try node.add(key: key.stringValue) { writeString(value, into: &$0) } }
        mutating func encode(_ value: Double, forKey key: Key) throws { try node.add(key: key.stringValue) { try writeFloat(value, into: &$0) } }
        mutating func encode(_ value: Float, forKey key: Key) throws { try node.add(key: key.stringValue) { try writeFloat(value, into: &$0) } }
        mutating func encode(_ value: Int, forKey key: Key) throws { try node.add(key: key.stringValue) { writeInteger(value, into: &$0) } }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try node.add(key: key.stringValue) { writeInteger(value, into: &$0) } }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try node.add(key: key.stringValue) { writeInteger(value, into: &$0) } }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try node.add(key: key.stringValue) { writeInteger(value, into: &$0) } }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try node.add(key: key.stringValue) { writeInteger(value, into: &$0) } }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try node.add(key: key.stringValue) { writeInteger(value, into: &$0) } }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try node.add(key: key.stringValue) { writeInteger(value, into: &$0) } }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try node.add(key: key.stringValue) { writeInteger(value, into: &$0) } }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try node.add(key: key.stringValue) { writeInteger(value, into: &$0) } }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try node.add(key: key.stringValue) { writeInteger(value, into: &$0) } }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try node.add(key: key.stringValue) { try write(value, into: &$0) } }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            node.unsupported = true
            return KeyedEncodingContainer(Keyed<NestedKey>(node: Node()))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            node.unsupported = true
            return Unkeyed(node: Node())
        }

        mutating func superEncoder() -> any Encoder {
            node.unsupported = true
            return Node()
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            node.unsupported = true
            return Node()
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer, AppendsValues {
        let node: Node
        var codingPath: [any CodingKey] { [] }
        var count: Int { node.count }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            node.unsupported = true
            return KeyedEncodingContainer(Keyed<NestedKey>(node: Node()))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            node.unsupported = true
            return Unkeyed(node: Node())
        }

        mutating func superEncoder() -> any Encoder {
            node.unsupported = true
            return Node()
        }
    }

    struct Single: SingleValueEncodingContainer, AppendsValues {
        let node: Node
        var codingPath: [any CodingKey] { [] }
    }
}

/// The value writes the unkeyed and single-value containers share: each appends one value, with
/// no key, to the node's buffer.
protocol AppendsValues {
    var node: SortedKeysJSON.Node { get }
}

extension AppendsValues {
    func encodeNil() throws { try node.add(key: nil) { $0.append(contentsOf: "null".utf8) } }
    func encode(_ value: Bool) throws { try node.add(key: nil) { $0.append(contentsOf: (value ? "true" : "false").utf8) } }
    func encode(_ value: String) throws { try node.add(key: nil) { SortedKeysJSON.writeString(value, into: &$0) } }
    func encode(_ value: Double) throws { try node.add(key: nil) { try SortedKeysJSON.writeFloat(value, into: &$0) } }
    func encode(_ value: Float) throws { try node.add(key: nil) { try SortedKeysJSON.writeFloat(value, into: &$0) } }
    func encode(_ value: Int) throws { try node.add(key: nil) { SortedKeysJSON.writeInteger(value, into: &$0) } }
    func encode(_ value: Int8) throws { try node.add(key: nil) { SortedKeysJSON.writeInteger(value, into: &$0) } }
    func encode(_ value: Int16) throws { try node.add(key: nil) { SortedKeysJSON.writeInteger(value, into: &$0) } }
    func encode(_ value: Int32) throws { try node.add(key: nil) { SortedKeysJSON.writeInteger(value, into: &$0) } }
    func encode(_ value: Int64) throws { try node.add(key: nil) { SortedKeysJSON.writeInteger(value, into: &$0) } }
    func encode(_ value: UInt) throws { try node.add(key: nil) { SortedKeysJSON.writeInteger(value, into: &$0) } }
    func encode(_ value: UInt8) throws { try node.add(key: nil) { SortedKeysJSON.writeInteger(value, into: &$0) } }
    func encode(_ value: UInt16) throws { try node.add(key: nil) { SortedKeysJSON.writeInteger(value, into: &$0) } }
    func encode(_ value: UInt32) throws { try node.add(key: nil) { SortedKeysJSON.writeInteger(value, into: &$0) } }
    func encode(_ value: UInt64) throws { try node.add(key: nil) { SortedKeysJSON.writeInteger(value, into: &$0) } }
    func encode<T: Encodable>(_ value: T) throws { try node.add(key: nil) { try SortedKeysJSON.write(value, into: &$0) } }
}
