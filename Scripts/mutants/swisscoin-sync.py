"""Realistic bugs in Swiss Coin's fixed sync engine and its server functions, for
Scripts/mutation-test.py. Each: (name, path, old text, new text, what the bug is).

Known equivalent mutants (no observable harm, so no scenario can catch them):
- gone-keeps-local: the pull that follows every push brings the soft-deleted row and removes the
  entity anyway.
- revision-not-saved: the next push carries a stale base revision, the server answers `conflict`
  with the current one, the engine rebases and pushes again: one more round trip, same data.
"""
SCENARIOS = ["swisscoin/conflicting-edits", "swisscoin/offline-edits-then-sync",
             "swisscoin/first-sync-with-existing-cloud-data", "swisscoin/sign-out-during-sync",
             "swisscoin/account-switch-after-sync", "swisscoin/long-sync-session"]
E = "Sources/Scenarios/SwissCoin/Sync/SyncEngine.swift"
P = "Sources/Scenarios/SwissCoin/Backend/SyncPullFunction.swift"
MUTANTS = [
 ("pull-overwrites-pending", E,
  "db.transactions[index] = codec.transaction(from: row, splits: splits, payers: payers, over: db.transactions[index], keeping: pending)",
  "db.transactions[index] = codec.transaction(from: row, splits: splits, payers: payers, over: db.transactions[index], keeping: [])",
  "a pulled transaction overwrites fields the user changed and has not pushed yet"),
 ("pull-overwrites-pending-person", E,
  "db.persons[index] = codec.person(from: row, over: db.persons[index], keeping: pending)",
  "db.persons[index] = codec.person(from: row, over: db.persons[index], keeping: [])",
  "a pulled person overwrites a pending rename"),
 ("settle-before-push", E,
  """            let answer = try await client.invoke(function: "sync_push", body: .object(request))""",
  """            try settle(change) { _ in }
            let answer = try await client.invoke(function: "sync_push", body: .object(request))""",
  "the outbox entry is removed before the server answers (a kill or timeout loses the edit)"),
 ("conflict-treated-as-applied", E,
  """                rebases += 1
                pass.conflicts += 1""",
  """                try settle(change) { _ in }
                report(change, "applied", revision, request)
                continue""",
  "a conflict answer is taken as success: the user's edit is dropped"),
 ("cursor-saved-before-apply", E,
  """            try update { db in
                var positions = EntityPositions()
                for change in changes { apply(change, to: &db, positions: &positions) }
                var sync = db.sync ?? SyncState()""",
  """            try update { db in var s = db.sync ?? SyncState(); s.cursor = max(s.cursor, next); db.sync = s }
            await Task.yield()
            try update { db in
                var positions = EntityPositions()
                for change in changes { apply(change, to: &db, positions: &positions) }
                var sync = db.sync ?? SyncState()""",
  "the pull cursor is saved in its own write before the page is applied (a kill between loses the page)"),
 ("page-last-dropped", E,
  "for change in changes { apply(change, to: &db, positions: &positions) }",
  "for change in changes.dropLast(changes.count >= 2 ? 1 : 0) { apply(change, to: &db, positions: &positions) }",
  "the last change of a multi-change page is never applied (off-by-one)"),
 ("gone-keeps-local", E,
  """                    Self.removeEntity(change.table, change.entityId, from: &db)
                    db.sync?.outbox.removeAll""",
  """                    db.sync?.outbox.removeAll""",
  "a push answered 'gone' drops the pending change but keeps the deleted entity locally"),
 ("delete-pull-ignored", E,
  """        if !(row["deleted_at"] ?? .null).isNull {
            Self.removeEntity(table, id, from: &db)""",
  """        if !(row["deleted_at"] ?? .null).isNull {""",
  "a pulled soft-delete is not applied to the local entity"),
 ("pull-new-tx-without-splits", E,
  "db.transactions.append(codec.transaction(from: row, splits: splits, payers: payers, over: nil, keeping: []))",
  "db.transactions.append(codec.transaction(from: row, splits: [], payers: payers, over: nil, keeping: []))",
  "a transaction first seen in a pull is stored without its splits"),
 ("pull-cursor-inclusive", P,
  "let start = firstIndex(in: items, after: cursor)",
  "let start = firstIndex(in: items, after: cursor + 1)",
  "the server skips changes right after the cursor (off-by-one in the page start)"),
 ("push-newest-first", E,
  "while let change = try store.load().sync?.outbox.first {",
  "while let change = try store.load().sync?.outbox.last {",
  "the outbox is pushed newest first (a create after its update, an old value after a newer one)"),
 ("revision-not-saved", E,
  "try settle(change) { sync in if let revision { sync.revisions[key] = revision } }",
  "try settle(change) { _ in }",
  "the revision the server answers is not saved: the next push carries a stale base"),
]
