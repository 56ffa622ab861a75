import AppPorts
import SimValues

/// Keeps the local store and the account's server rows in step after the migration (the app
/// README's "Sync rules"): pushes the outbox oldest first through `sync_push`, then pulls every
/// change since the cursor through `sync_pull`. Each answer is saved before the next request, so a kill
/// at any point resumes cleanly: an unanswered push is re-sent with the same change id and answered
/// from the server's record.
///
/// A pass throws on any transport or HTTP error; the caller retries later. Used from one task.
public final class SyncEngine {
    /// A change the server acknowledged, with the values it carried (for the harness).
    public struct Acknowledgement: Sendable {
        public var change: OutboxChange
        public var outcome: String
        public var revision: Int64?
        public var fields: CloudRow
        public var splits: [JSONValue]?
        public var payers: [JSONValue]?

        /// The acknowledgement of `change`, answered `outcome` at `revision`, with what it carried.
        public init(change: OutboxChange, outcome: String, revision: Int64?, fields: CloudRow, splits: [JSONValue]?, payers: [JSONValue]?) {
            self.change = change
            self.outcome = outcome
            self.revision = revision
            self.fields = fields
            self.splits = splits
            self.payers = payers
        }
    }

    /// What one pass did.
    public struct Pass: Sendable {
        public var pushed = 0
        public var conflicts = 0
        public var pulled = 0
    }

    let client: any CloudClient
    let store: LocalStore
    let clock: any WallClock
    let variant: SwissCoinVariant
    let defaultCurrency: String
    let log: (String) -> Void
    /// Called for every settled push (applied, gone or rejected).
    public var onAcknowledged: ((Acknowledgement) -> Void)?
    /// Told when a push or a pull starts (a kill can land anywhere in either).
    public var probe: any PhaseProbe = NoPhaseProbe()
    /// Rebases of one change before the pass gives up on it (another device keeps winning).
    let maxRebases = 5
    /// The app's page of pulled changes.
    public static let defaultPullPageSize = 200
    /// Changes asked for per `sync_pull` page (a test harness asks for smaller pages, so that a
    /// small dataset still pulls in several pages).
    public var pullPageSize = SyncEngine.defaultPullPageSize
    /// Where the pulled entities sit in the store, kept from one page to the next.
    private var positions = EntityPositions()

    public init(client: any CloudClient, store: LocalStore, clock: any WallClock, variant: SwissCoinVariant,
                defaultCurrency: String, log: @escaping (String) -> Void = { _ in }) {
        self.client = client
        self.store = store
        self.clock = clock
        self.variant = variant
        self.defaultCurrency = defaultCurrency
        self.log = log
    }

    /// Whether the store has changes the server has not acknowledged.
    public var hasPendingChanges: Bool { !((try? store.load())?.sync?.outbox.isEmpty ?? true) }

    /// One pass: push everything, then pull until caught up.
    public func sync() async throws -> Pass {
        guard let account = await client.currentSession()?.userId else { throw MigrationError.notAuthenticated }
        var pass = Pass()
        probe.enter("sync.push")
        try await push(account: account, into: &pass)
        probe.enter("sync.pull")
        try await pull(account: account, into: &pass)
        return pass
    }

    /// Fixed: the pass stops when the session is no longer the account it started with (a
    /// sign-out or account switch while it runs); the seed's habit is to read the account once.
    func ensureSameAccount(_ account: String) async throws {
        if variant.has(.sessionNotRechecked) { return }
        guard await client.currentSession()?.userId == account else { throw MigrationError.sessionChanged }
    }

    func codec(_ db: LocalDatabase) -> SyncRowCodec {
        SyncRowCodec(defaultCurrency: defaultCurrency, offsetSeconds: db.timeZoneOffsetSeconds)
    }

    // MARK: Push

    func push(account: String, into pass: inout Pass) async throws {
        var rebases = 0
        while let change = try store.load().sync?.outbox.first {
            try await ensureSameAccount(account)
            let db = try store.load()
            guard let request = body(change, db) else {
                // Created or edited, then deleted before it was pushed: nothing to send.
                try settle(change) { _ in }
                continue
            }
            if change.kind == .delete && variant.has(.syncHardDelete) {
                try await client.delete(table: change.table, filters: [.eq("id", .string(change.entityId))])
                try settle(change) { _ in }
                report(change, "applied", nil, request)
                pass.pushed += 1
                continue
            }
            let answer = try await client.invoke(function: "sync_push", body: .object(request))
            let outcome = answer["outcome"]?.stringValue ?? ""
            let revision = answer["revision"]?.intValue
            let key = SyncEntityKey.text(change.table, change.entityId)
            switch outcome {
            case "applied":
                try settle(change) { sync in if let revision { sync.revisions[key] = revision } }
                pass.pushed += 1
                rebases = 0
            case "conflict":
                // Another device changed the entity: rebase the changed groups onto its revision.
                rebases += 1
                pass.conflicts += 1
                guard rebases <= maxRebases, let revision else { throw SyncError.tooManyConflicts(change.entityId) }
                try update { db in db.sync?.revisions[key] = revision }
                log("sync rebase \(change.table) \(change.entityId.prefix(8)) onto revision \(revision)")
                continue
            case "gone":
                // Deleted on the server: a delete wins; the local entity and its pending changes go.
                try update { db in
                    Self.removeEntity(change.table, change.entityId, from: &db)
                    db.sync?.outbox.removeAll { $0.table == change.table && $0.entityId == change.entityId }
                    db.sync?.revisions[key] = nil
                }
                rebases = 0
            case "rejected":
                try settle(change) { sync in sync.rejected.append(change) }
                log("sync rejected \(change.table) \(change.entityId.prefix(8))")
                rebases = 0
            default:
                throw SyncError.malformedAnswer(answer.canonicalText)
            }
            report(change, outcome, revision, request)
        }
    }

    func report(_ change: OutboxChange, _ outcome: String, _ revision: Int64?, _ request: [String: JSONValue]) {
        onAcknowledged?(Acknowledgement(
            change: change, outcome: outcome, revision: revision, fields: request["fields"]?.objectValue ?? [:],
            splits: request["splits"]?.arrayValue, payers: request["payers"]?.arrayValue))
    }

    /// The `sync_push` body for `change`, or nil when the entity is no longer in the store.
    func body(_ change: OutboxChange, _ db: LocalDatabase) -> [String: JSONValue]? {
        let codec = codec(db)
        var groups = change.groups.compactMap(SyncFieldGroup.init(rawValue:))
        if variant.has(.syncWholeRowPush) && change.kind == .update { groups = SyncFieldGroup.groups(of: change.table) }
        var request: [String: JSONValue] = [
            "change_id": .string(change.changeId), "table": .string(change.table), "id": .string(change.entityId),
            "kind": .string(change.kind.rawValue),
            "base_revision": db.sync?.revisions[SyncEntityKey.text(change.table, change.entityId)].map(JSONValue.int) ?? .null,
        ]
        switch (change.kind, change.table) {
        case (.delete, _):
            request["fields"] = ["deleted_at": .string(DateText.isoTimestamp(milliseconds: clock.nowMilliseconds))]
        case (_, SyncTables.persons):
            guard let person = db.persons.first(where: { $0.id == change.entityId }) else { return nil }
            request["fields"] = .object(codec.fields(person, groups))
        case (_, SyncTables.transactions):
            guard let tx = db.transactions.first(where: { $0.id == change.entityId }) else { return nil }
            let (row, splits, payers) = change.kind == .create ? codec.createFields(tx) : codec.fields(tx, groups)
            request["fields"] = .object(row)
            if let splits { request["splits"] = .array(splits) }
            if let payers { request["payers"] = .array(payers) }
        default:
            return nil
        }
        return request
    }

    /// Removes `change` from the outbox and applies `also` to the sync state, in one save.
    func settle(_ change: OutboxChange, _ also: (inout SyncState) -> Void) throws {
        try update { db in
            var sync = db.sync ?? SyncState()
            sync.outbox.removeAll { $0.changeId == change.changeId }
            also(&sync)
            db.sync = sync
        }
    }

    func update(_ body: (inout LocalDatabase) -> Void) throws {
        var db = try store.load()
        body(&db)
        try store.save(db)
    }

    /// The store's array of `table`'s entities (nil for an unknown table).
    static func entityArray(_ table: String, in db: LocalDatabase) -> Any? {
        switch table {
        case SyncTables.persons: db.persons
        case SyncTables.transactions: db.transactions
        default: pulledOnlyArray(table, in: db)
        }
    }

    /// Removes `table`'s entity `id` from the store (nothing when it holds none).
    public static func removeEntity(_ table: String, _ id: String, from db: inout LocalDatabase) {
        switch table {
        case SyncTables.persons: db.persons.removeAll { $0.id == id }
        case SyncTables.transactions: db.transactions.removeAll { $0.id == id }
        default: removePulledOnly(table, id, from: &db)
        }
    }

    // MARK: Pull

    func pull(account: String, into pass: inout Pass) async throws {
        while true {
            try await ensureSameAccount(account)
            let cursor = try store.load().sync?.cursor ?? 0
            let answer = try await client.invoke(function: "sync_pull", body: ["cursor": .int(cursor), "limit": .int(Int64(pullPageSize))])
            guard let changes = answer["changes"]?.arrayValue, let next = answer["cursor"]?.intValue else {
                throw SyncError.malformedAnswer(answer.canonicalText)
            }
            // Nothing new: the store is left alone, as an app saves a context only when it has
            // changes (a save per idle pass rewrote the whole store every 300 ms).
            if changes.isEmpty, next <= cursor, try store.load().sync != nil { return }
            // Positions kept from the last page; forgotten if this page is not saved.
            var positions = self.positions
            self.positions = EntityPositions()
            var saved = LocalDatabase()
            try update { db in
                for change in changes { apply(change, to: &db, positions: &positions) }
                var sync = db.sync ?? SyncState()
                sync.cursor = max(sync.cursor, next)
                db.sync = sync
                saved = db  // what is saved, and what the next page loads unless the store changes
            }
            positions.settle { Self.entityArray($0, in: saved) }
            self.positions = positions
            pass.pulled += changes.count
            if answer["more"]?.boolValue != true { return }
        }
    }

    /// Applies one pulled entity: the server's values, except field groups with a change still pending
    /// here (they are pushed on top later); a soft-deleted row removes the entity and its pending
    /// changes.
    func apply(_ change: JSONValue, to db: inout LocalDatabase, positions: inout EntityPositions) {
        guard let table = change["table"]?.stringValue, let row = change["row"]?.objectValue, let id = row["id"]?.stringValue
        else { return }
        let key = SyncEntityKey.text(table, id)
        // The sync state is changed in place (`db.sync!`): a copy taken out of `db` and written
        // back would copy the whole revisions table for every pulled row.
        if db.sync == nil { db.sync = SyncState() }
        if !(row["deleted_at"] ?? .null).isNull {
            Self.removeEntity(table, id, from: &db)
            positions.removed(from: table)
            db.sync!.outbox.removeAll { $0.table == table && $0.entityId == id }
            db.sync!.revisions[key] = nil
            return
        }
        let changes = db.sync!.outbox.filter { $0.table == table && $0.entityId == id }
        // A delete the user saved and has not pushed yet wins over what the pull brings: the
        // entity stays gone (re-adding it would show it again and let an earlier pending edit
        // push the server's values as the user's).
        if changes.contains(where: { $0.kind == .delete }) { return }
        let pending = Set(changes.flatMap(\.groups).compactMap(SyncFieldGroup.init(rawValue:)))
        let codec = codec(db)
        switch table {
        case SyncTables.persons:
            if let index = positions.index(table, id, in: db.persons, \.id) {
                db.persons[index] = codec.person(from: row, over: db.persons[index], keeping: pending)
            } else {
                db.persons.append(codec.person(from: row, over: nil, keeping: []))
                positions.appended(table, id, at: db.persons.count - 1)
            }
        case SyncTables.transactions:
            let splits = change["splits"]?.arrayValue ?? [], payers = change["payers"]?.arrayValue ?? []
            if let index = positions.index(table, id, in: db.transactions, \.id) {
                db.transactions[index] = codec.transaction(from: row, splits: splits, payers: payers, over: db.transactions[index], keeping: pending)
            } else {
                db.transactions.append(codec.transaction(from: row, splits: splits, payers: payers, over: nil, keeping: []))
                positions.appended(table, id, at: db.transactions.count - 1)
            }
        default:
            // Pulled only: the server's row replaces the local one (no field group is ever pending).
            applyPulledOnly(table, id, row, change, codec, to: &db, positions: &positions)
            return
        }
        db.sync!.revisions[key] = row["revision"]?.intValue ?? 1
    }
}

/// Why a sync pass stopped.
public enum SyncError: Error, Sendable, Equatable {
    /// A change kept conflicting (another device kept winning): left in the outbox for later.
    case tooManyConflicts(String)
    /// The server's answer could not be read.
    case malformedAnswer(String)
}
