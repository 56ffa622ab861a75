import SimCore

/// The JSON type a resource field accepts.
public enum RESTFieldType: Sendable, Hashable {
    case string, int, bool
    /// Any JSON number (an integer is accepted too).
    case double
    /// RFC 3339 text with a time zone, e.g. `2025-01-06T09:30:00Z`.
    case dateTime
    /// The id of a row of the named collection, owned by the same user.
    case reference(String)
    case stringArray
    /// Any JSON value, stored as sent.
    case json
    /// The `file_url` of a completed upload of the same user (see `RESTMediaStore`).
    case fileURL
}

/// What deleting a parent does to rows whose reference field points at it.
public enum ReferenceDeletion: Sendable, Hashable {
    /// The delete fails with 409 while children exist (a foreign key's default, NO ACTION).
    case restrict
    /// The children are deleted too (Rails `dependent: :destroy`, SQL `ON DELETE CASCADE`).
    case cascade
    /// The field is set to null (SQL `ON DELETE SET NULL`); only for optional fields.
    case setNull
}

/// One declared field of a resource.
public struct RESTField: Sendable, Hashable {
    public var name: String
    public var type: RESTFieldType
    public var required: Bool
    /// Longest accepted string, in characters (Rails `length: { maximum: }`).
    public var maxLength: Int?
    /// Applies to `.reference` fields.
    public var onParentDelete: ReferenceDeletion

    public init(_ name: String, _ type: RESTFieldType, required: Bool = false, maxLength: Int? = nil, onParentDelete: ReferenceDeletion = .restrict) {
        precondition(!(onParentDelete == .setNull && required), "a required field cannot be set to null")
        self.name = name
        self.type = type
        self.required = required
        self.maxLength = maxLength
        self.onParentDelete = onParentDelete
    }
}

/// A resource collection and the routes derived from it.
///
/// `path` (e.g. `/api/heroes`) serves `GET` (list) and `POST` (create); `path/<id>` serves `GET`,
/// `PUT`, `PATCH`, `DELETE`. `bulkDeletePath`, when declared, serves `DELETE` = "delete all of the
/// caller's rows" (the seed's `Endpoint.deleteAllHeroes` / `deleteAllStories`, l.1109-1117).
public struct RESTCollection: Sendable, Hashable {
    public var name: String
    public var path: String
    public var fields: [RESTField]
    /// Field sets unique per owner (Rails `validates :name, uniqueness: { scope: :user_id }`).
    /// Like a SQL unique index, a set with a null value never conflicts.
    public var uniqueFieldSets: [[String]]
    public var bulkDeletePath: String?

    public init(name: String, path: String, fields: [RESTField], uniqueFieldSets: [[String]] = [], bulkDeletePath: String? = nil) {
        self.name = name
        self.path = path
        self.fields = fields
        self.uniqueFieldSets = uniqueFieldSets
        self.bulkDeletePath = bulkDeletePath
    }

    public func field(_ name: String) -> RESTField? { fields.first { $0.name == name } }
}

/// An app's REST backend declared as data: collections and where the fixed routes live.
///
/// Built with `RESTBackendDefinition { b in b.collection("heroes", path: "/api/heroes") { c in … } }`.
public struct RESTBackendDefinition: Sendable {
    public var collections: [RESTCollection] = []
    /// Prefix of `signup`, `signin`, `refresh`, `signout`, `me`.
    public var authPath = "/auth"
    /// `POST` here starts a presigned upload.
    public var uploadsPath = "/api/uploads"
    /// Where presigned `PUT`s and file `GET`s go (`<storagePath>/uploads/<key>`, `<storagePath>/files/<key>`).
    public var storagePath = "/storage"

    /// Names the server adds to every resource; a declared field may not use them.
    public static let serverFields = ["id", "owner_id", "created_at", "updated_at"]

    public init() {}

    public init(_ build: (RESTBackendBuilder) -> Void) {
        let builder = RESTBackendBuilder()
        build(builder)
        self = builder.definition
        for collection in collections {
            for field in collection.fields {
                precondition(!Self.serverFields.contains(field.name), "\(field.name) is set by the server")
                if case .reference(let target) = field.type {
                    precondition(self.collection(named: target) != nil, "\(collection.name).\(field.name) references unknown \(target)")
                }
            }
            for set in collection.uniqueFieldSets { precondition(set.allSatisfy { collection.field($0) != nil }) }
        }
    }

    public func collection(named name: String) -> RESTCollection? { collections.first { $0.name == name } }
}

/// The mutable side of `RESTBackendDefinition`'s builder.
public final class RESTBackendBuilder {
    var definition = RESTBackendDefinition()

    public func collection(_ name: String, path: String, _ body: (RESTCollectionBuilder) -> Void) {
        let builder = RESTCollectionBuilder(RESTCollection(name: name, path: path, fields: []))
        body(builder)
        definition.collections.append(builder.collection)
    }

    public func routes(auth: String = "/auth", uploads: String = "/api/uploads", storage: String = "/storage") {
        definition.authPath = auth
        definition.uploadsPath = uploads
        definition.storagePath = storage
    }
}

/// Declares one collection's fields, unique sets and bulk delete.
public final class RESTCollectionBuilder {
    var collection: RESTCollection

    init(_ collection: RESTCollection) { self.collection = collection }

    public func field(_ name: String, _ type: RESTFieldType, required: Bool = false, maxLength: Int? = nil, onParentDelete: ReferenceDeletion = .restrict) {
        collection.fields.append(RESTField(name, type, required: required, maxLength: maxLength, onParentDelete: onParentDelete))
    }

    public func unique(_ fields: String...) { collection.uniqueFieldSets.append(fields) }

    /// `DELETE path` deletes all of the caller's rows; `path` defaults to the collection path.
    public func bulkDelete(path: String? = nil) { collection.bulkDeletePath = path ?? collection.path }
}
