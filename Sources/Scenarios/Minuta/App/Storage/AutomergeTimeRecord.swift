import AppPorts
import CRDT

extension Minuta {
    /// Reads and writes a `TimeRecord` in a month document (seed `AutomergeTimeRecord`, l.295-356).
    /// `moveSeq` is the fixed variant's own field: how many times the record moved to another
    /// month document (the copy with the higher count is the live one after an interrupted move).
    public struct AutomergeTimeRecord: Sendable {
        let document: Document
        let objectId: ObjId
        let recordId: String

        private func property(_ key: String) -> AutomergeProperty { AutomergeProperty(document, objectId, key) }

        var startTime: Int64 { property("startTime").timestamp ?? 0 }
        var endTime: Int64? { property("endTime").timestamp }
        var tagId: String? { property("tagId").string }
        var comment: String? { property("comment").string }
        var images: [String] { property("images").strings }
        var moveSeq: Int64 { property("moveSeq").int ?? 0 }

        func setStartTime(_ value: Int64) throws { try property("startTime").set(.Timestamp(value)) }
        func setEndTime(_ value: Int64?) throws { try property("endTime").set(value.map { .Timestamp($0) }) }
        func setTagId(_ value: String?) throws { try property("tagId").set(value.map { .String($0) }) }
        func setComment(_ value: String?) throws { try property("comment").set(value.map { .String($0) }) }
        func setMoveSeq(_ value: Int64) throws { try property("moveSeq").set(.Int(value)) }

        /// The seed's `setImages` (l.350-352 → l.208-213): a new list object every time.
        func setImages(_ value: [String]) throws { try property("images").recreateList(value) }

        /// The fixed variant's image edit: the existing list object, changed in place.
        func editImages(adding added: [String], removing removed: [String]) throws {
            try property("images").editList(adding: added, removing: removed)
        }

        func asTimeRecord() -> TimeRecord {
            TimeRecord(id: recordId, startTime: startTime, endTime: endTime, tagId: tagId, comment: comment, images: images)
        }

        /// Every scalar field from `record`, as the seed's `saveRecord` does (l.524-528).
        func setAllFields(_ record: TimeRecord) throws {
            try setStartTime(record.startTime)
            try setEndTime(record.endTime)
            try setTagId(record.tagId)
            try setComment(record.comment)
        }

        /// Only the scalar fields that differ between `previous` and `record`.
        func setChangedFields(_ record: TimeRecord, from previous: TimeRecord) throws {
            if record.startTime != previous.startTime { try setStartTime(record.startTime) }
            if record.endTime != previous.endTime { try setEndTime(record.endTime) }
            if record.tagId != previous.tagId { try setTagId(record.tagId) }
            if record.comment != previous.comment { try setComment(record.comment) }
        }

        /// A new map object under the record's id with every field (seed l.344-356).
        static func create(in document: Document, at parent: ObjId, record: TimeRecord, recreateImages: Bool = true) throws -> AutomergeTimeRecord {
            let objId = try document.putObject(obj: parent, key: record.id, ty: .Map)
            let wrapper = AutomergeTimeRecord(document: document, objectId: objId, recordId: record.id)
            try wrapper.setStartTime(record.startTime)
            try wrapper.setEndTime(record.endTime)
            try wrapper.setTagId(record.tagId)
            try wrapper.setComment(record.comment)
            if recreateImages { try wrapper.setImages(record.images) } else {
                try wrapper.editImages(adding: record.images, removing: [])
            }
            return wrapper
        }

        /// The record under `key`, if the key holds a map.
        static func find(_ document: Document, _ key: String) -> AutomergeTimeRecord? {
            guard case .Object(let objId, .Map)? = try? document.get(obj: .ROOT, key: key) else { return nil }
            return AutomergeTimeRecord(document: document, objectId: objId, recordId: key)
        }

        /// Every record in a month document, in key order (seed l.480-486).
        public static func all(in document: Document) -> [TimeRecord] {
            ((try? document.keys(obj: .ROOT)) ?? []).filter(Minuta.isUUID).compactMap { find(document, $0)?.asTimeRecord() }
        }
    }
}
