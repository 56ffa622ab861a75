import AppPorts
import FakeCloud
import InfiniteStories
import SimCore

/// One account's live rows on the REST fake, indexed for the checkers, and the stored files.
struct ServerRows {
    let owner: String
    let heroes: [RESTRow]
    let events: [RESTRow]
    let stories: [RESTRow]
    let illustrations: [RESTRow]
    let byId: [String: RESTRow]
    /// Completed, not deleted files: URL → (owner, hash of the bytes).
    let files: [String: (owner: String, hash: UInt64)]

    init(admin: RESTAdminView, owner: String) {
        self.owner = owner
        heroes = admin.rows("heroes", owner: owner)
        events = admin.rows("custom_events", owner: owner)
        stories = admin.rows("stories", owner: owner)
        illustrations = admin.rows("illustrations", owner: owner)
        var index: [String: RESTRow] = [:]
        for row in heroes + events + stories + illustrations { index[row.id] = row }
        byId = index
        var files: [String: (String, UInt64)] = [:]
        for file in admin.files where !file.deleted { if let hash = file.contentHash { files[file.url] = (file.ownerId, hash) } }
        self.files = files
    }

    var all: [RESTRow] { heroes + events + stories + illustrations }

    /// The hash of the bytes behind a row's media field, if it names a completed file of this account.
    func mediaHash(_ row: RESTRow, _ kind: MediaKind) -> UInt64? {
        guard let url = row.fields[ContentFields.mediaField(kind)]?.stringValue, let file = files[url], file.owner == owner else { return nil }
        return file.hash
    }

    /// The name a row is known by (heroes: name; stories, events: title; illustrations: prompt).
    static func contentKey(_ row: RESTRow) -> String? {
        switch row.collection {
        case "heroes": return row.fields["name"]?.stringValue.map { "hero:" + $0 }
        case "custom_events": return row.fields["title"]?.stringValue.map { "event:" + $0 }
        case "stories": return row.fields["title"]?.stringValue.map { "story:" + $0 }
        default: return row.fields["image_prompt"]?.stringValue.map { "illustration:" + $0 }
        }
    }
}

/// FNV-1a of bytes, as the REST fake hashes stored files.
enum BytesHash {
    static func of(_ bytes: [UInt8]) -> UInt64 {
        var hash = StableHash.offsetBasis
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* StableHash.prime }
        return hash
    }
}
