/// How NSPersistentCloudKitContainer lays an object out as a record (Apple: "Reading CloudKit
/// Records for Core Data"):
/// - record type `CD_<Entity>`, a `CD_entityName` field, record name `CD_<Entity>_<UUID>`;
/// - each attribute in a field `CD_<attribute>`; UUID as a string, Boolean and integers as
///   numbers, Date as a date, Binary Data as bytes — "or CKAsset": a value too large for the
///   record moves to `CD_<attribute>_ckAsset`, the original field left empty;
/// - a to-one relationship as a field `CD_<relationship>` holding the related record's
///   `recordName` as a string — "Core Data doesn't use CloudKit's native support for
///   relationships, CKRecord.Reference, because this field limits the number of references to
///   750" — on both sides of a one-to-one, on the many side of a one-to-many ("Generated Post
///   records don't contain a reference to their attachments").
/// Not modelled: many-to-many relationships (CDMR join records) and entity inheritance.
struct MirrorRecordMapping {
    let schema: VersionedSchema
    let assetThresholdBytes: Int

    static func recordType(_ entity: String) -> String { "CD_" + entity }
    static func field(_ property: String) -> String { "CD_" + property }
    static let entityNameField = "CD_entityName"

    /// The object's fields as the server should hold them, in store values. `names` gives the
    /// record name of each related object; `pending` the links still waiting for their target.
    func fields(of row: ModelRow, names: [PersistentIdentifier: String], pending: [String: String]) -> [String: StoreValue] {
        let entity = schema.entity(row.id.entityName)!
        var fields: [String: StoreValue] = [Self.entityNameField: .string(entity.name)]
        for attribute in entity.attributes {
            let value = row[attribute.name] ?? .null
            if !value.isNull { fields[Self.field(attribute.name)] = value }
        }
        for relationship in entity.relationships where !relationship.isToMany {
            if let target = row.targets(relationship.name).first, let name = names[target] {
                fields[Self.field(relationship.name)] = .string(name)
            } else if let waiting = pending[relationship.name] {
                fields[Self.field(relationship.name)] = .string(waiting)
            }
        }
        return fields
    }

    /// The record fields for store-value fields (large data and text become assets).
    func recordFields(_ fields: [String: StoreValue]) -> [String: CloudKitFieldValue] {
        var result: [String: CloudKitFieldValue] = [:]
        for (key, value) in fields {
            switch value {
            case .null: continue
            case .string(let text) where text.utf8.count > assetThresholdBytes:
                result[key] = .string("")
                result[key + "_ckAsset"] = .asset(Array(text.utf8))
            case .data(let bytes) where bytes.count > assetThresholdBytes:
                result[key] = .bytes([])
                result[key + "_ckAsset"] = .asset(bytes)
            case .string(let text), .uuid(let text): result[key] = .string(text)
            case .int(let number): result[key] = .int64(number)
            case .bool(let flag): result[key] = .int64(flag ? 1 : 0)
            case .double(let number): result[key] = .double(number)
            case .date(let millis): result[key] = .date(millis)
            case .data(let bytes): result[key] = .bytes(bytes)
            }
        }
        return result
    }

    /// A fetched record's fields back as store values, typed by the entity's schema. Unknown
    /// fields are ignored (a newer schema's); a value of the wrong type reads as absent.
    func storeFields(of record: CloudKitRecord, entity: EntityShape) -> [String: StoreValue] {
        var fields: [String: StoreValue] = [Self.entityNameField: .string(entity.name)]
        for attribute in entity.attributes {
            let key = Self.field(attribute.name)
            if let value = storeValue(record[key], asset: record[key + "_ckAsset"], type: attribute.type) { fields[key] = value }
        }
        for relationship in entity.relationships where !relationship.isToMany {
            if case .string(let name)? = record[Self.field(relationship.name)] { fields[Self.field(relationship.name)] = .string(name) }
        }
        return fields
    }

    private func storeValue(_ field: CloudKitFieldValue?, asset: CloudKitFieldValue?, type: AttributeType) -> StoreValue? {
        switch (type, field) {
        case (.string, .string(let text)?), (.decimalString, .string(let text)?):
            if text.isEmpty, case .asset(let bytes)? = asset { return .string(String(decoding: bytes, as: UTF8.self)) }
            return .string(text)
        case (.uuid, .string(let text)?): return .uuid(text)
        case (.int, .int64(let number)?), (.minorUnits, .int64(let number)?): return .int(number)
        case (.bool, .int64(let number)?): return .bool(number != 0)
        case (.double, .double(let number)?): return .double(number)
        case (.date, .date(let millis)?): return .date(millis)
        case (.data, .bytes(let bytes)?):
            if bytes.isEmpty, case .asset(let stored)? = asset { return .data(stored) }
            return .data(bytes)
        default: return nil
        }
    }
}
