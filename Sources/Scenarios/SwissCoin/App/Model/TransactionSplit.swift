import AppPorts

/// The Core Data `TransactionSplit` entity (seed l.597-605): what one person owes on a transaction.
/// It has no id locally ("splits don't have IDs locally yet", l.600); `rawAmount` is the user's input
/// before the app derived `amount` (0 when unset).
public struct TransactionSplit: Codable, Equatable, Sendable {
    public var owedById: String?
    public var amount: Double
    public var rawAmount: Double

    public init(owedById: String?, amount: Double, rawAmount: Double = 0) {
        self.owedById = owedById
        self.amount = amount
        self.rawAmount = rawAmount
    }
}
