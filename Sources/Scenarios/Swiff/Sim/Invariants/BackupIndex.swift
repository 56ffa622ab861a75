import Foundation

/// The app's backup index (`Backups/index.json`) read the harness's own way: only the fields the
/// checks need, decoded without the app's `BackupService`.
struct BackupIndex {
    struct Entry: Decodable, Sendable {
        var path: String
        var takenAtMillis: Int64
        var versionHash: String
    }

    /// The listed backups, or nil when the file is not a readable index.
    static func entries(_ bytes: [UInt8]) -> [Entry]? {
        try? JSONDecoder().decode([Entry].self, from: Data(bytes))
    }
}
