import AppPorts
import AppleStandIns
import FakeCloud
import SimCore
import Swiff

/// A small user's data and helpers to run the Swiff app against the store fake on one device.
enum SwiffAppFixtures {
    static let ann = "00000000-0000-4000-8000-00000000000A", bob = "00000000-0000-4000-8000-00000000000B"
    static let cem = "00000000-0000-4000-8000-00000000000C", trip = "00000000-0000-4000-8000-0000000000F1"
    static let netflix = "00000000-0000-4000-8000-0000000000E1"

    static func expense(_ n: Int, amount: Int64, paidBy: String = ann) -> ExpenseInput {
        ExpenseInput(id: "00000000-0000-4000-8000-0000000001\(String(format: "%02d", n))", groupID: trip, title: "expense \(n)",
                     category: "food", amountCents: amount, dateMillis: 1_700_000_000_000 + Int64(n), paidByID: paidBy,
                     splitBetweenIDs: [ann, bob, cem], notes: nil)
    }

    static let data = SwiffImport(
        persons: [
            PersonInput(id: ann, name: "Ann", email: "ann@x.ch", phone: "+41 1", avatarEmoji: "🦊", profileImageURL: nil),
            PersonInput(id: bob, name: "Bob", email: "bob@x.ch", phone: "+41 2", avatarEmoji: nil, profileImageURL: nil),
            PersonInput(id: cem, name: "Cem", email: "cem@x.ch", phone: "+41 3", avatarEmoji: "🐙", profileImageURL: nil),
        ],
        groups: [GroupInput(id: trip, name: "Trip", groupDescription: "Ticino", emoji: "🏔", memberIDs: [ann, bob, cem])],
        expenses: [expense(1, amount: 1_000), expense(2, amount: 2_501, paidBy: bob), expense(3, amount: 999, paidBy: cem)],
        subscriptions: [SubscriptionInput(id: netflix, name: "Netflix", billingCycle: "monthly", category: "tv", priceCents: 1_890, nextBillingMillis: 1_700_000_000_000)],
        shared: [SharedSubscriptionInput(id: "00000000-0000-4000-8000-0000000000E2", subscriptionID: netflix, costSplit: "equal", sharedWithIDs: [ann, bob])],
        transactions: [TransactionInput(id: "00000000-0000-4000-8000-0000000000D1", title: "Salary", category: "income", tags: "work", amountCents: 500_000, dateMillis: 1_700_000_000_000)])

    /// The stored balances after `data`: Ann paid 10.00 and owes 3.34 + 8.34 + 3.33, Bob paid
    /// 25.01 and owes 3.33 + 8.34 + 3.33, Cem paid 9.99 and owes 3.33 + 8.33 + 3.33.
    static let balances: [StoreValue] = [.int(-501), .int(1_001), .int(-500)]

    struct FixedClock: WallClock {
        var nowMilliseconds: Int64 = 1_768_435_200_000
        var utcOffsetSeconds: Int { 0 }
    }

    /// The app of `build` on the device's files.
    static func app(_ device: Device, build: Int, variant: String = "fixed", faults: any StorageFaultPolicy = NoStorageFaults(),
                    clock: FixedClock = FixedClock()) -> SwiffApplication {
        SwiffApplication(build: SwiffBuild(build, variant: try! SwiffVariant.parse(variant)),
                         disk: StoreDisk(files: device.files, faults: faults), clock: clock)
    }

    /// Installs `build`, imports `data` on its first launch.
    static func install(_ device: Device, build: Int, variant: String = "fixed") async throws {
        let app = app(device, build: build, variant: variant)
        guard await app.launch() == .opened else { preconditionFailure("a fresh store opens") }
        try await app.book!.importAll(data)
    }

    static func store(_ device: Device) -> StoreSnapshot? { device.files.read(PersistenceService.storePath).flatMap(StoreSnapshot.decode) }

    static func rows(_ device: Device, _ entity: String) -> [ModelRow] { store(device)?.rows(of: entity) ?? [] }

    /// Runs `body` on a fresh device inside a simulation.
    static func run<T: Sendable>(_ body: @escaping @Sendable (Device) async throws -> T) throws -> T {
        let sim = Simulator(seed: 1, options: SimulatorOptions(policy: .fifo))
        let device = sim.addDevice("phone")
        return try sim.run { _ in try await body(device) }
    }
}
