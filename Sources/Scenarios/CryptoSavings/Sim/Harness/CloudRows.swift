import AppleStandIns
import CryptoSavings

/// An account's records in the mirror's zone read back as store rows of schema V2 (the record
/// layout of `MirrorRecordMapping`: `CD_<attribute>` fields, to-one relationships as the target's
/// record name), so the app's own view code can recompute the dashboard from the cloud.
enum CloudRows {
    static func rows(_ records: [CloudKitRecord], transactionAmounts: [String: Units]) -> [ModelRow] {
        let sorted = records.sorted { $0.recordID < $1.recordID }
        var ids: [String: PersistentIdentifier] = [:]
        for (index, record) in sorted.enumerated() {
            ids[record.recordID.recordName] = PersistentIdentifier(entityName: String(record.recordType.dropFirst(3)), number: index + 1)
        }
        return sorted.compactMap { record in
            let id = ids[record.recordID.recordName]!
            guard let entity = CryptoSchemas.v2.entity(id.entityName) else { return nil }
            var attributes: [String: StoreValue] = [:]
            for attribute in entity.attributes {
                attributes[attribute.name] = value(record["CD_" + attribute.name], asset: record["CD_\(attribute.name)_ckAsset"], attribute.type)
                    ?? attribute.defaultValue ?? .null
            }
            if entity.name == "Transaction", attributes["amountUnits"] == .string(""),
               let exact = attributes["id"]?.uuidValue.flatMap({ transactionAmounts[$0] }) {
                attributes["amountUnits"] = .string(exact.text)  // what the user typed, not the Double
            }
            var relationships: [String: [PersistentIdentifier]] = [:]
            for relationship in entity.relationships where !relationship.isToMany {
                if case .string(let name)? = record["CD_" + relationship.name], let target = ids[name], target.entityName == relationship.target {
                    relationships[relationship.name] = [target]
                }
            }
            return ModelRow(id: id, attributes: attributes, relationships: relationships)
        }
    }

    private static func value(_ field: CloudKitFieldValue?, asset: CloudKitFieldValue?, _ type: AttributeType) -> StoreValue? {
        switch (type, field) {
        case (.uuid, .string(let text)?): return .uuid(text)
        case (.string, .string(let text)?), (.decimalString, .string(let text)?): return .string(text)
        case (.int, .int64(let n)?), (.minorUnits, .int64(let n)?): return .int(n)
        case (.bool, .int64(let n)?): return .bool(n != 0)
        case (.double, .double(let d)?): return .double(d)
        case (.date, .date(let ms)?): return .date(ms)
        case (.data, .bytes(let bytes)?):
            if bytes.isEmpty, case .asset(let stored)? = asset { return .data(stored) }
            return .data(bytes)
        default: return nil
        }
    }
}
