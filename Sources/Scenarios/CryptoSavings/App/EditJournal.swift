import AppleStandIns
import Foundation

/// The fixed build's "pending changes" queue (seed, Risks: "Consider a 'pending changes' queue
/// for offline edits"): every edit is noted before it is saved, the notes are cleared by an export
/// that leaves nothing pending, and when the iCloud account changes with notes left (edits that
/// never reached the old account), they are set aside in a file named after that account and the
/// user is told, instead of the platform's purge dropping them unseen. Files are JSON, sorted keys.
public struct EditJournal {
    static let path = "Library/Application Support/pending-edits.json"
    /// Where set-aside edits go: one `<account>.json` file per account under this folder.
    public static let setAsidePrefix = "Library/Application Support/SetAside/"
    let disk: StoreDisk

    /// The notes (`Entity id`), oldest first.
    func entries() -> [String] {
        disk.read(Self.path).flatMap { try? JSONDecoder().decode([String].self, from: Data($0)) } ?? []
    }

    func note(_ entry: String) throws {
        var all = entries()
        guard !all.contains(entry) else { return }
        all.append(entry)
        try disk.writeAtomically(Self.path, Self.encode(all))
    }

    func clear() {
        guard disk.read(Self.path) != nil else { return }
        try? disk.remove(Self.path)
    }

    /// Keeps `entries` for `user` (merged with any kept before).
    func setAside(_ entries: [String], user: String) {
        let path = Self.setAsidePrefix + user + ".json"
        let kept = disk.read(path).flatMap { try? JSONDecoder().decode([String].self, from: Data($0)) } ?? []
        try? disk.writeAtomically(path, Self.encode(Array(Set(kept + entries)).sorted()))
    }

    static func encode(_ entries: [String]) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array((try? encoder.encode(entries)) ?? Data("[]".utf8))
    }
}
