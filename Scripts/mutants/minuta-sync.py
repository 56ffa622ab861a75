"""Realistic bugs in Minuta's fixed sync, merge and whole-life code (not the one-time migration), for
Scripts/mutation-test.py. Each: (name, path, old text, new text, what the bug is).

Results: see below (filled in after the measured run).
"""
SCENARIOS = ["minuta/conflict-copies", "minuta/shared-folder-overwrite", "minuta/conflicting-edits",
             "minuta/offline-edits-then-sync", "minuta/concurrent-migration", "minuta/interrupted-upload",
             "minuta/time-zone-and-month-boundary", "minuta/concurrent-writers"]
C = "Sources/Scenarios/Minuta/Conflicts/ConflictResolutionService.swift"
S = "Sources/Scenarios/Minuta/Storage/AutomergeStorageService.swift"
R = "Sources/Scenarios/Minuta/Storage/AutomergeStorageService+Records.swift"
H = "Sources/Scenarios/Minuta/Storage/HybridStorageService.swift"
I = "Sources/Scenarios/Minuta/Intents/TimeTrackingService.swift"
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
  "            while month <= last && bound < 1200 {",
  "            while month < last && bound < 1200 {",
  "loadRecords(from:to:) (the app's date-range view) skips the last month of the range"),
]
