import AppPorts
import FakeCloud
import SimCore
import SimHarness

/// idempotent-retry: the final server state of an account equals that of the same dataset
/// migrated with no faults (ids and server timestamps aside). Kills, lost responses and retries
/// may change when rows arrive, never what ends up there: no duplicate a retry created, no row a
/// retry lost, no field a retry wrote differently.
///
/// The yardstick is `ReferenceMigration`: the plan's `dataset` migrated by the same variant in a
/// fault-free simulator of its own (`ReferenceRun`), computed by the scenario's reference phase,
/// after healing, only for the plans the invariant applies to. Both
/// sides are compared as `AccountServerState` (per table, multisets of canonical rows by key).
///
/// It applies to a plan only when the fault-free run is the right yardstick, i.e. when the
/// plan's device is the only writer of its account:
/// - the plan must be on the server at the end (`plansThatMustBeMigrated`, as no-loss);
/// - no other plan holds data of the same account (several devices of one account migrate
///   overlapping data: first-sync-with-existing-cloud-data);
/// - every row version written with the account's session came from that device: web edits
///   (first-sync-with-existing-cloud-data) are deliberate later writes, and another device signed
///   in as the account (account-switch) writes data of its own, e.g. another account's under
///   cross-account-upload (no-cross-account-leak's finding);
/// - nobody wrote with the service role in the run, sign-up triggers aside (the operator's
///   corruption and repair in verifier-blind-spots).
/// Those cases are left to no-loss, no-duplicate, no-lost-update and balance-equality.
struct IdempotentRetryChecker: InvariantChecker {
    let name = "idempotent-retry"

    func check(_ world: SwissCoinWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        var notes: [String] = []
        for plan in applicablePlans(world) {
            let account = world.account(plan.owner)
            let reference: ReferenceMigration
            do {
                reference = try (world.references[plan.device.name]
                    ?? ReferenceMigration.outcome(plan, account: account, main: world.stage)).get()
            } catch {
                return [Violation(invariant: name, message: "the fault-free reference run of \(plan.device.name) failed: \(error)")]
            }
            world.stage.sim.sometimes("swisscoin: idempotent-retry compared a plan with its fault-free run")
            if !reference.completed { notes.append("\(plan.device.name)'s fault-free run did not complete either") }
            diffs += differences(
                actual: AccountServerState(admin: world.admin, userId: account.userId),
                expected: AccountServerState(admin: reference.admin, userId: reference.userId),
                location: "server (\(plan.owner)) vs fault-free run")
        }
        let extra = notes.isEmpty ? "" : "; " + notes.joined(separator: "; ")
        return ViolationReport.of(name, diffs) { "\($0) differences from a fault-free migration of the same data\(extra)" }
    }

    /// The plans whose device alone wrote their account's server state (see the type's comment).
    func applicablePlans(_ world: SwissCoinWorld) -> [SwissCoinStage.DevicePlan] {
        let provenance = world.admin.provenance
        if provenance.contains(where: { $0.role == .serviceRole && $0.operation != .trigger }) { return [] }
        var writers: [String: Set<String>] = [:]
        var last: (user: String, device: String)?  // a writer's consecutive versions add nothing new
        for entry in provenance {
            guard let user = entry.userId, last?.user != user || last?.device != entry.device else { continue }
            writers[user, default: []].insert(entry.device)
            last = (user, entry.device)
        }
        return world.plansThatMustBeMigrated.filter { plan in
            let sameOwner = world.plans.filter { $0.owner == plan.owner }
            let owner = world.account(plan.owner).userId
            let wrote = writers[owner] ?? []
            // Sync edits after the migration change the account on purpose: out of scope.
            let synced = world.ledger.edits.contains { $0.account == owner } || world.ledger.acks.contains { $0.account == owner }
            return sameOwner.count == 1 && wrote.isSubset(of: [plan.device.name]) && !synced
        }
    }

    /// Missing rows, extra rows and changed fields of `actual` against `expected`, per table in
    /// spec order and key in text order.
    func differences(actual: AccountServerState, expected: AccountServerState, location: String) -> [EntityDiff] {
        var diffs: [EntityDiff] = []
        for expectedTable in expected.tables {
            let table = expectedTable.table
            if let actualTable = actual.table(table), expectedTable.sameRows(as: actualTable) { continue }
            let expectedRows = expectedTable.byKey, actualRows = actual.rows(table)
            for key in Set(expectedRows.keys).union(actualRows.keys).sorted() {
                let want = expectedRows[key] ?? [], got = actualRows[key] ?? []
                if want.count == 1 && got.count == 1 && want[0] == got[0] { continue }  // the common case, without text
                diffs += differences(table: table, key: key, expected: want, actual: got, location: location)
            }
        }
        return diffs
    }

    /// One key: rows present on both sides cancel out; what is left is paired up in text order
    /// (changed fields), and the surplus is missing (expected only) or extra (actual only).
    func differences(table: String, key: String, expected: [Row], actual: [Row], location: String) -> [EntityDiff] {
        var onlyExpected: [Row] = []
        var remaining = actual
        for row in expected {
            if let index = remaining.firstIndex(of: row) { remaining.remove(at: index) } else { onlyExpected.append(row) }
        }
        if onlyExpected.isEmpty && remaining.isEmpty { return [] }
        let wanted = onlyExpected.map(AccountServerState.text).sorted(), extra = remaining.map(AccountServerState.text).sorted()
        onlyExpected.sort { AccountServerState.text($0) < AccountServerState.text($1) }
        remaining.sort { AccountServerState.text($0) < AccountServerState.text($1) }
        let entity = "\(table) \(Self.short(key))"
        var diffs: [EntityDiff] = []
        for (want, got) in zip(onlyExpected, remaining) {
            let columns = Set(want.keys).union(got.keys).sorted().filter { want[$0] != got[$0] }
            diffs.append(EntityDiff(entity: entity, location: location,
                                    expected: columns.map { "\($0)=\(want[$0]?.canonicalText ?? "absent")" }.joined(separator: ", "),
                                    actual: columns.map { "\($0)=\(got[$0]?.canonicalText ?? "absent")" }.joined(separator: ", ")))
        }
        for (text, count) in Self.grouped(wanted.dropFirst(remaining.count)) {
            diffs.append(EntityDiff(entity: entity, location: location, expected: Self.rows(expected.count) + ": " + text,
                                    actual: Self.rows(actual.count) + " (\(count) missing)"))
        }
        for (text, count) in Self.grouped(extra.dropFirst(onlyExpected.count)) {
            diffs.append(EntityDiff(entity: entity, location: location, expected: Self.rows(expected.count),
                                    actual: Self.rows(actual.count) + " (\(count) extra): " + text))
        }
        return diffs
    }

    /// Identical texts counted once, in order.
    static func grouped(_ texts: ArraySlice<String>) -> [(text: String, count: Int)] {
        var groups: [(text: String, count: Int)] = []
        for text in texts {
            if groups.last?.text == text { groups[groups.count - 1].count += 1 } else { groups.append((text, 1)) }
        }
        return groups
    }

    static func rows(_ count: Int) -> String { count == 1 ? "1 row" : "\(count) rows" }

    /// A key with each uuid-like part cut to 8 characters (as the other checkers print ids).
    static func short(_ key: String) -> String {
        key.split(separator: ",", omittingEmptySubsequences: false).map { part in
            let part = part.trimmingPrefix(" ")
            return part.count == 36 ? String(part.prefix(8)) : String(part)
        }.joined(separator: ", ")
    }
}

