/// Where a device keeps the hidden conflict versions of its iCloud files (the version store,
/// `.DocumentRevisions-V100` on an Apple volume): outside the synced folder, so the sync daemon
/// never uploads them and a listing of the folder never shows them. One file per version,
/// `<root><path>#<id>`; an app reads and resolves them through its file-store port
/// (`NSFileVersion.unresolvedConflictVersionsOfItem(at:)`, then `remove()`).
public enum ICloudVersionStore {
    /// The store's root on the device.
    public static let root = ".DocumentRevisions-V100/"

    /// The prefix of every version file of `path`.
    public static func prefix(of path: String) -> String { root + path + "#" }

    /// The version file of `path` with `id`.
    public static func path(of path: String, id: Int) -> String { prefix(of: path) + String(id) }

    /// The id in `versionPath`, a version file of `path` (nil when it is not one).
    public static func id(in versionPath: String, of path: String) -> Int? {
        let prefix = prefix(of: path)
        guard versionPath.hasPrefix(prefix) else { return nil }
        return Int(versionPath.dropFirst(prefix.count))
    }

    /// The file path a version file belongs to (nil when `versionPath` is not in the store).
    public static func file(ofVersion versionPath: String) -> String? {
        guard versionPath.hasPrefix(root), let mark = versionPath.lastIndex(of: "#") else { return nil }
        return String(versionPath[versionPath.index(versionPath.startIndex, offsetBy: root.count)..<mark])
    }
}
