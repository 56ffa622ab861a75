import AppleStandIns
import Foundation
import SimHarness

/// One record the user sees, whatever schema version stores it: its kind (`person`, `expense`…)
/// and id (the `id` attribute).
struct LogicalKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    var kind: String
    var id: String
    static func < (a: LogicalKey, b: LogicalKey) -> Bool { (a.kind, a.id) < (b.kind, b.id) }
    var description: String { "\(kind) \(id.prefix(8))" }
}

/// A store file read the harness's own way (never through the app's code): every record by key as
/// field texts, renames followed (`phone`/`phoneNumber`, `amount`/`amountCents`, the entity
/// `PersonModelV2`), money as cents, relationships as the targets' ids. The first row of an id
/// (by row number) stands for it; `copies` counts rows per id.
struct LogicalStore: Sendable {
    /// Kind → entity names, and logical field → attribute names to try in order ("@" a relationship).
    static let mapping: [(kind: String, entities: [String], fields: [(String, [String])])] = [
        ("person", ["PersonModel", "PersonModelV2"], [("name", ["name"]), ("email", ["email"]), ("phone", ["phoneNumber", "phone"]),
                                                      ("avatarEmoji", ["avatarEmoji"]), ("profileImageURL", ["profileImageURL"])]),
        ("group", ["GroupModel"], [("name", ["name"]), ("groupDescription", ["groupDescription"]), ("emoji", ["emoji"]),
                                   ("members", ["@members"])]),
        ("expense", ["GroupExpenseModel"], [("title", ["title"]), ("category", ["category"]), ("amount", ["amountCents", "amount"]),
                                            ("date", ["date"]), ("paidBy", ["@paidBy"]), ("splitBetween", ["@splitBetween"]),
                                            ("group", ["@group"]), ("notes", ["notes"])]),
        ("subscription", ["SubscriptionModel"], [("name", ["name"]), ("billingCycle", ["billingCycle"]), ("category", ["category"]),
                                                 ("price", ["price"]), ("nextBillingDate", ["nextBillingDate"])]),
        ("shared", ["SharedSubscriptionModel"], [("subscriptionID", ["subscriptionID"]), ("costSplit", ["costSplit"]),
                                                 ("sharedWith", ["sharedWithIDs"])]),
        ("transaction", ["TransactionModel"], [("title", ["title"]), ("category", ["category"]), ("tags", ["tags"]),
                                               ("amount", ["amount"]), ("date", ["date"])]),
        ("settlement", ["SettlementModel"], [("from", ["fromPersonID"]), ("to", ["toPersonID"]), ("amount", ["amountCents"]), ("date", ["date"])]),
    ]

    let snapshot: StoreSnapshot
    /// The store's schema major version (1, 2, 3).
    let version: Int
    private(set) var records: [LogicalKey: [String: String]] = [:]
    private(set) var copies: [LogicalKey: Int] = [:]

    init?(bytes: [UInt8]?) {
        guard let bytes, let snapshot = StoreSnapshot.decode(bytes) else { return nil }
        self.init(snapshot)
    }

    init(_ snapshot: StoreSnapshot) {
        self.snapshot = snapshot
        version = Int(snapshot.metadata.versionIdentifier.split(separator: ".").first ?? "0") ?? 0
        for (kind, entities, fields) in Self.mapping {
            for entity in entities {
                for row in snapshot.rows(of: entity) {
                    guard let id = Self.text(row["id"]) else { continue }
                    let key = LogicalKey(kind: kind, id: id)
                    copies[key, default: 0] += 1
                    if records[key] == nil { records[key] = values(of: row, fields) }
                }
            }
        }
    }

    private func values(of row: ModelRow, _ fields: [(String, [String])]) -> [String: String] {
        var result: [String: String] = [:]
        for (name, candidates) in fields {
            for candidate in candidates {
                let value = candidate.hasPrefix("@") ? targets(row, String(candidate.dropFirst())) : Self.text(row[candidate])
                if let value { result[name] = value; break }
            }
        }
        return result
    }

    private func targets(_ row: ModelRow, _ relationship: String) -> String? {
        let ids = Set(row.targets(relationship).compactMap { snapshot.rows[$0].flatMap { Self.text($0["id"]) } })
        return ids.isEmpty ? nil : ids.sorted().joined(separator: ",")
    }

    /// A stored value as text: money `Double`s as cents, dates as milliseconds; nil for null/absent.
    static func text(_ value: StoreValue?) -> String? {
        switch value {
        case .string(let s)?, .uuid(let s)?: return s
        case .int(let i)?, .date(let i)?: return String(i)
        case .double(let d)?: return String(Int64((d * 100).rounded()))
        case .bool(let b)?: return String(b)
        default: return nil
        }
    }

    private struct Head: Decodable { var metadata: StoreMetadata }

    /// The schema major version of a store file, read from its metadata alone (nil: not a store).
    static func version(of bytes: [UInt8]?) -> Int? {
        guard let bytes, let head = try? JSONDecoder().decode(Head.self, from: Data(bytes)) else { return nil }
        return Int(head.metadata.versionIdentifier.split(separator: ".").first ?? "0")
    }

    /// The entity that holds `kind` in this store (nil when the schema has none).
    func entity(of kind: String) -> EntityShape? {
        let names = Self.mapping.first { $0.kind == kind }?.entities ?? []
        return names.lazy.compactMap { snapshot.metadata.model.entity($0) }.first
    }
}
