import AppPorts

/// One difference found by `verifyBalances` (seed l.1036-1037 prints it; the fixed variant fails).
/// Amounts are as compared: `Double` major units in the seed path, minor units (as `Double`) in the fixed one.
public struct BalanceMismatch: Equatable, Sendable {
    public let personId: String
    public let currency: String
    public let local: Double
    public let server: Double

    public init(personId: String, currency: String, local: Double, server: Double) {
        self.personId = personId
        self.currency = currency
        self.local = local
        self.server = server
    }
}
