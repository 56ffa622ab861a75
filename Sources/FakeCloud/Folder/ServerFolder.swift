/// One path in the provider's server copy.
public struct ServerEntry: Sendable, Equatable {
    /// The file's bytes (the last live bytes when deleted).
    public var bytes: [UInt8]
    /// The folder-wide version that last changed this path (uploads, deletions, copies).
    public var version: Int
    /// True once the path was deleted (a tombstone, so devices learn of the deletion).
    public var isDeleted: Bool
    /// The version at which the current bytes were stored (`version` also moves when only the
    /// hidden versions change): an upload based on it or later is not a conflict.
    public var bytesVersion: Int
    /// iCloud: when the current bytes were saved, on the saving device's own wall clock
    /// (milliseconds since 1970; skew included). The later save wins an edit conflict.
    public var modifiedMilliseconds: Int64 = 0
    /// iCloud: the losing writes of edit conflicts, hidden behind the current file until an app
    /// resolves them (`NSFileVersion.unresolvedConflictVersionsOfItem(at:)`), oldest first.
    public var conflictVersions: [HiddenVersion] = []
}

/// A losing write that iCloud keeps as a conflict version of a file (`NSFileVersion` with
/// `isConflict`): not at any path, so an app that never asks for it never sees it.
public struct HiddenVersion: Sendable, Equatable {
    /// Unique in the folder (the folder version at which the write lost).
    public let id: Int
    public let bytes: [UInt8]
}

/// The provider's server copy of the folder: path → (bytes, version, deleted?), with one
/// version counter for the whole folder, like Dropbox's `rev` / a revision id per change.
///
/// Uploads carry the version the device last synced (its base). Rules:
/// - no entry, a deleted entry, or an unchanged entry (version == base): accepted. An edit beats
///   a concurrent deletion (no data lost; Dropbox restores an edited file the same way).
/// - identical bytes: accepted without a new version (providers compare content hashes).
/// - otherwise a conflict: `replace` overwrites silently; Dropbox and Google Drive keep the
///   server's bytes at the path and store the upload as a conflict copy (the later writer gets the
///   copy name). iCloud does that only for a new-file conflict (the device never had the path);
///   an edit conflict keeps the later save (by its device's clock) at the path and the other
///   write as a hidden conflict version (see `FolderProvider.icloud`).
/// Deletions carry the base too: a deletion of a version the device never saw (newer bytes, or a
/// newer hidden version) is refused, so the newer edit survives and downloads back (`replace`: the
/// deletion always applies). Deleting a file deletes its hidden versions.
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
        /// iCloud edit conflict: `entry` is the path now; the upload is its current bytes when
        /// `won`, else one of its hidden versions.
        case versioned(entry: ServerEntry, won: Bool)
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
    /// `modified` is when the device saved the bytes, on its own wall clock.
    func upload(
        _ path: String, bytes: [UInt8], base: Int?, modified: Int64 = 0, copyName: ((String) -> Bool) -> String
    ) -> UploadOutcome {
        guard let current = entries[path], !current.isDeleted, base.map({ $0 < current.bytesVersion }) ?? true else {
            return .accepted(version: store(path, bytes, modified: modified, keeping: entries[path]?.conflictVersions ?? []))
        }
        if current.bytes == bytes { return .accepted(version: current.version) }
        conflicts += 1
        if provider == .replace { return .accepted(version: store(path, bytes)) }
        if provider == .icloud, base != nil { return hideLoser(path, current, bytes, modified: modified) }
        let copyPath = copyName { self.isLive($0) }
        precondition(copyPath != path && !isLive(copyPath), "a conflict copy needs a free name")
        return .conflict(current: current, copyPath: copyPath, copyVersion: store(copyPath, bytes, modified: modified))
    }

    /// Applies a deletion of `path` made from `base`.
    func delete(_ path: String, base: Int) -> DeleteOutcome {
        guard let current = entries[path] else {
            return .deleted(version: base)
        }
        if current.isDeleted { return .deleted(version: current.version) }
        // A hidden version the deleting device never saw (id above its base) is a write it did not
        // know of: the deletion is refused, as for newer bytes.
        let sawAll = base >= current.bytesVersion && current.conflictVersions.allSatisfy { $0.id <= base }
        guard sawAll || provider == .replace else { return .refused(current: current) }
        lastVersion += 1
        entries[path] = ServerEntry(bytes: current.bytes, version: lastVersion, isDeleted: true, bytesVersion: lastVersion)
        return .deleted(version: lastVersion)
    }

    /// An iCloud edit conflict: the later save by modification date is current (ties keep the
    /// server's bytes), the other write becomes a hidden version. The entry takes a new version
    /// either way, so every device learns of the version.
    private func hideLoser(_ path: String, _ current: ServerEntry, _ bytes: [UInt8], modified: Int64) -> UploadOutcome {
        lastVersion += 1
        var entry = current
        entry.version = lastVersion
        let won = modified > current.modifiedMilliseconds
        if won {
            entry.conflictVersions.append(HiddenVersion(id: lastVersion, bytes: current.bytes))
            entry.bytes = bytes
            entry.bytesVersion = lastVersion
            entry.modifiedMilliseconds = modified
        } else {
            entry.conflictVersions.append(HiddenVersion(id: lastVersion, bytes: bytes))
        }
        precondition(entry.conflictVersions.count == Set(entry.conflictVersions.map(\.id)).count, "version ids are unique")
        entries[path] = entry
        return .versioned(entry: entry, won: won)
    }

    /// Removes the hidden versions `ids` of `path` (an app resolved them: `NSFileVersion.remove()`
    /// or `removeOtherVersionsOfItem`). Returns the entry's new version, or nil when none was there.
    func resolve(_ path: String, ids: [Int]) -> Int? {
        guard var entry = entries[path], entry.conflictVersions.contains(where: { ids.contains($0.id) }) else { return nil }
        entry.conflictVersions.removeAll { ids.contains($0.id) }
        lastVersion += 1
        entry.version = lastVersion
        entries[path] = entry
        return lastVersion
    }

    private func store(_ path: String, _ bytes: [UInt8], modified: Int64 = 0, keeping versions: [HiddenVersion] = []) -> Int {
        lastVersion += 1
        entries[path] = ServerEntry(bytes: bytes, version: lastVersion, isDeleted: false, bytesVersion: lastVersion, modifiedMilliseconds: modified,
                                    conflictVersions: versions)
        return lastVersion
    }
}
