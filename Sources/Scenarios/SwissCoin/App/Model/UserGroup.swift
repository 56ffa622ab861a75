import AppPorts
import Foundation

/// The Core Data `UserGroup` entity and its `members` to-many relationship (seed l.422-432,
/// l.462-479). `memberIds` holds the members' ids (`nil` for a member whose `id` is unset, which the
/// seed skips at l.467) in insertion order: the port's deterministic stand-in for the unordered
/// `Set<Person>` the seed iterates.
public struct UserGroup: Codable, Equatable, Sendable {
    public var id: String?
    public var name: String?
    public var colorHex: String?
    public var createdDate: Int64?
    public var lastViewedDate: Int64?
    public var photoData: Data?
    public var memberIds: [String?]

    public init(id: String?, name: String?, colorHex: String? = nil, createdDate: Int64? = nil,
                lastViewedDate: Int64? = nil, photoData: Data? = nil, memberIds: [String?] = []) {
        self.id = id
        self.name = name
        self.colorHex = colorHex
        self.createdDate = createdDate
        self.lastViewedDate = lastViewedDate
        self.photoData = photoData
        self.memberIds = memberIds
    }
}
