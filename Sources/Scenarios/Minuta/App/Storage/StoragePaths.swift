import AppPorts
import CRDT

extension Minuta {
    /// Where Minuta keeps its files, relative to the app's Documents directory. The storage folder
    /// (`Minuta/`) is the one the cloud provider syncs; the migration backup sits next to it.
    public enum StoragePaths {
        /// The synced storage folder (the seed's `storageURL`, l.381-387).
        public static let folder = "Minuta/"
        public static let tagsDocument = "tags.automerge"
        public static let recordsDirectory = "records/"
        public static let legacyTags = "tags.json"

        /// `records/2026/01.automerge` (seed l.389-392).
        public static func recordDocument(_ month: YearMonth) -> String {
            recordsDirectory + String(month.year) + "/" + Minuta.pad(month.month, 2) + ".automerge"
        }

        /// `records/2026/01.json`, the legacy month file.
        public static func legacyRecords(_ month: YearMonth) -> String {
            recordsDirectory + String(month.year) + "/" + Minuta.pad(month.month, 2) + ".json"
        }

        /// The month of `records/YYYY/MM.<ext>`, parsed as the seed does (`Int(yearDir)`,
        /// `Int(monthFile without extension)`, l.497-502): copies like `01 2.automerge` are skipped.
        public static func month(of path: String, ext: String) -> YearMonth? {
            guard path.hasPrefix(recordsDirectory), path.hasSuffix("." + ext) else { return nil }
            let parts = path.dropFirst(recordsDirectory.count).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1].dropLast(ext.count + 1)),
                  (1...12).contains(month) else { return nil }
            return YearMonth(year: year, month: month)
        }
    }
}
