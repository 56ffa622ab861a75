import AppleStandIns

/// The app's two shipped schemas, as data for the SwiftData store fake.
///
/// - **V1** (the release before the plan): every model `@Attribute(.unique) var id: UUID`,
///   non-optional attributes without defaults, `Transaction.asset` non-optional, and
///   AllocationHistory's `asset`/`goal` as plain properties with no inverse (seed, "Current Issues
///   by Model").
/// - **V2** (the release that turns CloudKit on): the plan's Phases 1–3 — no `.unique`, every
///   attribute with a default, every to-one optional, every relationship with its inverse. V2 also
///   carries the exact-amount columns the fixed build uses (`amountUnits`, `targetUnits`: integer
///   smallest units as canonical decimal text — satoshi, wei). The as-written build never writes
///   them (their empty default is all it sends), so one V2 schema serves both variants.
///
/// Entity order is the `Schema([...])` list of the app; the mirror exports in that order, so
/// records holding a to-one (allocations, history, transactions, plans) reach the server, and
/// another device, before the goals and assets they point at: the out-of-order arrival the plan
/// warns about (l.14, l.34). CloudKit promises no order within a zone's change feed either.
public enum CryptoSchemas {
    /// The entities in the app's schema order (children first).
    public static let entityNames = [
        "AllocationHistory", "AssetAllocation", "Transaction", "MonthlyPlan", "CompletedExecution",
        "ExecutionSnapshot", "MonthlyExecutionRecord", "Goal", "Asset",
    ]

    public static let v1 = VersionedSchema(SchemaVersion(1, 0, 0), [
        EntityShape("AllocationHistory", attributes: [id1, AttributeShape("amount", .double), AttributeShape("timestamp", .date),
                                                       AttributeShape("monthLabel", .string)],
                    relationships: [RelationshipShape("asset", to: "Asset"), RelationshipShape("goal", to: "Goal")]),
        EntityShape("AssetAllocation", attributes: [id1, AttributeShape("amount", .double), AttributeShape("createdDate", .date),
                                                     AttributeShape("lastModifiedDate", .date)],
                    relationships: [RelationshipShape("asset", to: "Asset", inverse: "allocations"),
                                    RelationshipShape("goal", to: "Goal", inverse: "allocations")]),
        EntityShape("Transaction", attributes: [id1, AttributeShape("amount", .double), AttributeShape("date", .date)],
                    relationships: [RelationshipShape("asset", to: "Asset", optional: false, inverse: "transactions")]),
        EntityShape("MonthlyPlan", attributes: [id1, AttributeShape("goalId", .uuid)] + planAttributes(defaults: false),
                    relationships: [RelationshipShape("executionRecord", to: "MonthlyExecutionRecord")]),
        EntityShape("CompletedExecution", attributes: [id1, AttributeShape("monthLabel", .string), AttributeShape("completedAt", .date)]
                    + blobs),
        EntityShape("ExecutionSnapshot", attributes: [id1, AttributeShape("capturedAt", .date), AttributeShape("totalPlanned", .double),
                                                       AttributeShape("snapshotData", .data)]),
        EntityShape("MonthlyExecutionRecord", attributes: [id1, AttributeShape("monthLabel", .string), AttributeShape("statusRawValue", .string, defaultValue: "draft"),
                                                            AttributeShape("createdAt", .date), AttributeShape("trackedGoalIds", .data)],
                    relationships: [RelationshipShape("completedExecution", to: "CompletedExecution")]),
        EntityShape("Goal", attributes: [id1, AttributeShape("name", .string), AttributeShape("currency", .string, defaultValue: "USD"),
                                         AttributeShape("targetAmount", .double), AttributeShape("deadline", .date), AttributeShape("startDate", .date)],
                    relationships: [RelationshipShape("allocations", to: "AssetAllocation", toMany: true, deleteRule: .cascade, inverse: "goal")]),
        EntityShape("Asset", attributes: [id1, AttributeShape("currency", .string)],
                    relationships: [RelationshipShape("transactions", to: "Transaction", toMany: true, deleteRule: .cascade, inverse: "asset"),
                                    RelationshipShape("allocations", to: "AssetAllocation", toMany: true, deleteRule: .cascade, inverse: "asset")]),
    ])

    public static let v2 = VersionedSchema(SchemaVersion(2, 0, 0), [
        EntityShape("AllocationHistory", attributes: [id2, double("amount"), units("amountUnits"), date("timestamp"), text("monthLabel")],
                    relationships: [RelationshipShape("asset", to: "Asset", inverse: "allocationHistory"),
                                    RelationshipShape("goal", to: "Goal", inverse: "allocationHistory")]),
        EntityShape("AssetAllocation", attributes: [id2, double("amount"), units("amountUnits"), date("createdDate"), date("lastModifiedDate")],
                    relationships: [RelationshipShape("asset", to: "Asset", inverse: "allocations"),
                                    RelationshipShape("goal", to: "Goal", inverse: "allocations")]),
        EntityShape("Transaction", attributes: [id2, double("amount"), units("amountUnits"), date("date")],
                    relationships: [RelationshipShape("asset", to: "Asset", inverse: "transactions")]),
        EntityShape("MonthlyPlan", attributes: [id2, AttributeShape("goalId", .uuid, defaultValue: .uuid(zeroID))] + planAttributes(defaults: true),
                    relationships: [RelationshipShape("executionRecord", to: "MonthlyExecutionRecord", inverse: "plans")]),
        EntityShape("CompletedExecution", attributes: [id2, text("monthLabel"), date("completedAt")] + blobs,
                    relationships: [RelationshipShape("executionRecord", to: "MonthlyExecutionRecord", inverse: "completedExecution")]),
        EntityShape("ExecutionSnapshot", attributes: [id2, date("capturedAt"), double("totalPlanned"),
                                                       AttributeShape("snapshotData", .data, defaultValue: .data([]))]),
        EntityShape("MonthlyExecutionRecord", attributes: [id2, text("monthLabel"), AttributeShape("statusRawValue", .string, defaultValue: "draft"),
                                                            date("createdAt"), AttributeShape("trackedGoalIds", .data, defaultValue: .data([]))],
                    relationships: [RelationshipShape("completedExecution", to: "CompletedExecution", deleteRule: .cascade, inverse: "executionRecord"),
                                    RelationshipShape("plans", to: "MonthlyPlan", toMany: true, inverse: "executionRecord")]),
        EntityShape("Goal", attributes: [id2, text("name"), AttributeShape("currency", .string, defaultValue: "USD"), double("targetAmount"),
                                         units("targetUnits"), date("deadline"), date("startDate")],
                    relationships: [RelationshipShape("allocations", to: "AssetAllocation", toMany: true, deleteRule: .cascade, inverse: "goal"),
                                    RelationshipShape("allocationHistory", to: "AllocationHistory", toMany: true, inverse: "goal")]),
        EntityShape("Asset", attributes: [id2, text("currency")],
                    relationships: [RelationshipShape("transactions", to: "Transaction", toMany: true, deleteRule: .cascade, inverse: "asset"),
                                    RelationshipShape("allocations", to: "AssetAllocation", toMany: true, deleteRule: .cascade, inverse: "asset"),
                                    RelationshipShape("allocationHistory", to: "AllocationHistory", toMany: true, inverse: "asset")]),
    ])

    /// The plan's `UUID()` default is a fresh value per object; a schema default is one constant,
    /// so the fake's default is the nil UUID and every insert passes an id.
    public static let zeroID = "00000000-0000-0000-0000-000000000000"
    /// `Date()` as a default: the fake stores a constant (the epoch); every insert passes a date.
    static let epoch: StoreValue = .date(0)

    private static let id1 = AttributeShape("id", .uuid, unique: true)
    private static let id2 = AttributeShape("id", .uuid, defaultValue: .uuid(zeroID))
    private static let blobs = [AttributeShape("exchangeRatesSnapshotData", .data, optional: true),
                                AttributeShape("goalSnapshotsData", .data, optional: true),
                                AttributeShape("contributionSnapshotsData", .data, optional: true)]

    private static func planAttributes(defaults: Bool) -> [AttributeShape] {
        func attribute(_ name: String, _ type: AttributeType, _ value: StoreValue) -> AttributeShape {
            AttributeShape(name, type, defaultValue: defaults ? value : nil)
        }
        return [attribute("requiredMonthly", .double, .double(0)), attribute("remainingAmount", .double, .double(0)),
                attribute("monthsRemaining", .int, 0), attribute("currency", .string, ""),
                AttributeShape("statusRawValue", .string, defaultValue: "onTrack"),
                attribute("monthLabel", .string, ""), attribute("lastCalculated", .date, epoch),
                attribute("createdDate", .date, epoch), attribute("lastModifiedDate", .date, epoch)]
            + (defaults ? [units("requiredUnits"), units("remainingUnits")] : [])
    }

    private static func double(_ name: String) -> AttributeShape { AttributeShape(name, .double, defaultValue: .double(0)) }
    private static func units(_ name: String) -> AttributeShape { AttributeShape(name, .decimalString, defaultValue: "") }
    private static func date(_ name: String) -> AttributeShape { AttributeShape(name, .date, defaultValue: epoch) }
    private static func text(_ name: String) -> AttributeShape { AttributeShape(name, .string, defaultValue: "") }
}
