import FakeCloud
import SimCore
import SwissCoinSim

/// Swiss Coin's own tables and policies, taken from the app's `SwissCoinBackend.definition` (so the
/// differential and the app can never drift): profiles, persons, groups and members, transactions
/// with splits, settlements and `sync_changes`, with `change_seq` stamped from one sequence.
/// Buckets, the balance function, `sync_push`/`sync_pull` (Swift closures, not SQL) and the
/// sign-up trigger are not part of a table; the payer, subscription, reminder and message tables
/// are left out to keep a sequence's tables few (the same column kinds and policies as these).
/// `group_members` carries its `unique (group_id, person_id)`, the app's `uniqueJoinRows: true`
/// variant, so natural-key upserts run on it.
extension Fixture {
    static let swissCoinTables = ["profiles", "persons", "user_groups", "group_members", "financial_transactions", "transaction_splits", "settlements", "sync_changes"]

    static let swissCoin: Fixture = {
        let app = SwissCoinBackend.definition(.init(uniqueJoinRows: true))
        var backend = BackendDefinition()
        backend.tables = swissCoinTables.map { name in app.tables.first { $0.name == name }! }
        return Fixture(name: "swisscoin", backend: backend, ownerColumns: [
            "profiles": "id", "persons": "owner_id", "user_groups": "owner_id", "financial_transactions": "owner_id",
            "settlements": "owner_id", "sync_changes": "owner_id",
        ])
    }()
}
