"""Realistic bugs in the life of Swiff AFTER its first schema upgrade (later expense and settlement
saves, balances re-derived at each save, periodic/manual backups, restores, a second upgrade,
failed saves under storage faults), for Scripts/mutation-test.py. Each: (name, path, old text,
new text, what the bug is); `old` may be a list of (old, new) pairs with `new` None (one bug in
several places of one file). Every edit is to the FIXED app code (App/), never to the harness.

Measured (mutation-test.py --seeds 30 --size 0, the five catalogue scenarios, base 7f8d75f): 3 of 10
caught — settlement-skips-balances 48/150 (seed 1, balance-equality); pre-migration-reuses-fresh-
backup 4/150 (seed 3, backup-restorable; schema-upgrade's 1->2->3 path only); balances-derived-in-
second-save 2/150 (seed 24, balance-equality). The other seven are 0/150 and none is equivalent:
no checker looks at backups taken after the upgrade (index entries, freshness), at what a restore
leaves behind, at a restore being refused, or at a save reported as failed leaving data; no
scenario restores on build 3; the `restore` kill window (6 jobs) ends before the fixed restore
writes the store (it first takes the before-restore backup, ~8 jobs). With the review's scratch
scenario life-after-upgrade and five scratch checks all 10 were caught (30 seeds of six scenarios)
and the fixed app passed 1,100 runs at --size 0 and 600 at --size 1.

Adopted at 4e6ae7b: the scenario life-after-upgrade; the invariants backup-index-sound,
backup-fresh, restore-undoable, restore-honoured and failed-save-absent; the restore kill window
raised to 14 jobs. Measured there (python3 Scripts/mutation-test.py Scripts/mutants/swiff-life.py
--seeds 30: six scenarios, 180 runs per mutant): 10 of 10 caught —
later-backups-streamed 13/180 (seed 10, backup-index-sound); periodic-due-check-inverted 16/180
(seed 1, backup-fresh); backup-index-before-copy 28/180 (seed 3, backup-index-sound);
restore-skips-safety-backup 38/180 (seed 1, restore-undoable); restore-non-atomic 15/180 (seed 2,
crash-free-open, no-loss); restore-only-current-version 17/180 (seed 1, restore-honoured);
balances-derived-in-second-save 6/180 (seed 13, balance-equality, failed-save-absent);
settlement-skips-balances 69/180 (seed 1, balance-equality); pre-migration-reuses-fresh-backup
4/180 (seed 3, backup-restorable); failed-save-not-rolled-back 15/180 (seed 1, failed-save-absent,
no-loss).

Not testable in the app as ported: it has no way to edit or delete an expense or settlement
(adds and person edits only), so "a balance re-derived on delete" has no scenario.
"""
SCENARIOS = ["swiff/schema-upgrade", "swiff/interrupted-upgrade", "swiff/mixed-version-devices",
             "swiff/rollback-after-failure", "swiff/duplicates-before-unique", "swiff/life-after-upgrade"]
B = "Sources/Scenarios/Swiff/App/BackupService.swift"
E = "Sources/Scenarios/Swiff/App/ExpenseBook.swift"
MUTANTS = [
 ("later-backups-streamed", B,
  [("            try disk.writeAtomically(path, bytes)\n            await Task.yield()\n",
    "            if reason == \"pre-migration\" { try disk.writeAtomically(path, bytes) } else { try? await disk.writeNonAtomically(path, bytes, chunkSize: 4_096) }\n            await Task.yield()\n"),
   ("            guard disk.read(path) == bytes, StoreMetadataReader.metadata(bytes) != nil else { throw RestoreError.corrupt(path) }",
    "            guard StoreMetadataReader.metadata(bytes) != nil else { throw RestoreError.corrupt(path) }")], None,
  "periodic/manual/before-restore backups streamed in chunks without .atomic, errors ignored, and 'verified' from the source bytes: a torn or killed copy is listed in the index as a good backup"),
 ("periodic-due-check-inverted", B,
  "        if let latest = latestBackup, clock.nowMilliseconds - latest.takenAtMillis < Self.periodMillis { return }",
  "        if let latest = latestBackup, latest.takenAtMillis - clock.nowMilliseconds < Self.periodMillis { return }",
  "the 7-day test subtracts the wrong way round: once any backup exists (the pre-migration one), no periodic backup is ever taken again"),
 ("backup-index-before-copy", B,
  "            try disk.writeAtomically(path, bytes)\n            await Task.yield()\n",
  "            try disk.writeAtomically(Self.indexPath, Self.encode(list + [entry]))\n            await Task.yield()\n            try disk.writeAtomically(path, bytes)\n",
  "the backup is registered in the index before it is copied: a kill or a failed copy leaves latestBackup naming a file that does not exist (and the periodic backup skipped for 7 days)"),
 ("restore-skips-safety-backup", B,
  "        if disk.read(storePath) != nil { try await createBackup(reason: \"before-restore\") }\n",
  "",
  "a restore overwrites the current store without first backing it up: everything since the restored backup is gone for good, no way back"),
 ("restore-non-atomic", B,
  "        try disk.writeAtomically(storePath, bytes)\n    }",
  "        try await disk.writeNonAtomically(storePath, bytes)\n    }",
  "the restore copies the backup over the store in chunks without .atomic: a kill or torn write mid-restore leaves a broken store"),
 ("restore-only-current-version", B,
  "            let known = build.planSchemas.map { VersionHash.of($0, uniqueness: .participates) }",
  "            let known = [VersionHash.of(build.schema, uniqueness: .participates)]",
  "a restore accepts only backups of the installed version: after the upgrade the pre-migration (older-version) backup can never be restored"),
 ("balances-derived-in-second-save", E,
  "            try Balances.store(try Balances.derive(in: context, personEntity: person), in: context, personEntity: person)\n            return try saveOrDiscard()",
  "            try saveOrDiscard()\n            await Task.yield()\n            try Balances.store(try Balances.derive(in: context, personEntity: person), in: context, personEntity: person)\n            return try saveOrDiscard()",
  "the expense/settlement is saved first and the re-derived balances in a second save after an await: a kill or a failed save between leaves a stale balance"),
 ("settlement-skips-balances", E,
  "        try await saveAdjustingBalances([(input.fromPersonID, input.amountCents), (input.toPersonID, -input.amountCents)])",
  "        try saveOrDiscard()",
  "a settlement is saved without re-deriving the balances (only expense saves do): the two people's balanceCents stay stale until the next expense"),
 ("pre-migration-reuses-fresh-backup", B,
  "            disk.read(newest.path) == bytes {",
  "            clock.nowMilliseconds - newest.takenAtMillis < Self.periodMillis {",
  "the pre-migration backup is reused when one was taken in the last 7 days (meant for retried launches): a second upgrade within the week backs up nothing"),
 ("failed-save-not-rolled-back", E,
  "            context.rollback()\n",
  "",
  "a failed save (disk full) leaves its changes pending in the context: the expense the user was told failed is committed by the next, unrelated save"),
]
