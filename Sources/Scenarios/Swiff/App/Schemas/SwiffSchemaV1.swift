import AppleStandIns

/// `SwiffSchemaV1` (1.0.0, seed l.28-41 and the version history l.339-347), its models frozen as
/// nested values: a later version never edits these. Money is the shipped app's `Double`; people
/// keep a stored `balance` (seed l.12 "User contacts and their balances"). References held by
/// value (`subscriptionID`, `sharedWithIDs`) are ids, as the seed's SharedSubscriptionModel has.
public enum SwiffSchemaV1 {
    /// Schema.Version(1, 0, 0).
    public static let versionIdentifier = SchemaVersion(1, 0, 0)

    /// PersonModel: a contact and their stored balance.
    public static let personModel = EntityShape("PersonModel", attributes: [
        AttributeShape("id", .uuid), AttributeShape("name", .string),
        AttributeShape("email", .string, defaultValue: ""), AttributeShape("phone", .string, defaultValue: ""),
        AttributeShape("balance", .double, defaultValue: .double(0)), AttributeShape("avatarEmoji", .string, optional: true),
    ])

    /// GroupModel: an expense-sharing group.
    public static let groupModel = EntityShape("GroupModel", attributes: [
        AttributeShape("id", .uuid), AttributeShape("name", .string),
        AttributeShape("groupDescription", .string, defaultValue: ""), AttributeShape("emoji", .string, defaultValue: "👥"),
    ], relationships: [
        RelationshipShape("members", to: "PersonModel", toMany: true),
        RelationshipShape("expenses", to: "GroupExpenseModel", toMany: true, deleteRule: .cascade, inverse: "group"),
    ])

    /// GroupExpenseModel: an expense within a group.
    public static let groupExpenseModel = EntityShape("GroupExpenseModel", attributes: [
        AttributeShape("id", .uuid), AttributeShape("title", .string), AttributeShape("amount", .double),
        AttributeShape("category", .string, defaultValue: "other"), AttributeShape("date", .date),
    ], relationships: [
        RelationshipShape("paidBy", to: "PersonModel"),
        RelationshipShape("splitBetween", to: "PersonModel", toMany: true),
        RelationshipShape("group", to: "GroupModel", inverse: "expenses"),
    ])

    /// SubscriptionModel: a tracked subscription.
    public static let subscriptionModel = EntityShape("SubscriptionModel", attributes: [
        AttributeShape("id", .uuid), AttributeShape("name", .string), AttributeShape("price", .double),
        AttributeShape("billingCycle", .string, defaultValue: "monthly"), AttributeShape("category", .string, defaultValue: "other"),
        AttributeShape("nextBillingDate", .date),
    ])

    /// SharedSubscriptionModel: a subscription split between people, referenced by id.
    public static let sharedSubscriptionModel = EntityShape("SharedSubscriptionModel", attributes: [
        AttributeShape("id", .uuid), AttributeShape("subscriptionID", .uuid),
        AttributeShape("sharedWithIDs", .string, defaultValue: ""), AttributeShape("costSplit", .string, defaultValue: "equal"),
    ])

    /// TransactionModel: an income or expense transaction.
    public static let transactionModel = EntityShape("TransactionModel", attributes: [
        AttributeShape("id", .uuid), AttributeShape("title", .string), AttributeShape("amount", .double),
        AttributeShape("category", .string, defaultValue: "other"), AttributeShape("date", .date),
        AttributeShape("tags", .string, defaultValue: ""),
    ])

    /// The models, in the seed's order.
    public static let models = [personModel, groupModel, groupExpenseModel, subscriptionModel, sharedSubscriptionModel, transactionModel]

    /// The version.
    public static let schema = VersionedSchema(versionIdentifier, models)
}
