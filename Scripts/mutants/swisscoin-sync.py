"""Realistic bugs in Swiss Coin's fixed sync engine and its server functions, for
Scripts/mutation-test.py. Each: (name, path, old text, new text, what the bug is).

Known equivalent mutants (no observable harm, so no scenario can catch them):
- gone-keeps-local: the pull that follows every push brings the soft-deleted row and removes the
  entity anyway.
- revision-not-saved: the next push carries a stale base revision, the server answers `conflict`
  with the current one, the engine rebases and pushes again: one more round trip, same data.

The last eight come from an independent check (a reviewer who had not written the sync code,
2026-11-24; 60 seeds of each scenario, --size 0). Five were caught from the start:
pull-incremental-skips-deleted 78/420, push-records-conflict 186/420, rebase-keeps-stale-base
182/420, store-switch-owner-mixup 92/420, pull-child-only-change-hidden 8/420. Three slipped past:
- pull-cursor-high-water (0/420): at --size 0 an account has fewer than 200 changes, so no pull had
  a second page. Half the seeds now pull in pages of 7, 13 or 50: 180/420, first at seed 1.
- create-date-utc (0/420): convergence did not compare a transaction's day, and the expected day
  came through the same codec. Convergence now computes the day the device shows itself: 84/420,
  first at seed 2 (the zones west of UTC).
- pull-drops-raw-amount (420/420, but only because round-trip-fidelity's expectation went through
  the mutated codec): convergence now compares each split's raw input: 420/420 by convergence too.
With both changes pull-child-only-change-hidden is caught in 21/420 (first at seed 3).
pull-drops-group (added with the group comparison in convergence): 332/420, first at seed 1.

The last five (2026-11-25, --seeds 40, 280 runs each) test the contact and archived field groups,
which no user action changed before the edit vocabulary gained a contact's details and archiving:
pull-overwrites-pending-contact 2/280 (seed 9, no-lost-update), archive-not-pulled 116/280 (seed 1,
convergence), push-drops-archive 117/280 (seed 1), contact-push-drops-color 280/280 (seed 1,
convergence, no-lost-update). Re-measured 2026-11-25 (late): the same, except contact-push-drops-color
145/280 (seed 1, no-lost-update only; the build of that afternoon gives the same): the pull after the
push brings the server's colourless row back, so device and server agree and only the lost edit
shows. contact-columns-swapped (the codec wrong in both directions) was
0/280 while convergence projected the device through the app's codec, and is 280/280 (seed 1,
convergence) since it projects from the model.

Edits while a pull is in flight (2026-11-25, evening; --seeds 20, 140 runs each, `--only` the three):
a pull overwrites a pending edit only if the user edits while the page that brings the entity is on
its way. The scripts did that by chance: pull-overwrites-pending 2/140 (first at seed 11),
pull-overwrites-pending-person 6/140 (seed 5), pull-overwrites-pending-contact 2/140 (seed 9). Since
about one edit in four in conflicting-edits (the phone), first-sync and long-sync-session is followed
by another edit of the same entity made while the pull of the pass that pushes the first is in
flight (the page brings the device's own push back; after a delete, the transaction now at its
pick): 36/140, 38/140 and 20/140, all first at seed 1 (no-lost-update).
"""
SCENARIOS = ["swisscoin/conflicting-edits", "swisscoin/offline-edits-then-sync",
             "swisscoin/first-sync-with-existing-cloud-data", "swisscoin/sign-out-during-sync",
             "swisscoin/account-switch-after-sync", "swisscoin/long-sync-session",
             "swisscoin/restored-device-migrates-during-sync"]
E = "Sources/Scenarios/SwissCoin/App/Sync/SyncEngine.swift"
P = "Sources/Scenarios/SwissCoin/Sim/Backend/SyncPullFunction.swift"
C = "Sources/Scenarios/SwissCoin/App/Sync/SyncRowCodec.swift"
S = "Sources/Scenarios/SwissCoin/App/Sync/StoreSwitcher.swift"
U = "Sources/Scenarios/SwissCoin/Sim/Backend/SyncPushFunction.swift"
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
# An independent check (a reviewer who had not written the sync code), 2026-11-24:
 ("pull-cursor-high-water", P,
  """"cursor": .int(page.last?.seq ?? cursor),""",
  """"cursor": .int(items.last?.seq ?? cursor),""",
  "sync_pull answers the newest sequence it computed, not the page's last: with more than one page, every page after the first is skipped"),
 ("pull-child-only-change-hidden", P,
  """            if !others.isEmpty { parents += try select(parent.table, [.in("id", others)]) }
""",
  "",
  "an incremental pull only returns parents whose own change_seq moved: splits/payers (members, subscribers) written without their parent row never reach a device that already pulled the parent"),
 ("pull-incremental-skips-deleted", P,
  "var parents = try select(parent.table, [newer])",
  """var parents = try select(parent.table, [newer, .isNull("deleted_at")])""",
  "an incremental pull reads live parent rows only: a transaction's soft delete reaches only devices whose first pull comes after it"),
 ("push-records-conflict", U,
  """if answer.outcome != "conflict" {""",
  """if !answer.outcome.isEmpty {""",
  "sync_push records every outcome in sync_changes, conflicts included: the rebased retry (same change id) is answered 'conflict' from the record forever"),
 ("rebase-keeps-stale-base", E,
  """                try update { db in db.sync?.revisions[key] = revision }
""",
  "",
  "a conflict does not save the server's revision: the rebased push carries the same stale base"),
 ("create-date-utc", C,
  """row["date"] = tx.date.map { .string(DateText.dateOnly(milliseconds: $0, offsetSeconds: offsetSeconds)) } ?? .null""",
  """row["date"] = tx.date.map { .string(DateText.dateOnly(milliseconds: $0, offsetSeconds: 0)) } ?? .null""",
  "a transaction created after the migration is pushed with the UTC calendar day, not the store's (SC-21 in the sync path)"),
 ("pull-drops-raw-amount", C,
  """amount: ServerAmount.major($0["amount"], currency: currency),
                                                      rawAmount: raw($0["raw_amount"])) }""",
  """amount: ServerAmount.major($0["amount"], currency: currency)) }""",
  "a pulled split's raw_amount is not decoded (0 locally); that device's next money push writes 0 over the user's input"),
 ("store-switch-owner-mixup", S,
  "fresh.ownerAccountId = account",
  "fresh.ownerAccountId = owner",
  "the new account's fresh store is tagged with the previous owner: the next switch files it as the previous owner's, over her set-aside store and outbox"),
 ("pull-drops-group", C,
  """payerId: nil, createdById: row["created_by_id"]?.stringValue, groupId: row["group_id"]?.stringValue)""",
  """payerId: nil, createdById: row["created_by_id"]?.stringValue, groupId: nil)""",
  "a transaction first seen in a pull is stored without its group (convergence compares a transaction's group)"),
 # A contact's details and archiving (edits in every sync scenario's vocabulary since 2026-11-25).
 ("pull-overwrites-pending-contact", C,
  """        if !pending.contains(.contact) {
            person.phoneNumber""",
  """        if true {
            person.phoneNumber""",
  "a pulled person overwrites a contact edit (number, colour) not pushed yet"),
 ("archive-not-pulled", C,
  """        if !pending.contains(.archived) { person.isArchived = row["is_archived"]?.boolValue ?? false }
""",
  "",
  "a pull never applies is_archived: another device's archiving (or bringing back) never shows"),
 ("push-drops-archive", U,
  """"persons": ["name", "phone_number", "color_hex", "is_archived"],""",
  """"persons": ["name", "phone_number", "color_hex"],""",
  "sync_push does not write is_archived: the push is applied, the server keeps the old flag"),
 ("contact-push-drops-color", C,
  """                row["color_hex"] = text(person.colorHex)
""",
  "",
  "a contact push carries the number only: the colour the user picked never reaches the server"),
 ("contact-columns-swapped", C,
  [("""                row["phone_number"] = text(person.phoneNumber)
                row["color_hex"] = text(person.colorHex)""",
    """                row["phone_number"] = text(person.colorHex)
                row["color_hex"] = text(person.phoneNumber)"""),
   ("""            person.phoneNumber = row["phone_number"]?.stringValue
            person.colorHex = row["color_hex"]?.stringValue""",
    """            person.phoneNumber = row["color_hex"]?.stringValue
            person.colorHex = row["phone_number"]?.stringValue""")],
  None,
  "a contact's number and colour are swapped both ways: devices agree with each other, the server (and the web) holds them in each other's column"),
]
