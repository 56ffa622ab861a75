import AppPorts
import Foundation
import SimCore
import SimHarness
import SwissCoin

/// A generated pre-migration Swiss Coin store: the local database and the local "me" id that goes
/// into `UserDefaults "currentUserId"`.
public struct SwissCoinDataset: Sendable, Equatable {
    public let database: LocalDatabase
    public let currentUserId: String
    public let defaultCurrency: String
    /// False for a new device with nothing to migrate (no "me" id in `UserDefaults`).
    public var hasLocalData: Bool { !currentUserId.isEmpty }

    /// Writes the store and the defaults a device had before the migration (flushed).
    public func install(store: LocalStore, defaults: any KeyValueStore) throws {
        try store.save(database)
        if hasLocalData { defaults.set(.string(currentUserId), forKey: AppDefaultsKeys.currentUserId) }
        defaults.set(.string(defaultCurrency), forKey: AppDefaultsKeys.defaultCurrency)
        defaults.synchronize()
    }
}

/// Seeded generator of realistic local stores (the data the seed migrates): people with some
/// photos, groups, transactions with equal (incl. 3-way splits of amounts not divisible by 3),
/// uneven and multi-payer splits in several currencies, settlements, subscriptions with payments,
/// reminders and chat messages. Money is drawn as integer minor units and stored the way the app
/// stores it (`Double` major units; equal splits as `amount / n`). Only `SimRandom` is used.
public struct DatasetGenerator {
    var random: SimRandom
    let size: DatasetSize
    /// The instant "now" for the generated history (default 2025-06-01T00:00Z).
    let nowMs: Int64
    let currencies = ["CHF", "EUR", "USD", "JPY"]
    var database: LocalDatabase
    var me = ""
    var personIds: [String] = []

    public init(random: SimRandom, size: DatasetSize = .default, nowMs: Int64 = 1_748_736_000_000,
                timeZoneOffsetSeconds: Int? = nil) {
        self.random = random
        self.size = size
        self.nowMs = nowMs
        let zones = [-43_200, -18_000, 0, 3_600, 7_200, 19_800, 36_000, 50_400]
        var zoneRandom = random
        let zone = timeZoneOffsetSeconds ?? zones[zoneRandom.below(zones.count)]
        database = LocalDatabase(timeZoneOffsetSeconds: zone)
    }

    /// Generates a dataset; the same seed and size give the same dataset in every process.
    public static func generate(seed: UInt64, size: DatasetSize = .default) -> SwissCoinDataset {
        var generator = DatasetGenerator(random: SimRandom(seed: seed), size: size)
        return generator.generate()
    }

    public mutating func generate() -> SwissCoinDataset {
        makePersons()
        makeGroups()
        makeSubscriptions()
        for _ in 0..<size.transactions { makeTransaction() }
        makeSettlements()
        makeReminders()
        makeMessages()
        return SwissCoinDataset(database: database, currentUserId: me, defaultCurrency: "CHF")
    }

    /// A v4-shaped id drawn from the dataset's stream.
    ///
    /// The digits are the two words' unpadded hex, concatenated, then zero-filled to 32; digit 12
    /// becomes the version `4` and digit 16 the variant `a` (built from bytes: see `UUIDText`).
    mutating func uuid() -> String {
        var hex = Array(String(random.next(), radix: 16).utf8) + Array(String(random.next(), radix: 16).utf8)
        hex += Array(repeating: UInt8(ascii: "0"), count: max(0, 32 - hex.count))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        for index in 0..<32 {
            if index == 8 || index == 12 || index == 16 || index == 20 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(index == 12 ? UInt8(ascii: "4") : index == 16 ? UInt8(ascii: "a") : hex[index])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A past instant within the last `days` days.
    mutating func pastMs(days: Int) -> Int64 { nowMs - random.int(in: 0...(Int64(days) * 86_400_000)) }

    mutating func bytes(_ count: Int) -> Data { Data((0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }) }

    /// `count` distinct persons other than `me`, drawn one by one from those not yet drawn (each
    /// draw is `below(remaining)` over the others in creation order). Draws and picks equal those
    /// of removing from a copy of the others, without copying them: the cost no longer grows with
    /// the number of persons.
    mutating func someOthers(_ count: Int) -> [String] {
        precondition(personIds.first == me, "the dataset's first person is the user")
        var taken: [Int] = []  // indices into personIds.dropFirst(), ascending
        var chosen: [String] = []
        while chosen.count < count && taken.count < personIds.count - 1 {
            // The draw's position among the untaken others, mapped past every taken index below it.
            var index = random.below(personIds.count - 1 - taken.count)
            var slot = 0
            while slot < taken.count && taken[slot] <= index { index += 1; slot += 1 }
            taken.insert(index, at: slot)
            chosen.append(personIds[index + 1])
        }
        return chosen
    }

    static let firstNames = ["Anna", "Luca", "Mia", "Noah", "Lea", "Elias", "Sofia", "Jonas", "Lina", "Leon", "Emma",
                             "Nico", "Zoé", "Matteo", "Chiara", "Yannick", "Aisha", "Kenji", "Ola", "Björn"]
    static let colors = ["#FF6B6B", "#4ECDC4", "#45B7D1", "#96CEB4", "#FFEAA7", "#DDA0DD"]

    mutating func makePersons() {
        for index in 0..<size.persons {
            let id = uuid()
            let name = index == 0 ? "Me" : Self.firstNames[random.below(Self.firstNames.count)] + " \(index)"
            let photo: Data? = random.chance(1, in: 5) ? bytes(64 + random.below(192)) : nil
            let phone: String? = random.chance(2, in: 3) ? "+41 7\(random.int(in: 0...9)) \(random.int(in: 100...999)) \(random.int(in: 1000...9999))" : nil
            database.persons.append(Person(id: id, name: name, phoneNumber: phone,
                                           colorHex: Self.colors[random.below(Self.colors.count)],
                                           isArchived: index > 0 && random.chance(1, in: 20),
                                           lastViewedDate: random.chance(1, in: 2) ? pastMs(days: 60) : nil, photoData: photo))
            personIds.append(id)
        }
        me = personIds[0]
    }
}
