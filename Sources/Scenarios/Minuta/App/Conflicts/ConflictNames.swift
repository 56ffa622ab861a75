import AppPorts
import CRDT
import Foundation

extension Minuta {
    /// Which file a conflict copy belongs to, from its name — the seed's `extractBaseName` /
    /// `isConflictFile` (l.745-806), and the fixed recogniser.
    ///
    /// How the providers name a copy (what the fixed patterns follow):
    /// - Dropbox: "The editor's username, 'conflicted copy', and the save date will be added to the
    ///   filename" (help.dropbox.com/syncing-uploads/conflicted-copy): `01 (Ann's conflicted copy 2026-01-06).automerge`.
    /// - iCloud Drive: a number after a space: `tags 2.automerge`.
    /// - Google Drive for desktop: a number in parentheses: `tags (1).automerge`.
    /// The fixed recogniser anchors each pattern at the end of the name, matches case-insensitively,
    /// and accepts a copy only when what remains is a legitimate storage file (`tags.automerge`,
    /// `records/YYYY/MM.automerge`): no legitimate file is ever taken for a copy.
    public struct ConflictNames: Sendable {
        let variant: MinutaVariant

        public init(variant: MinutaVariant) { self.variant = variant }

        /// The seed's patterns, verbatim (l.747-752).
        static let seedPatterns = [
            #"\s*\(conflicted copy[^)]*\)"#,  // Dropbox
            #"\s*\(\d+\)"#,  // Google Drive
            #"\s+\d+(?=\.automerge$)"#,  // iCloud numeric suffix
            #"\s*\(conflict[^)]*\)"#,  // Generic
        ]

        static let dropbox = #"(?i)^(.+?) \((?:.+['’]s )?conflicted copy \d{4}-\d{2}-\d{2}.*\)$"#
        static let icloud = #"^(.+) \d+$"#
        static let gdrive = #"^(.+) \(\d+\)$"#

        /// The seed's `extractBaseName` (l.800-806): strip ".automerge", delete every pattern match,
        /// trim, add ".automerge" back.
        public static func seedBaseName(_ filename: String) -> String {
            var result = filename.replacingOccurrences(of: ".automerge", with: "")
            for pattern in seedPatterns {
                result = result.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
            }
            return result.trimmingCharacters(in: .whitespaces) + ".automerge"
        }

        /// The file name a copy named `filename` belongs to (itself when it is not a copy).
        public func baseName(_ filename: String, directory: String) -> String {
            if variant.has(.icloudPatternAfterStrip) && variant.has(.dropboxPatternMismatch) {
                return Self.seedBaseName(filename)
            }
            guard filename.hasSuffix(".automerge") else { return filename }
            let stem = String(filename.dropLast(".automerge".count))
            for candidate in primaryStems(stem) where Self.isLegitimate(stem: candidate, directory: directory) {
                return candidate + ".automerge"
            }
            return filename
        }

        /// Whether `path` (relative to the storage folder) is a conflict copy.
        public func isConflictCopy(_ path: String) -> Bool {
            let (directory, filename) = Self.split(path)
            return baseName(filename, directory: directory) != filename
        }

        /// The primary file's path for a copy at `path` (the path itself when it is not a copy).
        public func primaryPath(_ path: String) -> String {
            let (directory, filename) = Self.split(path)
            return directory + baseName(filename, directory: directory)
        }

        /// Stems the copy's stem may come from, one per provider pattern that matches.
        func primaryStems(_ stem: String) -> [String] {
            var stems: [String] = []
            if variant.has(.dropboxPatternMismatch) {
                // The seed's Dropbox and generic patterns: "(" must be followed by "conflict".
                var result = stem
                for pattern in [Self.seedPatterns[0], Self.seedPatterns[3]] {
                    result = result.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
                }
                if result != stem { stems.append(result.trimmingCharacters(in: .whitespaces)) }
            } else if let base = Self.firstGroup(Self.dropbox, in: stem) {
                stems.append(base)
            }
            if variant.has(.icloudPatternAfterStrip) {
                // The look-ahead needs ".automerge", already stripped: it never matches (MI-3).
                let result = stem.replacingOccurrences(of: Self.seedPatterns[2], with: "", options: .regularExpression)
                if result != stem { stems.append(result) }
            } else if let base = Self.firstGroup(Self.icloud, in: stem) {
                stems.append(base)
            }
            if let base = Self.firstGroup(Self.gdrive, in: stem) { stems.append(base) }
            return stems
        }

        /// `tags` at the top of the folder, `01`…`12` in a four-digit year directory of `records/`.
        public static func isLegitimate(stem: String, directory: String) -> Bool {
            if directory.isEmpty { return stem == "tags" }
            let parts = directory.split(separator: "/")
            guard parts.count == 2, parts[0] == "records", parts[1].count == 4, Int(parts[1]) != nil else { return false }
            guard stem.count == 2, let month = Int(stem) else { return false }
            return (1...12).contains(month)
        }

        /// ("records/2026/", "01 (1).automerge") for "records/2026/01 (1).automerge".
        static func split(_ path: String) -> (directory: String, filename: String) {
            guard let slash = path.lastIndex(of: "/") else { return ("", path) }
            return (String(path[...slash]), String(path[path.index(after: slash)...]))
        }

        static func firstGroup(_ pattern: String, in text: String) -> String? {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
            let range = NSRange(text.startIndex..., in: text)
            guard let match = regex.firstMatch(in: text, range: range), match.numberOfRanges > 1,
                  let group = Range(match.range(at: 1), in: text) else { return nil }
            return String(text[group])
        }
    }
}
