import AppPorts
import AppleStandIns

/// The app's data layer over one `ModelContext`: what the screens do when the user saves a form.
/// It writes only the attributes the build's schema has (a V1 build has no `profileImageURL`),
/// money in the schema's type. After every change to expenses or settlements the fixed app
/// re-derives every stored balance in the same save, so a stored balance never differs from the
/// expenses; `stored-balance-incremental` adjusts it in a second save after an await.
public final class ExpenseBook {
    let context: ModelContext
    let build: SwiffBuild
    let probe: any PhaseProbe
    var person: String { build.personEntity }

    /// The data layer of `build` over `context`.
    public init(context: ModelContext, build: SwiffBuild, probe: any PhaseProbe) {
        self.context = context
        self.build = build
        self.probe = probe
    }

    /// Imports everything in one save (the data a user had entered over months).
    public func importAll(_ data: SwiffImport) async throws {
        probe.enter("edit")
        await Task.yield()
        for input in data.persons { insertPerson(input) }
        for input in data.groups { try insertGroup(input) }
        for input in data.expenses { try insertExpense(input) }
        for input in data.subscriptions { insertSubscription(input) }
        for input in data.shared { insertShared(input) }
        for input in data.transactions { insertTransaction(input) }
        try Balances.store(try Balances.derive(in: context, personEntity: person), in: context, personEntity: person)
        try saveOrDiscard()
    }

    /// Adds a person.
    public func addPerson(_ input: PersonInput) async throws {
        probe.enter("edit")
        await Task.yield()
        insertPerson(input)
        try saveOrDiscard()
    }

    /// Renames a person and changes their phone (every stored copy of them).
    public func editPerson(id: String, name: String, phone: String) async throws {
        probe.enter("edit")
        await Task.yield()
        for row in try rows(person, id) {
            context.set(row.id, "name", .string(name))
            setIfPresent(row.id, phoneAttribute, .string(phone))
        }
        try saveOrDiscard()
    }

    /// Adds a group expense (and updates the stored balances).
    public func addExpense(_ input: ExpenseInput) async throws {
        probe.enter("edit")
        await Task.yield()
        try insertExpense(input)
        try await saveAdjustingBalances(Balances.deltas(input.amountCents, payer: input.paidByID, split: input.splitBetweenIDs))
    }

    /// Records a settlement (a V3 build only).
    public func addSettlement(_ input: SettlementInput) async throws {
        probe.enter("edit")
        await Task.yield()
        guard context.schema.entity("SettlementModel") != nil else { return }
        context.insert("SettlementModel", [
            "id": .uuid(input.id), "fromPersonID": .uuid(input.fromPersonID), "toPersonID": .uuid(input.toPersonID),
            "amountCents": .int(input.amountCents), "date": .date(input.dateMillis),
        ])
        try await saveAdjustingBalances([(input.fromPersonID, input.amountCents), (input.toPersonID, -input.amountCents)])
    }

    /// Adds a subscription.
    public func addSubscription(_ input: SubscriptionInput) async throws {
        probe.enter("edit")
        await Task.yield()
        insertSubscription(input)
        try saveOrDiscard()
    }

    /// Shares a subscription with people.
    public func shareSubscription(_ input: SharedSubscriptionInput) async throws {
        probe.enter("edit")
        await Task.yield()
        insertShared(input)
        try saveOrDiscard()
    }

    // MARK: Saving

    /// Fixed: every balance re-derived, one save. Incremental: save, then (after an await: the
    /// seed's UI updates balances in a separate step) add `deltas` to the stored balances, save.
    private func saveAdjustingBalances(_ deltas: [(String, Int64)]) async throws {
        guard build.variant.has(.storedBalanceIncremental) else {
            try Balances.store(try Balances.derive(in: context, personEntity: person), in: context, personEntity: person)
            return try saveOrDiscard()
        }
        try saveOrDiscard()
        await Task.yield()
        guard let attribute = context.schema.entity(person)?.attribute("balanceCents") ?? context.schema.entity(person)?.attribute("balance") else { return }
        for (id, delta) in deltas {
            for row in try rows(person, id) {
                context.set(row.id, attribute.name, Money.value((Money.cents(row[attribute.name]) ?? 0) + delta, as: attribute.type))
            }
        }
        try saveOrDiscard()
    }

    /// A failed save leaves nothing pending: the form shows the error and the user may retry.
    private func saveOrDiscard() throws {
        do { try context.save() } catch {
            context.rollback()
            throw error
        }
    }

    // MARK: Rows

    private var phoneAttribute: String { context.schema.entity(person)?.attribute("phoneNumber") != nil ? "phoneNumber" : "phone" }

    private func rows(_ entity: String, _ id: String) throws -> [ModelRow] {
        try context.fetch(entity) { $0["id"] == .uuid(id) }
    }

    private func first(_ entity: String, _ id: String) throws -> PersistentIdentifier? { try rows(entity, id).first?.id }

    private func setIfPresent(_ row: PersistentIdentifier, _ attribute: String, _ value: StoreValue) {
        guard context.schema.entity(row.entityName)?.attribute(attribute) != nil else { return }
        context.set(row, attribute, value)
    }

    /// Inserts `values` restricted to the attributes `entity` has; money as the schema's type.
    private func insert(_ entity: String, _ values: [String: StoreValue], money: [String: Int64] = [:]) -> PersistentIdentifier {
        guard let shape = context.schema.entity(entity) else { preconditionFailure("\(entity) is not in \(context.schema)") }
        var kept = values.filter { shape.attribute($0.key) != nil && !$0.value.isNull }
        for (name, cents) in money {
            if let attribute = shape.attribute(name + "Cents") ?? shape.attribute(name) { kept[attribute.name] = Money.value(cents, as: attribute.type) }
        }
        return context.insert(entity, kept)
    }

    private func insertPerson(_ input: PersonInput) {
        let values: [String: StoreValue] = [
            "id": .uuid(input.id), "name": .string(input.name), "email": .string(input.email), phoneAttribute: .string(input.phone),
            "avatarEmoji": input.avatarEmoji.map(StoreValue.string) ?? .null,
            "profileImageURL": input.profileImageURL.map(StoreValue.string) ?? .null,
        ]
        _ = insert(person, values, money: ["balance": 0])
    }

    private func insertGroup(_ input: GroupInput) throws {
        let id = insert("GroupModel", ["id": .uuid(input.id), "name": .string(input.name),
                                       "groupDescription": .string(input.groupDescription), "emoji": .string(input.emoji)])
        context.relate(id, "members", to: try input.memberIDs.compactMap { try first(person, $0) })
    }

    private func insertExpense(_ input: ExpenseInput) throws {
        let id = insert("GroupExpenseModel", [
            "id": .uuid(input.id), "title": .string(input.title), "category": .string(input.category),
            "date": .date(input.dateMillis), "notes": input.notes.map(StoreValue.string) ?? .null,
        ], money: ["amount": input.amountCents])
        context.relate(id, "paidBy", to: try first(person, input.paidByID).map { [$0] } ?? [])
        context.relate(id, "splitBetween", to: try input.splitBetweenIDs.compactMap { try first(person, $0) })
        context.relate(id, "group", to: try first("GroupModel", input.groupID).map { [$0] } ?? [])
    }

    private func insertSubscription(_ input: SubscriptionInput) {
        _ = insert("SubscriptionModel", [
            "id": .uuid(input.id), "name": .string(input.name), "billingCycle": .string(input.billingCycle),
            "category": .string(input.category), "nextBillingDate": .date(input.nextBillingMillis),
        ], money: ["price": input.priceCents])
    }

    private func insertShared(_ input: SharedSubscriptionInput) {
        _ = insert("SharedSubscriptionModel", [
            "id": .uuid(input.id), "subscriptionID": .uuid(input.subscriptionID),
            "sharedWithIDs": .string(input.sharedWithIDs.joined(separator: ",")), "costSplit": .string(input.costSplit),
        ])
    }

    private func insertTransaction(_ input: TransactionInput) {
        _ = insert("TransactionModel", [
            "id": .uuid(input.id), "title": .string(input.title), "category": .string(input.category),
            "date": .date(input.dateMillis), "tags": .string(input.tags),
        ], money: ["amount": input.amountCents])
    }
}
