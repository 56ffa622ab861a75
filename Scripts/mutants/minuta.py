"""Realistic bugs in Minuta's fixed storage and conflict resolution, for Scripts/mutation-test.py.
Each: (name, path, old text, new text, what the bug is).

Measured (100 seeds of each scenario, --size 0, 2026-11-24): 3 of 7 caught, all by
`concurrent-writers` (the App Intents process writing beside the app, file operations that take
time, both devices writing one month online):
- save-ignores-disk: 53 of 600 runs, first at seed 1 (no-loss, no-lost-update, no-resurrection).
- merge-write-ignores-disk: 2 of 600 (seed 5); 12 of 300 seeds of concurrent-writers alone. It needs
  the other process's write to land in the few milliseconds between conflict resolution's read of
  the primary and its write, and a loss the other writers' caches do not repair later (an intent's
  storage dies with the intent; an app's cached document re-adds its own edits on its next save).
- read-skips-copies: 1 of 600 (seed 12).
Re-measured 2026-11-25 at ca17a38 (date-range screens on every reload, a read no longer parses a file
whose bytes it already merged), `--seeds 100 --only` the three: save-ignores-disk 49/600 (seed 5),
merge-write-ignores-disk 1/600 (seed 3), read-skips-copies 1/600 (seed 25).
Re-measured 2026-11-27 at 2c1782c (kills over Minuta's whole life, device clocks that drift in
concurrent-writers), `--seeds 40` (240 runs each): 3 of 7 caught, not the same three.
save-ignores-disk 22/240 (seed 1; no-loss, no-lost-update), merge-write-ignores-disk 2/240
(seed 25; no-loss), repair-keeps-oldest 1/240 (seed 26; no-loss; its path not examined).
read-skips-copies 0/240 (1 of 600 before: as rare as before);
unloadable-copy-deleted, move-keeps-source and delete-no-tombstone 0/240.
Not caught, and why:
- unloadable-copy-deleted: unreachable in the folder fake, where a file appears whole (an iCloud
  download shows a hidden placeholder until it completes); a copy fails to load only if corrupt,
  and the fake never corrupts one. Equivalent under the fake's model.
- move-keeps-source, repair-keeps-oldest: the fixed app repairs the layout at every launch and
  refresh before it shows anything (a record held in two months keeps its latest move), so a move
  that leaves its source is repaired; keeping the oldest copy matters only when a kill lands
  between a move's two writes and an edit of the record follows before the repair (rare).
- delete-no-tombstone: a concurrent edit of a deleted record writes into the record's object, and
  the CRDT's delete of the key wins over it; the tombstone is a second line of defence.
"""
SCENARIOS = ["minuta/conflict-copies", "minuta/shared-folder-overwrite", "minuta/conflicting-edits",
             "minuta/offline-edits-then-sync", "minuta/time-zone-and-month-boundary", "minuta/concurrent-writers"]
C = "Sources/Scenarios/Minuta/App/Conflicts/ConflictResolutionService.swift"
S = "Sources/Scenarios/Minuta/App/Storage/AutomergeStorageService.swift"
R = "Sources/Scenarios/Minuta/App/Storage/AutomergeStorageService+Records.swift"
MUTANTS = [
 ("merge-write-ignores-disk", C,
  "                    if let disk { try merged.merge(other: Document(disk, actor: actor)) }\n                    return merged.save()",
  "                    _ = actor\n                    return merged.save()",
  "conflict resolution writes the merged primary over the file without merging what is on disk now"),
 ("save-ignores-disk", S,
  "                    try document.merge(other: other)\n                }\n                return document.save()",
  "                    _ = other\n                }\n                return document.save()",
  "a save writes the cached document without merging the file on disk at that instant"),
 ("unloadable-copy-deleted", C,
  "                guard let document = try? await load(copy) else { continue }  // still downloading: later",
  "                guard let document = try? await load(copy) else { resolved.append(copy); continue }",
  "a conflict copy that does not load yet (still downloading) is deleted with the others"),
 ("read-skips-copies", S,
  "            for copy in try await conflictCopies(of: path) {",
  "            for copy in [String]() {",
  "reads do not merge the file's conflict copies (only conflict resolution does)"),
 ("move-keeps-source", R,
  "            try reloaded.delete(obj: .ROOT, key: record.id)\n            try await saveRecordDocument(source)",
  "            _ = reloaded",
  "a record moved to another month is not removed from the old month"),
 ("delete-no-tombstone", R,
  "            if month == home { try document.put(obj: .ROOT, key: Self.tombstonePrefix + record.id, value: .Boolean(true)) }",
  "",
  "a delete leaves no tombstone: a concurrent edit elsewhere re-creates the record"),
 ("repair-keeps-oldest", R,
  "            for stale in copies.dropLast() {",
  "            for stale in copies.dropFirst() {",
  "layout repair keeps the oldest copy of a record held in two months, not the latest move"),
]
