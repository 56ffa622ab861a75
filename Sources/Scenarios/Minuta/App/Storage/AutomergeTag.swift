import AppPorts
import CRDT

extension Minuta {
    /// Reads and writes a `Tag` in the tags document (seed `AutomergeTag`, l.238-291).
    struct AutomergeTag: Sendable {
        let document: Document
        let objectId: ObjId
        let tagId: String

        var name: String { AutomergeProperty(document, objectId, "name").string ?? "" }
        var color: String { AutomergeProperty(document, objectId, "color").string ?? "#808080" }
        var createdAt: Int64 { AutomergeProperty(document, objectId, "createdAt").timestamp ?? 0 }
        var isArchived: Bool { AutomergeProperty(document, objectId, "isArchived").bool ?? false }

        func setName(_ value: String) throws { try AutomergeProperty(document, objectId, "name").set(.String(value)) }
        func setColor(_ value: String) throws { try AutomergeProperty(document, objectId, "color").set(.String(value)) }
        func setCreatedAt(_ value: Int64) throws { try AutomergeProperty(document, objectId, "createdAt").set(.Timestamp(value)) }
        func setIsArchived(_ value: Bool) throws { try AutomergeProperty(document, objectId, "isArchived").set(.Boolean(value)) }

        func asTag() -> Tag { Tag(id: tagId, name: name, color: color, createdAt: createdAt, isArchived: isArchived) }

        /// Every field, as the seed's `saveTags` does for an existing tag (l.434-437).
        func setAll(_ tag: Tag) throws {
            try setName(tag.name)
            try setColor(tag.color)
            try setIsArchived(tag.isArchived)
        }

        /// Only the fields that differ between `previous` and `tag`.
        func setChanged(_ tag: Tag, from previous: Tag) throws {
            if tag.name != previous.name { try setName(tag.name) }
            if tag.color != previous.color { try setColor(tag.color) }
            if tag.isArchived != previous.isArchived { try setIsArchived(tag.isArchived) }
        }

        /// A new map object under the tag's id with every field (seed l.284-291).
        static func create(in document: Document, at parent: ObjId, tag: Tag) throws -> AutomergeTag {
            let objId = try document.putObject(obj: parent, key: tag.id, ty: .Map)
            let wrapper = AutomergeTag(document: document, objectId: objId, tagId: tag.id)
            try wrapper.setName(tag.name)
            try wrapper.setColor(tag.color)
            try wrapper.setCreatedAt(tag.createdAt)
            try wrapper.setIsArchived(tag.isArchived)
            return wrapper
        }

        /// The tag under `key`, if the key holds a map.
        static func find(_ document: Document, _ key: String) -> AutomergeTag? {
            guard case .Object(let objId, .Map)? = try? document.get(obj: .ROOT, key: key) else { return nil }
            return AutomergeTag(document: document, objectId: objId, tagId: key)
        }

        /// Every tag in a tags document, in key order (seed `loadTags`, l.419-428).
        static func all(in document: Document) -> [Tag] {
            ((try? document.keys(obj: .ROOT)) ?? []).filter(Minuta.isUUID).compactMap { find(document, $0)?.asTag() }
        }
    }
}
