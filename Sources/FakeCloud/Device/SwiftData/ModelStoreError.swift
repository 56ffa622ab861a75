/// An error of the fake store, carrying the `NSCocoaErrorDomain` code the real framework reports
/// (constants from CoreDataErrors.h / Apple's Core Data error-code pages).
public enum ModelStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The store's version hash matches no schema of the migration plan: a store written by a
    /// newer build (downgrade) or by a schema edited in place. SwiftData reports
    /// "Cannot use staged migration with an unknown model version." (134504, as quoted in Apple
    /// developer forums thread 826633 and McBoerny/ShopWithMe issue #119, where adding
    /// `@Attribute(.unique)` and a model to a shipped schema produced it).
    case unknownModelVersion(storeVersion: String, storeHash: String)
    /// "The model used to open the store is incompatible with the one used to create the store"
    /// (NSPersistentStoreIncompatibleVersionHashError, 134100): no way from the store's version
    /// to the build's.
    case incompatibleVersionHash(storeVersion: String, buildVersion: String)
    /// A lightweight step the inferred mapping cannot express (a type change, a to-many with
    /// several targets becoming to-one). NSInferredMappingModelError, 134190.
    case inferredMappingFailed(String)
    /// A migrated row lacks a value for a non-optional attribute with no default
    /// (NSMigrationError 134110 wrapping NSValidationMissingMandatoryPropertyError 1570).
    case migrationMissingValue(entity: String, attribute: String)
    /// A unique attribute over duplicated values during migration
    /// (NSMigrationConstraintViolationError, 134111).
    case migrationConstraintViolation(entity: String, attribute: String)
    /// The plan has no stage between two consecutive schemas (NSMigrationMissingMappingModelError, 134140).
    case missingStage(from: String, to: String)
    /// Save: a non-optional attribute or to-one is empty (NSValidationMissingMandatoryPropertyError, 1570).
    case missingMandatoryValue(entity: String, property: String)
    /// Save: a `.deny` relationship still points at objects (NSValidationRelationshipDeniedDeleteError, 1600).
    case deleteDenied(entity: String, relationship: String)
    /// Save: a `.unique` value is already taken (NSManagedObjectConstraintMergeError, 133021).
    case uniqueConstraintConflict(entity: String, attribute: String)
    /// A fetch of an entity the context's schema does not have (a database-level "missing
    /// table": NSPersistentStoreIncompatibleSchemaError, 134020).
    case entityNotInSchema(String)
    /// The store file is not a store (torn by a non-atomic copy): NSFileReadCorruptFileError, 259.
    case storeCorrupted(path: String)

    /// The `NSCocoaErrorDomain` code.
    public var code: Int {
        switch self {
        case .unknownModelVersion: return 134_504
        case .incompatibleVersionHash: return 134_100
        case .inferredMappingFailed: return 134_190
        case .migrationMissingValue: return 134_110
        case .migrationConstraintViolation: return 134_111
        case .missingStage: return 134_140
        case .missingMandatoryValue: return 1_570
        case .deleteDenied: return 1_600
        case .uniqueConstraintConflict: return 133_021
        case .entityNotInSchema: return 134_020
        case .storeCorrupted: return 259
        }
    }

    public var description: String {
        switch self {
        case .unknownModelVersion(let version, let hash):
            return "Cannot use staged migration with an unknown model version. (store \(version), hash \(hash))"
        case .incompatibleVersionHash(let store, let build):
            return "The model used to open the store (\(build)) is incompatible with the one used to create the store (\(store))"
        case .inferredMappingFailed(let why): return "cannot infer a mapping model: \(why)"
        case .migrationMissingValue(let e, let a): return "migration: \(e).\(a) is a required value"
        case .migrationConstraintViolation(let e, let a): return "migration: \(e).\(a) violates its unique constraint"
        case .missingStage(let from, let to): return "no migration stage from \(from) to \(to)"
        case .missingMandatoryValue(let e, let p): return "\(e).\(p) is a required value"
        case .deleteDenied(let e, let r): return "delete denied: \(e).\(r) still has objects"
        case .uniqueConstraintConflict(let e, let a): return "\(e).\(a) is not unique"
        case .entityNotInSchema(let name): return "entity \(name) is not in this context's schema"
        case .storeCorrupted(let path): return "the store file \(path) is corrupt"
        }
    }
}
