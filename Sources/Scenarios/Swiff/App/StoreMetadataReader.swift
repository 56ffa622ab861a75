import AppleStandIns
import Foundation

/// `NSPersistentStoreCoordinator.metadataForPersistentStore(ofType:at:)`: a store file's metadata
/// (version identifier and hashes) without loading its rows, which is how an app learns that
/// opening the store will migrate it before it opens it.
enum StoreMetadataReader {
    private struct Head: Decodable { var metadata: StoreMetadata }

    /// The metadata of the store file's bytes; nil when they are not a store.
    static func metadata(_ bytes: [UInt8]?) -> StoreMetadata? {
        guard let bytes else { return nil }
        return try? JSONDecoder().decode(Head.self, from: Data(bytes)).metadata
    }
}
