"""Realistic bugs in InfiniteStories' fixed migration (local store -> REST backend with server ids),
for Scripts/mutation-test.py. Each: (name, path, old text, new text, what the bug is).

Measured (100 seeds of each scenario, --size 0, 2026-11-24): 4 of 6 caught —
edit-during-migration-not-patched 100/700 (seed 1), idempotency-key-per-launch 128/700 (seed 1),
mark-ignores-content-hash 36/700 (seed 1), ledger-hash-before-patch 1/700 (seed 64: it needs a kill
between the ledger write and the patch of an entity edited during the migration).
Re-measured 2026-11-29 at 6d020b7, `--seeds 40 --only` three: edit-during-migration-not-patched
40/280, idempotency-key-per-launch 44/280, mark-ignores-content-hash 14/280 (all seed 1).
Not caught, and why (both are a second line of defence behind another one):
- media-url-not-remembered: the upload carries an idempotency key, so uploading the file again
  returns the same URL; the ledger's copy only saves the request.
- generation-not-bumped: a completed migration only runs again for the same account if its
  completion flags were lost, and the fixed app flushes them before it removes its checkpoint.
"""
SCENARIOS = ["infinitestories/interrupted-upload", "infinitestories/lost-response", "infinitestories/flaky-network",
             "infinitestories/account-switch", "infinitestories/rollback-after-failure",
             "infinitestories/concurrent-edits-during-migration", "infinitestories/sign-out-during-sync"]
U = "Sources/Scenarios/InfiniteStories/App/Migration/MigrationManager+Upload.swift"
K = "Sources/Scenarios/InfiniteStories/App/Migration/MigrationManager.swift"
M = "Sources/Scenarios/InfiniteStories/App/Migration/MigrationManager+Mark.swift"
MUTANTS = [
 ("edit-during-migration-not-patched", U,
  "        if let current, current.serverSyncStatus != .synced, entry.hash != hash {",
  "        if let current, current.serverSyncStatus != .synced, entry.hash != hash, current.id.isEmpty {",
  "an entity the user edited after it was created on the server is skipped on resume, not patched"),
 ("ledger-hash-before-patch", U,
  "            try await api.request(.patch, \"\\(path)/\\(entry.serverId)\", body: .object(patch), account: pinnedAccount)\n            try ledger.record(E.kind, entity.id, account: ledgerAccount, .init(serverId: entry.serverId, hash: hash, generation: entry.generation))",
  "            try ledger.record(E.kind, entity.id, account: ledgerAccount, .init(serverId: entry.serverId, hash: hash, generation: entry.generation))\n            try await api.request(.patch, \"\\(path)/\\(entry.serverId)\", body: .object(patch), account: pinnedAccount)",
  "the ledger takes the new content hash before the patch is sent: a kill in between never sends it"),
 ("idempotency-key-per-launch", K,
  "        variant.has(.nonIdempotentCreate) ? nil : \"\\(installId)-g\\(ledger.generation)-\\(what)\"",
  "        variant.has(.nonIdempotentCreate) ? nil : \"\\(installId)-g\\(ledger.generation)-\\(what)-\\(clock.nowMilliseconds)\"",
  "the idempotency key includes the time of the attempt, so a retry is a new create"),
 ("media-url-not-remembered", U,
  "        try ledger.recordMedia(file.type, of: file.entityId, account: ledgerAccount, url: url)\n",
  "",
  "an uploaded file's URL is not remembered: a resumed migration uploads it again"),
 ("mark-ignores-content-hash", M,
  "            guard let entry, variant.has(.nonIdempotentCreate) || entry.hash == ContentFields.hash(content(entity)) else { continue }",
  "            guard let entry else { continue }",
  "an entity is marked synced because it has a server id, though the user edited it after it was sent"),
 ("generation-not-bumped", M,
  "        if !variant.has(.nonIdempotentCreate) { try? ledger.bumpGeneration() }",
  "",
  "a completed migration does not close its generation: a later rollback deletes what it created"),
]
