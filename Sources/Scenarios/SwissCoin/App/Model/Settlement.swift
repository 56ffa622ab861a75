import AppPorts

/// The Core Data `Settlement` entity (seed l.656-670): `fromPerson` paid `toPerson` back.
public struct Settlement: Codable, Equatable, Sendable {
    public var id: String?
    public var amount: Double
    public var currency: String?
    public var date: Int64?
    public var note: String?
    public var isFullSettlement: Bool
    public var fromPersonId: String?
    public var toPersonId: String?

    public init(id: String?, amount: Double, currency: String?, date: Int64?, note: String? = nil,
                isFullSettlement: Bool = false, fromPersonId: String?, toPersonId: String?) {
        self.id = id
        self.amount = amount
        self.currency = currency
        self.date = date
        self.note = note
        self.isFullSettlement = isFullSettlement
        self.fromPersonId = fromPersonId
        self.toPersonId = toPersonId
    }
}
