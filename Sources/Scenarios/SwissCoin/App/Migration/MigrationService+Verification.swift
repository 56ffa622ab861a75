import AppPorts
import SimValues

/// `verifyBalances()` (seed l.1011-1054): compares local balances with the `calculate-balance` edge
/// function. The seed samples the first 5 persons, compares only the primary amount as `Double`
/// within 0.01, and only prints (SC-13). The fixed variant checks every person except "me", every
/// currency, exactly in minor units, and throws on any difference.
extension MigrationService {
    /// Returns the mismatches found (the seed path prints them; the fixed path also throws).
    @discardableResult
    public func verifyBalances() async throws -> [BalanceMismatch] {
        let database = try fetch()
        let localMe = defaults.string(forKey: AppDefaultsKeys.currentUserId) ?? ""
        var persons = database.persons
        if !has(.verifyLocalIds) { persons = persons.filter { $0.id != nil && $0.id != localMe } }
        if has(.verifySampled) { persons = Array(persons.prefix(5)) }  // fetchLimit = 5, unsorted fetch
        var mismatches: [BalanceMismatch] = []
        var answers: [(serverId: String, server: BalanceResponse)] = []
        for person in persons {
            let localId = person.id ?? ""
            let serverId = has(.verifyLocalIds) ? localId : remapPersonId(localId)
            let response = try await client.invoke(function: "calculate-balance",
                                                   body: ["person_id": .string(serverId)])
            let server = BalanceResponse(json: response)
            answers.append((serverId, server))
            if !usesExactComparison {
                mismatches += compare(localId: localId, serverId: serverId, server: server, database: database, me: localMe)
            }
        }
        if usesExactComparison { mismatches = try await exactMismatches(answers, database, me: localMe) }
        if !mismatches.isEmpty && !has(.verifyPrintOnly) { throw MigrationError.balanceMismatch(mismatches) }
        return mismatches
    }

    /// Fixed: the server's answers against the local store, computed once for every person (the
    /// same numbers `ExactBalance.balance` gives one person at a time). When they differ, another
    /// device may be syncing the account (its edits moved the server on, and this device's old
    /// copy can never match again): the comparison is made once more with the transactions those
    /// syncs wrote taken from the server (see `overlayingSyncedTransactions`). What this device
    /// uploaded and nobody synced since must still match exactly, so a corrupted upload is still
    /// refused.
    private func exactMismatches(_ answers: [(serverId: String, server: BalanceResponse)], _ database: LocalDatabase,
                                 me: String) async throws -> [BalanceMismatch] {
        var local = remappedLocal(database, me: me)
        var found = exactDifferences(answers, balances: exactBalances(local, me: me))
        if !found.isEmpty, try await accountIsSynced(), let (synced, broken) = try await overlayingSyncedTransactions(on: local) {
            local = synced
            found = broken + exactDifferences(answers, balances: exactBalances(local, me: me))
        }
        for mismatch in found {
            log("Balance mismatch for \(mismatch.personId) in \(mismatch.currency): local=\(Int64(mismatch.local)) server=\(Int64(mismatch.server)) (minor units)")
        }
        return found
    }

    private func exactDifferences(_ answers: [(serverId: String, server: BalanceResponse)],
                                  balances: [String: [String: Int64]]) -> [BalanceMismatch] {
        answers.flatMap { compareExactly(local: balances[$0.serverId] ?? [:], serverId: $0.serverId, server: $0.server) }
    }

    /// Whether this variant compares exactly (every currency, minor units) rather than the seed's way.
    private var usesExactComparison: Bool { !has(.verifyPrimaryOnly) && !has(.verifyFloatTolerance) }

    /// Fixed: compare in the server's identity space. The exact rule shares a debt among creditors
    /// in person-id order, so the old local "me" id and the auth id can put a remainder cent on
    /// different people: remap first, then compute.
    private func remappedLocal(_ database: LocalDatabase, me: String) -> LocalDatabase {
        let authId = authUserId ?? me
        return me == authId ? database : IdentityRemap.apply(from: me, to: authId, in: database)
    }

    private func exactBalances(_ remapped: LocalDatabase, me: String) -> [String: [String: Int64]] {
        ExactBalance.balancesWithEveryone(currentUserId: authUserId ?? me, in: remapped, defaultCurrency: defaultCurrency)
    }

    /// The seed's comparisons (SC-13): the app's `Double` balance against the server's numbers.
    private func compare(localId: String, serverId: String, server: BalanceResponse, database: LocalDatabase,
                         me: String) -> [BalanceMismatch] {
        let local = BalanceCalculator.calculateBalance(personId: localId, currentUserId: me, in: database,
                                                       defaultCurrency: defaultCurrency)
        if has(.verifyPrimaryOnly) {
            // Seed l.1034: one number each side, whatever currency each side calls primary.
            let currency = server.primaryCurrency
            return compareAmounts(localId: localId, serverId: serverId, currency: currency,
                                  local: local.primaryAmount, server: server.primaryAmount)
        }
        if has(.verifyFloatTolerance) {
            var result: [BalanceMismatch] = []
            for currency in Set(local.balances.keys).union(server.balances.keys).sorted() {
                result += compareAmounts(localId: localId, serverId: serverId, currency: currency,
                                         local: local.balances[currency] ?? 0, server: server.balances[currency] ?? 0)
            }
            return result
        }
        preconditionFailure("the exact comparison does not go through compare")
    }

    /// One amount pair: within 0.01 as `Double` (seed l.1034-1036), or exactly in minor units.
    private func compareAmounts(localId: String, serverId: String, currency: String, local: Double,
                                server: Double) -> [BalanceMismatch] {
        let differs = has(.verifyFloatTolerance)
            ? abs(local - server) > 0.01
            : MinorUnits.from(local, currency: currency) != MinorUnits.from(server, currency: currency)
        guard differs else { return [] }
        log("Balance mismatch for \(localId): local=\(local) server=\(server)")
        return [BalanceMismatch(personId: serverId, currency: currency, local: local, server: server)]
    }

    /// Fixed: every currency, integer minor units, no tolerance.
    private func compareExactly(local: [String: Int64], serverId: String, server: BalanceResponse) -> [BalanceMismatch] {
        let serverMinor = server.minorBalances()
        var result: [BalanceMismatch] = []
        for currency in Set(local.keys).union(serverMinor.keys).sorted() {
            let l = local[currency] ?? 0
            let s = serverMinor[currency] ?? 0
            if l != s {
                result.append(BalanceMismatch(personId: serverId, currency: currency, local: Double(l), server: Double(s)))
            }
        }
        return result
    }
}

/// The `calculate-balance` edge function's answer (seed `BalanceResponse`, l.1042-1054).
public struct BalanceResponse: Equatable, Sendable {
    public let balances: [String: Double]
    /// The same amounts as sent, when sent as exact decimal strings (fixed servers do).
    public let decimalTexts: [String: String]
    public let isSettled: Bool
    public let primaryAmount: Double
    public let primaryCurrency: String

    /// Decodes leniently: numbers may come as integers, floats or decimal strings; missing → 0.
    public init(json: JSONValue) {
        var balances: [String: Double] = [:]
        var texts: [String: String] = [:]
        for (code, value) in json["balances"]?.objectValue ?? [:] {
            balances[code] = BalanceResponse.number(value)
            if let text = value.stringValue { texts[code] = text }
        }
        self.balances = balances
        decimalTexts = texts
        isSettled = json["is_settled"]?.boolValue ?? false
        primaryAmount = json["primary_amount"].map(BalanceResponse.number) ?? 0
        primaryCurrency = json["primary_currency"]?.stringValue ?? ""
    }

    static func number(_ value: JSONValue) -> Double {
        switch value {
        case .int(let v): return Double(v)
        case .double(let v): return v
        case .string(let v): return Double(v) ?? 0
        default: return 0
        }
    }

    /// Balances in minor units: decimal strings parsed exactly, binary numbers rounded to the unit.
    public func minorBalances() -> [String: Int64] {
        var result: [String: Int64] = [:]
        for (code, amount) in balances {
            if let text = decimalTexts[code], let exact = BalanceResponse.parseDecimal(text, currency: code) {
                result[code] = exact
            } else {
                result[code] = MinorUnits.from(amount, currency: code)
            }
        }
        return result.filter { $0.value != 0 }
    }

    /// "12.34" → 1234 (for a 2-digit currency) without going through `Double`.
    static func parseDecimal(_ text: String, currency: String) -> Int64? {
        let digits = MinorUnits.digits(currency: currency)
        let negative = text.hasPrefix("-")
        let body = negative ? String(text.dropFirst()) : text
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int64(parts[0]) else { return nil }
        var fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.count <= digits, fraction.allSatisfy(\.isNumber) else { return nil }
        fraction += String(repeating: "0", count: digits - fraction.count)
        let value = whole * MinorUnits.scale(currency: currency) + (Int64(fraction) ?? 0)
        return negative ? -value : value
    }
}
