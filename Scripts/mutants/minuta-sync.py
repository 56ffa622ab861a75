"""Realistic bugs in Minuta's fixed sync, merge and whole-life code (conflict copies, saves over newer
files, the CRDT's clock and deletes, App Intents, month moves and repair, stale views), not the one-time
migration, for Scripts/mutation-test.py. Each: (name, path, old text, new text, what the bug is).

Re-measured 2026-11-28 (at d3558fd: kills cover the whole life of every scenario, device clocks
drift in concurrent-writers), `--seeds 40`, 320 runs each: 13 of 15 caught —
resolve-heads-count 8 (seed 1), tag-edit-recreates 12 (seed 4), move-compares-current 7 (seed 1),
images-remove-unseen 3 (seed 1), stop-timer-whole-put 30 (seed 1, no-loss), lamport-last-not-max
59 (seed 1), delete-pred-winner-only 5 (seed 7), no-repair-on-refresh 20 (seed 2),
edit-in-stale-month 8 (seed 1), range-last-month-skipped 320 (seed 1), versions-first-only 6
(seed 7), versions-records-only 22 (seed 6), reads-skip-versions 1 (seed 10, no-lost-update; 0 of
1,600 before). Not caught at 40 seeds: range-keeps-tombstoned (equivalent in the port, below) and
versions-resolved-before-write (it needs a kill between the resolution and the write; 5 of 1,600
at 200 seeds when last measured). Against the counts below, five mutants are caught in fewer runs
(resolve-heads-count 36 → 8, move-compares-current 15 → 7, images-remove-unseen 11 → 3,
lamport-last-not-max 73 → 59, versions-records-only 24 → 22): kills now spread over the whole
life, so fewer land in the merge and move windows those mutants need. None is lost.

Re-measured 2026-11-29 at f0bc41b (no-loss and no-lost-update of scalar fields are the shared checks
over the operation ledger), `--seeds 40 --only` the five they catch: tag-edit-recreates 12/320 (seed 4),
images-remove-unseen 3/320 (seed 1), stop-timer-whole-put 30/320 (seed 1), versions-first-only 6/320
(seed 7), reads-skip-versions 1/320 (seed 10): the same counts and first seeds as above.

Before (2026-11-25, at 49e2518: the scenarios end with the rounds below, the no-spurious-refusal check,
and the fixed app waits for a record in transit), `--seeds 40`: 9 of 10 caught —
resolve-heads-count 36/320 (seed 1), tag-edit-recreates 12/320 (seed 4), move-compares-current
15/320 (seed 1), images-remove-unseen 11/320 (seed 1), stop-timer-whole-put 32/320 (seed 1),
lamport-last-not-max 73/320 (seed 1; merge-laws too, since it reports versions that do not load
and merges that throw), delete-pred-winner-only 6/320 (seed 7), no-repair-on-refresh
20/320 (seed 1), edit-in-stale-month 15/320 (seed 1, no-spurious-refusal).

Date-range screens (2026-11-25, at b58f8e8: every reload loads three `loadRecords` screens and
date-range-view compares them with the list), `--seeds 40`: range-last-month-skipped 320/320 (seed 1,
date-range-view; it was 0 while nothing in the port read a date range). range-keeps-tombstoned 0/320,
equivalent in the port: the app reads only in a refresh, right after `repairLayout` deleted every
tombstoned record object, and a sync that brings one back in between changes a file, so that reload
is not judged. The storage unit test pins the fixed read.

iCloud's hidden conflict versions (2026-11-25, at bde3e0b; the fake keeps an edit conflict's losing
write as a hidden version, the fixed app merges and resolves them), `--seeds 40` (320 runs each):
versions-records-only 24/320 (seed 6, convergence: versions left unresolved), versions-first-only
3/320 (seed 14, no-loss). Not caught at 40 seeds: versions-resolved-before-write (needs a kill between
the resolution and the write: 5/1600 at 200 seeds, first seed 100, no-loss) and reads-skip-versions
(0/1600 at 200 seeds, measured before conflict-copies gained its losing-write round). An app process
keeps its own edits in its cached document, so the version only matters to a process without that
cache (App Intents, a relaunch before the next resolution); before reads merged versions, 3 of 2,000
concurrent-writers seeds failed this way, and `testFixedEditsOnTopOfHiddenVersions` pins it.

What the review measured before those changes follows.

Measured 2026-11-25 (Minuta, CRDT and Folder code as of a14a920, unchanged through 5e0c66a), from the repository root:
  python3 Scripts/mutation-test.py Scripts/mutants/minuta-sync.py --seeds 40
gives 1 of 10 caught (40 seeds of the 8 scenarios, --size 0: 320 runs per mutant). A second run with
--seeds 200 of the 9 not caught (1600 runs each) catches 3 more, rarely:
- lamport-last-not-max: 70/320, first seed 1 (convergence, no-loss, no-lost-update, no-resurrection).
  With 200 seeds: conflict-copies 101, offline-edits-then-sync 72, concurrent-writers 77,
  time-zone-and-month-boundary 50, conflicting-edits 11. The saved files stop merging (a change reuses
  op counters), so a conflict copy stays forever. merge-laws never fires: it drops versions that do not
  load and merges that throw (compactMap / try?), so "merge throws on two real versions" is no violation.
- resolve-heads-count: 0/320; 8/1600, first seed 87 (no-loss, no-lost-update): offline-edits-then-sync
  87, 92, 142, 151 and concurrent-writers 95, 121, 145, 199.
- images-remove-unseen: 0/320; 5/1600, first seed 44 (no-lost-update): offline-edits-then-sync 44, 73,
  126, 180 and concurrent-writers 112.
- stop-timer-whole-put: 0/320; 1/1600, concurrent-writers seed 63 (no-lost-update: StopTimerIntent
  wrote the running record's stale comment over the other device's).
- 0/1600: tag-edit-recreates, move-compares-current, delete-pred-winner-only, no-repair-on-refresh,
  edit-in-stale-month, range-last-month-skipped.

Each gap was checked with a scratch scenario (not in the repository). `fixed` passes each of them on
seeds 1-300, and each scenario catches its mutants (seeds 1-100):
- probe-stale-view (shared-folder-overwrite's shape: a change on A, settle, then B edits the same
  entity from what its screen still shows). One case per seed: A moves a record into the next month
  and B comments on it; B adds an image and A adds another; A deletes a tag and B renames it; A deletes
  a record and B comments on it. Catches tag-edit-recreates 28/100 (no-resurrection),
  move-compares-current 27/100 (no-lost-update: A's move is reverted), images-remove-unseen 22/100
  (no-lost-update), and edit-in-stale-month 27/100, but only with a new check (below).
- probe-concurrent-moves (both offline): A moves record R into the next month and B moves it into the
  month after; or both move R into the same month, then R is deleted; or both set R's tag, then one
  clears it (`.tag(nil)`). Catches no-repair-on-refresh 37/100 (file-layout, no-duplicate) and
  delete-pred-winner-only 16/100 (no-lost-update: the losing tag comes back after the clear).
- probe-stale-base: A's edit goes up, A goes offline, B's conflicting edit becomes a copy that B merges
  (the primary now has two heads), then A edits again on its old base and uploads. Catches
  resolve-heads-count 87/100 (no-loss).
- probe-timer-edit (App Intents beside the app, 0.2-20 ms file operations): Siri starts a timer, the app
  refreshes, then the app edits the timer's comment or tag and StopTimerIntent runs within 40 ms, in
  either order. Catches stop-timer-whole-put 94/100 (no-loss).

Not caught by the catalogue, and why:
- tag-edit-recreates: a real gap. No scenario ever deletes a tag: `.deleteTag` is in MinutaAction but
  no workload generates it, and randomAction cannot draw it. Add deleteTag to randomAction, and to
  shared-folder-overwrite as "delete on A, settle, rename on B from the stale list". no-resurrection
  then fires.
- move-compares-current, edit-in-stale-month: a real gap. The stale-view scenario (shared-folder-
  overwrite) only edits comments and tags and creates tags. No scenario has an edit from a stale view
  of a record that another device moved, and a barrier refreshes every view before time-zone's later
  edit. Add "move on A, settle, edit another field on B". That catches move-compares-current by
  no-lost-update. edit-in-stale-month also needs a check: a storage call that throws is recorded as
  `indeterminate`, so an edit refused as recordDeleted with no delete anywhere is accepted. Proposed
  check, no-spurious-failure: a record edit that threw (not one cut off by a kill; the ledger would
  have to tell the two apart) requires a delete of the record in the ledger.
- images-remove-unseen: a real gap (rare in the catalogue). It needs an image edit on a record whose
  stored list has an image that the editor's view does not show yet. Add "B adds an image, settle, A
  adds or removes one from the stale view" to shared-folder-overwrite (no-lost-update).
- resolve-heads-count: a real gap (rare in the catalogue). A copy that only moves one head of a
  two-headed primary ({x,y} + copy on x -> {a,y}) needs a device that missed a resolution and then
  edited offline. A process that stays alive re-adds its own edit from its cached document on its
  next save, which hides the loss. Add probe-stale-base's sequence to conflict-copies as a third round.
  Scripted offline windows on one device between B's resolution and A's upload.
- stop-timer-whole-put: a real gap. Only legacy records are ever edited: no action targets a timer
  started by Siri, and a legacy running record exists in only half the datasets. The intent's stale
  put is harmful only if a write lands between its read and its save. In concurrent-writers, have the
  app edit a running timer (Siri's, from its view) while StopTimerIntent runs (no-loss).
- no-repair-on-refresh: a real gap. Both repairs (an interrupted move, two devices moving one record)
  are unreachable. Only one device ever moves a given record (conflicting-edits case 5,
  time-zone-and-month-boundary). Kills that land between a move's two writes are rare, because moves
  across months are rare where kills happen. Add "both offline move the same record into different
  months" to conflictingPair (file-layout, no-duplicate).
- delete-pred-winner-only: equivalent for records: a deleted record's tombstone hides a losing object
  that comes back, and repairLayout deletes it. A real gap for fields: no action clears a field.
  randomAction's `.tag` is never nil and `.end` is never generated, so a conflicted field is never
  deleted. Add `.tag(nil)` (the user removes the tag) after a same-field conflict in conflictingPair.
- range-last-month-skipped: equivalent in the port, because nothing calls
  AutomergeStorageService.loadRecords(from:to:). The port's HybridStorageService does not have the
  seed's loadRecords (l.863-870), which the app's date-range screens use (seed l.1134, today's
  records). This is a porting gap: port it, have the view load a window across a month and a year
  boundary, and check it against loadAllRecords filtered to the window. The fixed loadRecords also
  does not drop tombstoned ids, as loadAllRecords does.

Found while probing (fixed code): when another device moves a record into a month file this device
does not have yet, editing that record throws `recordDeleted`. With iCloud the new month is only a
`.MM.automerge.icloud` placeholder for 0.5-5 s, and the old month's delete arrives first. monthsOnDisk
and locate skip placeholders, and loadAllRecords does not show the record in that window either.
12/200 seeds of a scratch scenario (move into a new month; B refreshes and edits 0-11 s later), all on
iCloud. The app should wait for or trigger the download of placeholder months before declaring a
record deleted.
"""
SCENARIOS = ["minuta/conflict-copies", "minuta/shared-folder-overwrite", "minuta/conflicting-edits",
             "minuta/offline-edits-then-sync", "minuta/concurrent-migration", "minuta/interrupted-upload",
             "minuta/time-zone-and-month-boundary", "minuta/concurrent-writers"]
C = "Sources/Scenarios/Minuta/App/Conflicts/ConflictResolutionService.swift"
S = "Sources/Scenarios/Minuta/App/Storage/AutomergeStorageService.swift"
R = "Sources/Scenarios/Minuta/App/Storage/AutomergeStorageService+Records.swift"
H = "Sources/Scenarios/Minuta/App/Storage/HybridStorageService.swift"
I = "Sources/Scenarios/Minuta/App/Intents/TimeTrackingService.swift"
D = "Sources/Scenarios/CRDT/Document.swift"
O = "Sources/Scenarios/CRDT/OpSet.swift"
MUTANTS = [
 ("resolve-heads-count", C,
  "            if merged.heads != before {",
  "            if merged.heads.count != (before?.count ?? 0) {",
  "conflict resolution decides 'the primary changed' by the number of heads: a copy that only advances "
  "one branch (heads {x,y} -> {a,y}) is deleted without its changes being written to the primary"),
 ("tag-edit-recreates", S,
  "                } else if before == nil || has(.wholeRecordPut) {\n                    _ = try AutomergeTag.create(in: document, at: .ROOT, tag: tag)",
  "                } else {\n                    _ = try AutomergeTag.create(in: document, at: .ROOT, tag: tag)",
  "an edit of a tag that a merged-in change deleted re-creates the tag (edit beats delete)"),
 ("move-compares-current", R,
  "record.startTime != previous!.startTime",
  "record.startTime != current.startTime",
  "'did this edit move the record' compares with the stored start, not the caller's: an edit from a stale "
  "view (another device moved the record meanwhile) moves it back to the old month with the old start"),
 ("images-remove-unseen", R,
  "removing: previous!.images.filter { !record.images.contains($0) })",
  "removing: wrapper.images.filter { !record.images.contains($0) })",
  "an image edit makes the stored list match the caller's: images another device added (merged in since "
  "the caller loaded the record) are removed"),
 ("stop-timer-whole-put", I,
  "try await storage.updateRecord(record, previous: running)",
  "try await storage.updateRecord(record)",
  "StopTimerIntent saves the stopped record without `previous`: a whole-record put (stale fields and images "
  "list written back) that also re-creates a record deleted between the intent's read and its write"),
 ("lamport-last-not-max", O,
  "        maxOp = max(maxOp, id.counter)",
  "        maxOp = id.counter",
  "the CRDT's Lamport clock takes the last applied op's counter, not the max: after merging concurrent "
  "changes a local op can reuse counters, and the saved file no longer loads elsewhere"),
 ("delete-pred-winner-only", D,
  "_ = try applyLocal(Operation(obj: obj, key: .map(key), insert: false, action: .delete, pred: current.ids))",
  "_ = try applyLocal(Operation(obj: obj, key: .map(key), insert: false, action: .delete, pred: Array(current.ids.suffix(1))))",
  "a map delete overwrites only the winning value of a conflicted key: the losing concurrent value "
  "becomes visible again (a cleared field or a deleted record comes back after a same-key conflict)"),
 ("no-repair-on-refresh", H,
  "            try await automerge.repairLayout()\n",
  "",
  "conflict resolution no longer repairs the month layout: a record two devices moved to different "
  "months (or an interrupted move) stays in two month documents"),
 ("edit-in-stale-month", R,
  "            let holder = try await loadRecordDocument(month)",
  "            let holder = try await loadRecordDocument(target)",
  "an edit that does not move the record is written into the month of the caller's (stale) start, not "
  "where the record lives: after another device's move the edit fails as 'record deleted'"),
 ("range-last-month-skipped", S,
  "            while month <= last && months.count < 1200 {",
  "            while month < last && months.count < 1200 {",
  "loadRecords(from:to:) (the app's date-range view) skips the last month of the range"),
 ("range-keeps-tombstoned", S,
  "                    .filter { $0.startTime >= start && $0.startTime <= end }\n            }\n            if !has(.monthMoveDuplicates) {",
  "                    .filter { $0.startTime >= start && $0.startTime <= end }\n            }\n            if false {",
  "loadRecords(from:to:) does not drop tombstoned ids as loadAllRecords does: a date-range screen shows a "
  "record deleted on another device until the next repair"),
 ("versions-resolved-before-write", C,
  "            try await files.coordinatedWrite(StoragePaths.folder + path) { disk in\n                guard let disk else { return merged.save() }",
  "            try await files.resolveConflictVersions(StoragePaths.folder + path, ids: resolved)\n            try await files.coordinatedWrite(StoragePaths.folder + path) { disk in\n                guard let disk else { return merged.save() }",
  "iCloud's hidden versions are resolved (removed everywhere) before their merge is written: a kill "
  "in between loses the other device's edit"),
 ("versions-first-only", C,
  "                resolved.append(version.id)\n            }",
  "                resolved.append(version.id)\n                break\n            }\n            resolved = versions.map(\\.id)",
  "only the first hidden version of a file is merged, but all are resolved (a third device's write, "
  "or a second conflict before the app ran, is lost)"),
 ("versions-records-only", C,
  "where path.hasSuffix(\".automerge\") {",
  "where path.hasSuffix(\".automerge\") && path.hasPrefix(\"records/\") {",
  "hidden versions are merged for month files only, not for tags.automerge"),
 ("reads-skip-versions", S,
  "            guard !has(.icloudVersionsIgnored) else { return (document, bytes) }\n            for version in",
  "            guard false else { return (document, bytes) }\n            for version in",
  "reads merge conflict copies but not iCloud's hidden versions: an edit made on the file alone is "
  "concurrent with the version's ops, and the CRDT may let an older value win"),
]
