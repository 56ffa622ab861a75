/// The saved form of a document: a magic header, a version, the changes, a checksum.
///
/// Layout: magic `0x89 'C' 'R' 'D'` · version byte (1) · change count · for each change its
/// length and canonical bytes (`ChangeEncoding`), in canonical order · 16-byte FNV-1a-128 checksum
/// of everything before it. Like Automerge's own format (which also stores whole changes with
/// checksums), it keeps the full history, so `load` rebuilds the document by replaying.
/// The same set of changes always gives the same bytes, whatever order they were received in.
enum DocumentEncoding {
    static let magic: [UInt8] = [0x89, 0x43, 0x52, 0x44]
    static let version: UInt8 = 1
    static let checksumLength = 16

    static func encode(_ changes: [Change]) -> [UInt8] {
        var writer = ByteWriter()
        writer.raw(magic)
        writer.byte(version)
        writer.uleb(changes.count)
        for change in changes {
            writer.uleb(change.bytes.count)
            writer.raw(change.bytes)
        }
        writer.hash(ChangeHash(of: writer.bytes))
        return writer.bytes
    }

    /// The changes in `bytes`, or `DocumentError.corrupt` saying what is wrong.
    static func decode(_ bytes: [UInt8]) throws -> [Change] {
        let headerLength = magic.count + 1
        guard bytes.count >= headerLength + 1 + checksumLength else { throw DocumentError.corrupt("too short (\(bytes.count) bytes)") }
        guard Array(bytes[0..<magic.count]) == magic else { throw DocumentError.corrupt("not a document (bad magic)") }
        guard bytes[magic.count] == version else { throw DocumentError.corrupt("unknown version \(bytes[magic.count])") }
        let bodyEnd = bytes.count - checksumLength
        var trailer = ByteReader(bytes, from: bodyEnd)
        guard try trailer.hash() == ChangeHash(of: Array(bytes[0..<bodyEnd])) else { throw DocumentError.corrupt("checksum mismatch") }
        var reader = ByteReader(bytes, from: headerLength, to: bodyEnd)
        var changes: [Change] = []
        for _ in 0..<(try reader.count()) {
            let length = try reader.count()
            changes.append(try ChangeEncoding.decode(try reader.raw(length)))
        }
        guard reader.isAtEnd else { throw DocumentError.corrupt("\(reader.remaining) bytes after the last change") }
        return changes
    }
}
