/// One path in the provider's server copy.
public struct ServerEntry: Sendable, Equatable {
    /// The file's bytes (the last live bytes when deleted).
    public var bytes: [UInt8]
    /// The folder-wide version that last changed this path (uploads, deletions, copies).
    public var version: Int
    /// True once the path was deleted (a tombstone, so devices learn of the deletion).
    public var isDeleted: Bool
}

/// The provider's server copy of the folder: path → (bytes, version, deleted?), with one
/// version counter for the whole folder, like Dropbox's `rev` / a revision id per change.
///
/// Uploads carry the version the device last synced (its base). Rules:
/// - no entry, a deleted entry, or an unchanged entry (version == base): accepted. An edit beats
///   a concurrent deletion (no data lost; Dropbox restores an edited file the same way).
/// - identical bytes: accepted without a new version (providers compare content hashes).
/// - otherwise a conflict: `replace` overwrites silently; the others keep the server's bytes at
///   the path and store the upload as a conflict copy (the later writer gets the copy name).
/// Deletions carry the base too: a deletion of a version the device never saw is refused, so
/// the newer edit survives and downloads back (`replace`: the deletion always applies).
public final class ServerFolder {
    /// Every path ever written, deleted ones included.
    public private(set) var entries: [String: ServerEntry] = [:]
    /// The last version handed out (0 before the first change).
    public private(set) var lastVersion = 0
    /// Conflicts detected so far (copies made, or silent overwrites under `replace`).
    public private(set) var conflicts = 0

    let provider: FolderProvider

    init(provider: FolderProvider) { self.provider = provider }

    /// What an upload did.
    enum UploadOutcome: Equatable {
        case accepted(version: Int)
        /// The path kept `current`; the upload is stored at `copyPath` as `copyVersion`.
        case conflict(current: ServerEntry, copyPath: String, copyVersion: Int)
    }

    /// What a deletion did.
    enum DeleteOutcome: Equatable {
        case deleted(version: Int)
        /// The server has a version the device never saw: the file stays.
        case refused(current: ServerEntry)
    }

    /// True when `path` holds a live file.
    public func isLive(_ path: String) -> Bool { entries[path].map { !$0.isDeleted } ?? false }

    /// Applies an upload of `bytes` to `path` made from `base` (nil: the device never synced it).
    /// `copyName` picks the conflict copy's path given a `taken` predicate.
    func upload(
        _ path: String, bytes: [UInt8], base: Int?, copyName: ((String) -> Bool) -> String
    ) -> UploadOutcome {
        guard let current = entries[path], !current.isDeleted, current.version != base else {
            return .accepted(version: store(path, bytes))
        }
        if current.bytes == bytes { return .accepted(version: current.version) }
        conflicts += 1
        if provider == .replace { return .accepted(version: store(path, bytes)) }
        let copyPath = copyName { self.isLive($0) }
        precondition(copyPath != path && !isLive(copyPath), "a conflict copy needs a free name")
        return .conflict(current: current, copyPath: copyPath, copyVersion: store(copyPath, bytes))
    }

    /// Applies a deletion of `path` made from `base`.
    func delete(_ path: String, base: Int) -> DeleteOutcome {
        guard let current = entries[path] else {
            return .deleted(version: base)
        }
        if current.isDeleted { return .deleted(version: current.version) }
        guard current.version == base || provider == .replace else { return .refused(current: current) }
        lastVersion += 1
        entries[path] = ServerEntry(bytes: current.bytes, version: lastVersion, isDeleted: true)
        return .deleted(version: lastVersion)
    }

    private func store(_ path: String, _ bytes: [UInt8]) -> Int {
        lastVersion += 1
        entries[path] = ServerEntry(bytes: bytes, version: lastVersion, isDeleted: false)
        return lastVersion
    }
}
