import SimHarness
import Swiff

/// What the user does in one launch of the app, one action at a time.
enum SwiffAction: Sendable {
    case importAll(SwiffImport)
    case addPerson(PersonInput)
    case editPerson(id: String, name: String, phone: String)
    case addExpense(ExpenseInput)
    case addSettlement(SettlementInput)
    case addSubscription(SubscriptionInput)
    /// Settings → Back up now.
    case backupNow
    /// Settings → Restore backup (the file at `path`); the app restarts afterwards.
    case restore(path: String)

    /// Runs the action through the app; true when the app confirmed it (the save returned).
    func perform(in app: SwiffApplication) async -> Bool {
        guard let book = app.book else { return false }
        do {
            switch self {
            case .importAll(let data): try await book.importAll(data)
            case .addPerson(let input): try await book.addPerson(input)
            case .editPerson(let id, let name, let phone): try await book.editPerson(id: id, name: name, phone: phone)
            case .addExpense(let input): try await book.addExpense(input)
            case .addSettlement(let input): try await book.addSettlement(input)
            case .addSubscription(let input): try await book.addSubscription(input)
            case .backupNow: try await app.backups.createBackup(reason: "manual")
            case .restore(let path): try await app.persistence.restore(from: path)
            }
            return true
        } catch {
            return false
        }
    }
}

/// The action of Swiff's operation ledger (`OperationLedger<SwiffHanded>`): a user action handed
/// to the app of `build`. It ends `ok` when the app confirmed it (a restore's with the store the
/// backup held), `failed` when the app said it failed, and a kill leaves it indeterminate.
struct SwiffHanded: Sendable {
    var action: SwiffAction
    var build: Int

    static let operationName = "swiff action"
}

/// What the user should find in the store: every record whose save the app confirmed, as the
/// build that saved it could store it (a V1 form has no profile image, only V3 has notes and
/// settlements). A restore the user asked for and the app confirmed replaces it. A fold of the
/// device's confirmed operations, in the order the app confirmed them.
struct ExpectedStore: Sendable {
    private(set) var expected: [LogicalKey: [String: String]] = [:]

    init() {}

    /// What `device`'s user expects, from the run's operation ledger.
    init(ledger: OperationLedger<SwiffHanded>, device: String) {
        for case .completed(let entry) in ledger.steps where entry.device == device && entry.isAcknowledged {
            if case .restore = entry.action.action {
                if let store = entry.result(as: LogicalStore.self) { reset(to: store) }
            } else {
                apply(entry.action.action, build: entry.action.build)
            }
        }
    }

    mutating func apply(_ action: SwiffAction, build: Int) {
        switch action {
        case .importAll(let data):
            data.persons.forEach { add(person: $0, build) }
            for group in data.groups {
                expected[LogicalKey(kind: "group", id: group.id)] = ["name": group.name, "groupDescription": group.groupDescription,
                                                                    "emoji": group.emoji, "members": Self.list(group.memberIDs)]
            }
            data.expenses.forEach { add(expense: $0, build) }
            data.subscriptions.forEach { add(subscription: $0) }
            for shared in data.shared {
                expected[LogicalKey(kind: "shared", id: shared.id)] = ["subscriptionID": shared.subscriptionID, "costSplit": shared.costSplit,
                                                                      "sharedWith": shared.sharedWithIDs.joined(separator: ",")]
            }
            for t in data.transactions {
                expected[LogicalKey(kind: "transaction", id: t.id)] = ["title": t.title, "category": t.category, "tags": t.tags,
                                                                      "amount": String(t.amountCents), "date": String(t.dateMillis)]
            }
        case .addPerson(let input): add(person: input, build)
        case .editPerson(let id, let name, let phone):
            expected[LogicalKey(kind: "person", id: id)]?["name"] = name
            expected[LogicalKey(kind: "person", id: id)]?["phone"] = phone
        case .addExpense(let input): add(expense: input, build)
        case .addSettlement(let s) where build >= 3:
            expected[LogicalKey(kind: "settlement", id: s.id)] = ["from": s.fromPersonID, "to": s.toPersonID,
                                                                 "amount": String(s.amountCents), "date": String(s.dateMillis)]
        case .addSubscription(let input): add(subscription: input)
        case .addSettlement, .backupNow, .restore: break
        }
    }

    /// The user restored a backup: what they expect now is what it holds.
    mutating func reset(to store: LogicalStore) { expected = store.records }

    private mutating func add(person p: PersonInput, _ build: Int) {
        var fields = ["name": p.name, "email": p.email, "phone": p.phone]
        fields["avatarEmoji"] = p.avatarEmoji
        if build >= 2 { fields["profileImageURL"] = p.profileImageURL }
        expected[LogicalKey(kind: "person", id: p.id)] = fields
    }

    private mutating func add(expense e: ExpenseInput, _ build: Int) {
        var fields = ["title": e.title, "category": e.category, "amount": String(e.amountCents), "date": String(e.dateMillis),
                      "paidBy": e.paidByID, "splitBetween": Self.list(e.splitBetweenIDs), "group": e.groupID]
        if build >= 3 { fields["notes"] = e.notes }
        expected[LogicalKey(kind: "expense", id: e.id)] = fields
    }

    private mutating func add(subscription s: SubscriptionInput) {
        expected[LogicalKey(kind: "subscription", id: s.id)] = ["name": s.name, "billingCycle": s.billingCycle, "category": s.category,
                                                               "price": String(s.priceCents), "nextBillingDate": String(s.nextBillingMillis)]
    }

    private static func list(_ ids: [String]) -> String { Set(ids).sorted().joined(separator: ",") }
}
