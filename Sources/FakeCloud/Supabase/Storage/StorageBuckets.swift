import SimCore

/// A storage policy expression over one object (`storage.objects` row): bucket, path, caller.
public typealias StoragePolicy = @Sendable (_ bucket: String, _ path: String, _ auth: AuthContext) -> Bool

/// A bucket and its rules.
public struct BucketSchema: Sendable {
    public var id: String
    /// Largest object in bytes (`file_size_limit`); nil = no bucket limit.
    public var fileSizeLimit: Int?
    /// Policies on `storage.objects` for this bucket (RLS is always on there: no policy = denied).
    public var select: StoragePolicy?
    public var insert: StoragePolicy?
    public var update: StoragePolicy?
    public var delete: StoragePolicy?

    public init(
        id: String, fileSizeLimit: Int? = nil, select: StoragePolicy? = nil, insert: StoragePolicy? = nil,
        update: StoragePolicy? = nil, delete: StoragePolicy? = nil
    ) {
        self.id = id
        self.fileSizeLimit = fileSizeLimit
        self.select = select
        self.insert = insert
        self.update = update
        self.delete = delete
    }

    /// The usual Supabase recipe: `(storage.foldername(name))[1] = auth.uid()::text` for all
    /// commands, i.e. the first path segment is the owner's user id.
    public static func ownerFolders(id: String, fileSizeLimit: Int? = nil) -> BucketSchema {
        let owner: StoragePolicy = { _, path, auth in
            guard let uid = auth.uid else { return false }
            return path.split(separator: "/", omittingEmptySubsequences: false).first.map(String.init) == uid
        }
        return BucketSchema(id: id, fileSizeLimit: fileSizeLimit, select: owner, insert: owner, update: owner, delete: owner)
    }
}

/// A stored object.
public struct StoredObject: Sendable, Hashable {
    public var bucket: String
    public var path: String
    public var data: [UInt8]
    /// `owner` column: the uploader's user id.
    public var owner: String?
    public var id: String
    public var version: Int
}

/// One storage call (`/storage/v1/object/...`).
public enum StorageRequest: Sendable {
    case upload(bucket: String, path: String, data: [UInt8], upsert: Bool)
    case download(bucket: String, path: String)
    case remove(bucket: String, paths: [String])
    case list(bucket: String, prefix: String)
}

/// The fake Storage API: objects per bucket, policies per command, size limits.
///
/// Mirrors supabase/storage error codes (https://supabase.com/docs/guides/storage/debugging/error-codes):
/// upload to an existing path without `x-upsert` → 409 `Duplicate`/ResourceAlreadyExists "The
/// resource already exists"; a missing or invisible object → 404 NoSuchKey "Object not found";
/// larger than the bucket's `file_size_limit` → 413 EntityTooLarge (limits:
/// https://supabase.com/docs/guides/storage/uploads/file-limits); a policy failure → 403
/// "new row violates row-level security policy" (objects are rows of `storage.objects` under RLS).
/// Older storage-api releases sent 400 with `"statusCode":"409"` in the body; the body keeps that
/// field so clients written against either shape decode it.
public struct StorageBuckets {
    public private(set) var buckets: [BucketSchema]
    /// Objects in upload order.
    public private(set) var objects: [StoredObject] = []
    private var random: SimRandom

    public init(buckets: [BucketSchema], random: SimRandom) {
        self.buckets = buckets
        self.random = random
    }

    /// Applies one request; returns status, JSON body, and the bytes for a download.
    mutating func handle(_ request: StorageRequest, auth: AuthContext) -> (Int, JSONValue, [UInt8]?) {
        switch request {
        case .upload(let bucket, let path, let data, let upsert):
            return upload(bucket, path, data, upsert, auth)
        case .download(let bucket, let path):
            guard let object = visible(bucket, path, auth) else { return StorageBuckets.error(404, "not_found", "Object not found") }
            return (200, ["size": .int(Int64(object.data.count))], object.data)
        case .remove(let bucket, let paths):
            return remove(bucket, paths, auth)
        case .list(let bucket, let prefix):
            let names = objects.filter { $0.bucket == bucket && $0.path.hasPrefix(prefix) && allowed(\.select, $0.bucket, $0.path, auth) }
                .map(\.path).sorted()
            return (200, .array(names.map { ["name": .string($0)] }), nil)
        }
    }

    private mutating func upload(_ bucket: String, _ path: String, _ data: [UInt8], _ upsert: Bool, _ auth: AuthContext)
        -> (Int, JSONValue, [UInt8]?)
    {
        guard let schema = buckets.first(where: { $0.id == bucket }) else {
            return StorageBuckets.error(404, "Bucket not found", "Bucket not found")
        }
        if let limit = schema.fileSizeLimit, data.count > limit {
            return StorageBuckets.error(413, "Payload too large", "The object exceeded the maximum allowed size")
        }
        if !allowed(\.insert, bucket, path, auth) {
            return StorageBuckets.error(403, "Unauthorized", "new row violates row-level security policy")
        }
        let existing = objects.firstIndex { $0.bucket == bucket && $0.path == path }
        var object = StoredObject(bucket: bucket, path: path, data: data, owner: auth.uid, id: random.uuidString(), version: 1)
        if let existing {
            guard upsert else { return StorageBuckets.error(409, "Duplicate", "The resource already exists") }
            guard allowed(\.update, bucket, path, auth), allowed(\.select, bucket, path, auth) else {
                return StorageBuckets.error(403, "Unauthorized", "new row violates row-level security policy")
            }
            object.id = objects[existing].id
            object.version = objects[existing].version + 1
            objects[existing] = object
        } else {
            objects.append(object)
        }
        return (200, ["Key": .string(bucket + "/" + path), "Id": .string(object.id)], nil)
    }

    /// Removes the listed objects the caller can see and delete; others are skipped silently (a
    /// DELETE under RLS), and the body lists what was removed.
    private mutating func remove(_ bucket: String, _ paths: [String], _ auth: AuthContext) -> (Int, JSONValue, [UInt8]?) {
        var removed: [JSONValue] = []
        for path in paths {
            guard visible(bucket, path, auth) != nil, allowed(\.delete, bucket, path, auth) else { continue }
            objects.removeAll { $0.bucket == bucket && $0.path == path }
            removed.append(["bucket_id": .string(bucket), "name": .string(path)])
        }
        return (200, .array(removed), nil)
    }

    private func visible(_ bucket: String, _ path: String, _ auth: AuthContext) -> StoredObject? {
        guard allowed(\.select, bucket, path, auth) else { return nil }
        return objects.first { $0.bucket == bucket && $0.path == path }
    }

    private func allowed(_ command: KeyPath<BucketSchema, StoragePolicy?>, _ bucket: String, _ path: String, _ auth: AuthContext)
        -> Bool
    {
        if auth.role == .serviceRole { return true }
        guard let schema = buckets.first(where: { $0.id == bucket }), let policy = schema[keyPath: command] else { return false }
        return policy(bucket, path, auth)
    }

    static func error(_ status: Int, _ error: String, _ message: String) -> (Int, JSONValue, [UInt8]?) {
        (status, ["statusCode": .string(String(status)), "error": .string(error), "message": .string(message)], nil)
    }
}
