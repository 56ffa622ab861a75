/// How each provider names a conflict copy (see `FolderProvider` for the sources).
///
/// The copy stays in the original's folder. The extension is the text after the last dot of the
/// last path component; a leading dot (a hidden file) or a trailing dot is not an extension.
enum ConflictCopyName {
    /// The largest counter tried before giving up (a bound, per the conventions).
    static let counterLimit = 10_000

    /// Directory (with its trailing slash), stem and extension (with its dot) of `path`.
    static func split(_ path: String) -> (directory: String, stem: String, ext: String) {
        let chars = Array(path)
        let nameStart = (chars.lastIndex(of: "/").map { $0 + 1 }) ?? 0
        let directory = String(chars[0..<nameStart])
        let name = Array(chars[nameStart...])
        if let dot = name.lastIndex(of: "."), dot > 0, dot < name.count - 1 {
            return (directory, String(name[0..<dot]), String(name[dot...]))
        }
        return (directory, String(name), "")
    }

    /// The `attempt`-th candidate name (0 = the plain form).
    static func candidate(
        _ parts: (directory: String, stem: String, ext: String), provider: FolderProvider, editor: String,
        civilDate: String, attempt: Int
    ) -> String {
        let stem: String
        switch provider {
        case .dropbox:
            let base = parts.stem + " (" + editor + "'s conflicted copy " + civilDate + ")"
            stem = attempt == 0 ? base : base + " (" + String(attempt) + ")"
        case .icloud:
            stem = parts.stem + " " + String(attempt + 2)
        case .gdrive:
            stem = parts.stem + " (" + String(attempt + 1) + ")"
        case .replace:
            stem = parts.stem
        }
        return parts.directory + stem + parts.ext
    }
}

extension CloudFolder {
    /// The name the provider gives a conflict copy of `path`: the first candidate not `taken`.
    ///
    /// Dropbox `a/01 (Ann's conflicted copy 2026-01-15).automerge`, then `… 2026-01-15) (1).automerge`;
    /// iCloud `a/01 2.automerge`, `a/01 3.automerge`; Google Drive `a/01 (1).automerge`, `(2)`;
    /// `replace` makes no copy and returns `path` itself.
    public static func conflictCopyName(
        of path: String, provider: FolderProvider, editor: String, civilDate: String, taken: (String) -> Bool
    ) -> String {
        if provider == .replace { return path }
        let parts = ConflictCopyName.split(path)
        for attempt in 0..<ConflictCopyName.counterLimit {
            let name = ConflictCopyName.candidate(parts, provider: provider, editor: editor, civilDate: civilDate, attempt: attempt)
            if name != path && !taken(name) { return name }
        }
        preconditionFailure("no free conflict-copy name for \(path) after \(ConflictCopyName.counterLimit) tries")
    }
}
