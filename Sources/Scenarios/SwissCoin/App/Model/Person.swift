import AppPorts
import Foundation

/// The Core Data `Person` entity (seed l.70, l.380-390): a contact the user tracks, or the user
/// themself when `id == UserDefaults "currentUserId"`. Dates are milliseconds since the epoch (Core
/// Data `Date`); `id` is optional because Core Data attributes are (the seed guards it, l.380).
public struct Person: Codable, Equatable, Sendable {
    public var id: String?
    public var name: String?
    public var phoneNumber: String?
    public var colorHex: String?
    public var isArchived: Bool
    public var lastViewedDate: Int64?
    /// The contact photo (external binary storage in Core Data), uploaded by S2/S3 (l.355-365, l.397-407).
    public var photoData: Data?

    public init(id: String?, name: String?, phoneNumber: String? = nil, colorHex: String? = nil,
                isArchived: Bool = false, lastViewedDate: Int64? = nil, photoData: Data? = nil) {
        self.id = id
        self.name = name
        self.phoneNumber = phoneNumber
        self.colorHex = colorHex
        self.isArchived = isArchived
        self.lastViewedDate = lastViewedDate
        self.photoData = photoData
    }
}
