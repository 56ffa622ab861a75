import AppPorts

/// The Core Data `FinancialTransaction` entity with its `splits` and `payers` (seed l.560-575,
/// l.592-612, l.623-642). `payerId` is the legacy single payer; `payers` (multi-payer) overrides it
/// when non-empty, as the app's `effectivePayers` does. Children keep insertion order.
public struct FinancialTransaction: Codable, Equatable, Sendable {
    public var id: String?
    public var title: String?
    /// Major units as the app stores them (`Double`, SC-20).
    public var amount: Double
    public var currency: String?
    public var date: Int64?
    public var splitMethod: String?
    public var note: String?
    public var payerId: String?
    public var createdById: String?
    public var groupId: String?
    public var splits: [TransactionSplit]
    public var payers: [TransactionPayer]

    public init(id: String?, title: String?, amount: Double, currency: String?, date: Int64?,
                splitMethod: String? = "equal", note: String? = nil, payerId: String?, createdById: String?,
                groupId: String? = nil, splits: [TransactionSplit] = [], payers: [TransactionPayer] = []) {
        self.id = id
        self.title = title
        self.amount = amount
        self.currency = currency
        self.date = date
        self.splitMethod = splitMethod
        self.note = note
        self.payerId = payerId
        self.createdById = createdById
        self.groupId = groupId
        self.splits = splits
        self.payers = payers
    }
}
