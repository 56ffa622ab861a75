"""A third round of realistic bugs in Swiss Coin's life after the migration (sync engine, outbox,
row codec, store switch, the local store's context cache, sync_pull's paging), for
Scripts/mutation-test.py. Each: (name, path, old text, new text, what the bug is). None repeats a
mutant of swisscoin-sync.py, swisscoin-sync-2.py or swisscoin-account-change.py.

Written by an independent reviewer (2026-11-27), measured before the adoption below with --seeds 20
(140 runs each, --size 0): 7 of 8 caught.
  pull-keeps-cleared-phone      14/140 (seed 2; convergence)
  pull-page-high-water-max       4/140 (seed 7; balance-equality, convergence) first-sync 2, account-switch-after-sync 1, long-sync 1
  resplit-queued-as-text         0/140
  pending-groups-last-only       8/140 (seed 5; no-lost-update) conflicting-edits 2, long-sync-session 6
  settle-drops-entity-changes   69/140 (seed 1; balance-equality, convergence, no-loss)
  switch-carries-cursor          7/140 (seed 2; convergence, referential-integrity) sign-out-during-sync 3, account-switch-after-sync 4
  money-push-drops-payer-id     89/140 (seed 1; balance-equality, no-lost-update, verifier-soundness)
  store-cache-after-switch      30/140 (seed 1; balance-equality, convergence, no-cross-account-leak, no-loss, referential-integrity)
Escape, resplit-queued-as-text: a checker gap. The only check that holds a push to what the user did
is no-lost-update's intent, and the session built the intent from the app's own outbox entry
(change.groups), so a mis-filed edit had a matching, wrong intent; the check also skipped every
intended column the push did not carry, and a money edit's intent had no split set (a resplit keeps
the amount). The resplit reverts on the next pull, device and server agree, balances agree.
Adopted (2026-11-27): the intent takes its groups from the user's action
(UserScript.Action.editedGroups), a money edit's intent holds the split and payer sets, and an
intended column that neither the change's applied push nor a later one of the entity from that
device carried is reported (`never pushed`): 31/140 (long-sync-session 17/20, restored-device 14/20,
first seed 1); fixed passes 2,000 seeds of every Swiss Coin scenario at --size 0 and 300 of each
sync scenario at the default size.
switch-carries-cursor was low because in most account-switch-after-sync seeds the scripted
offline window cuts Alice's first pull off (her cursor is still 0). The reviewer's prototype,
waiting for one clean pass before that window in half the seeds, caught it in 23 of 40 runs of
that scenario (8 of 40 without) with fixed passing 60 seeds.
Adopted (2026-11-27, late): in half the account-switch-after-sync seeds the phone first ends a sync
pass for Alice (up to 15 s; `SyncLedger.cleanPasses`) and her edits come 20 s into the session.
Fixed passes 2,000 seeds at --size 0 and 300 at the default size. Re-measured (--seeds 20):
  switch-carries-cursor         17/140 (seed 1; balance-equality, convergence, referential-integrity)
At the default size, account-switch-after-sync alone catches it in 27 of 40 runs, sign-out-during-sync in 6.
pull-page-high-water-max is caught every time by the unit test
`SyncPullPagingTests.testAPageReadInChangeOrderIsTheHeadOfTheChangesAfterItsCursor` (`swift test`,
which the fuzz count above does not include): the paged read is compared with the plain definition on
200 random accounts at every cursor and page limit.
"""
SCENARIOS = ["swisscoin/conflicting-edits", "swisscoin/offline-edits-then-sync",
             "swisscoin/first-sync-with-existing-cloud-data", "swisscoin/sign-out-during-sync",
             "swisscoin/account-switch-after-sync", "swisscoin/long-sync-session",
             "swisscoin/restored-device-migrates-during-sync"]
E = "Sources/Scenarios/SwissCoin/App/Sync/SyncEngine.swift"
L = "Sources/Scenarios/SwissCoin/App/Sync/LocalEdits.swift"
C = "Sources/Scenarios/SwissCoin/App/Sync/SyncRowCodec.swift"
S = "Sources/Scenarios/SwissCoin/App/Sync/StoreSwitcher.swift"
P = "Sources/Scenarios/SwissCoin/Sim/Backend/SyncPullFunction.swift"
DB = "Sources/Scenarios/SwissCoin/App/LocalStore/LocalStore.swift"
MUTANTS = [
 ("pull-keeps-cleared-phone", C,
  """            person.phoneNumber = row["phone_number"]?.stringValue
""",
  """            person.phoneNumber = row["phone_number"]?.stringValue ?? person.phoneNumber
""",
  "a pulled contact merges its number with `??` (a null from the server means 'keep mine'): a number "
  "cleared on another device stays on this one forever"),
 ("pull-page-high-water-max", P,
  "let high = streams.filter { !$0.exhausted }.map(\\.fetchedTo).min() ?? .max",
  "let high = streams.filter { !$0.exhausted }.map(\\.fetchedTo).max() ?? .max",
  "sync_pull's incremental page merges its per-table index scans up to the furthest-read table instead of "
  "the least-read one: changes of a table not read that far yet are passed over and the cursor moves past them"),
 ("resplit-queued-as-text", L,
  """        try edit(SyncTables.transactions, id, .update, [.money]) { db in
            guard let at = db.transactions.firstIndex(where: { $0.id == id }), !db.transactions[at].splits.isEmpty""",
  """        try edit(SyncTables.transactions, id, .update, [.text]) { db in
            guard let at = db.transactions.firstIndex(where: { $0.id == id }), !db.transactions[at].splits.isEmpty""",
  "the new 'who shares this' screen queues its outbox change with the wrong field group (copied from the "
  "retitle): the push carries title and note, the new splits never reach the server and the next pull puts "
  "the old ones back"),
 ("pending-groups-last-only", E,
  "let pending = Set(changes.flatMap(\\.groups).compactMap(SyncFieldGroup.init(rawValue:)))",
  "let pending = Set((changes.last?.groups ?? []).compactMap(SyncFieldGroup.init(rawValue:)))",
  "a pull protects only the newest pending change's field groups: with two unpushed edits of one entity "
  "(a rename, then a new colour) the older one is overwritten by the server's value, and the push then "
  "sends the server's value back as the user's"),
 ("settle-drops-entity-changes", E,
  "            sync.outbox.removeAll { $0.changeId == change.changeId }",
  "            sync.outbox.removeAll { $0.table == change.table && $0.entityId == change.entityId }",
  "an acknowledged push removes every queued change of its entity ('the push read the current values'): "
  "an edit of another field group, or one saved while the push was in flight, is never pushed"),
 ("switch-carries-cursor", S,
  """            fresh.ownerAccountId = account
""",
  """            fresh.ownerAccountId = account
            var carried = SyncState()
            carried.cursor = (try? LocalStore.decode(current))?.sync?.cursor ?? 0
            fresh.sync = carried
""",
  "the pull cursor is kept per device, not per account (a UserDefaults 'last sync token'): a new account on "
  "the device starts pulling from the previous account's cursor and never receives its older rows"),
 ("money-push-drops-payer-id", C,
  """                row["payer_id"] = text(tx.payerId)
""",
  "",
  "the push mapping of the money group forgets payer_id: a transaction created after the migration reaches "
  "the server (and every other device) without its payer column"),
 ("store-cache-after-switch", DB,
  "if let cached = cache.entry, cached.bytes == data { return cached.database }",
  "if let cached = cache.entry, cached.bytes == data || cached.bytes == nil { return cached.database }",
  "the store's in-memory context trusts its own last save even when the file was replaced underneath it "
  "(the store switch at an account change writes the file directly): the new account's session keeps "
  "working on the previous account's objects, outbox and cursor"),
]
