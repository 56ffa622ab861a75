import AppPorts

/// The Core Data `TransactionPayer` entity (seed l.628-635): one contribution to a multi-payer
/// transaction. No local id, like splits.
public struct TransactionPayer: Codable, Equatable, Sendable {
    public var paidById: String?
    public var amount: Double

    public init(paidById: String?, amount: Double) {
        self.paidById = paidById
        self.amount = amount
    }
}
