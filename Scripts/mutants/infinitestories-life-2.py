"""A second independent round of realistic bugs in InfiniteStories' fixed code for the life
*after* the first migration (later passes that send edits and new heroes, rollbacks of a pass,
retries after a token refresh, the progress of a resumed pass, re-launches), for
Scripts/mutation-test.py. Each: (name, path, old text, new text, what the bug is). Written by an
independent review; distinct from Scripts/mutants/infinitestories.py,
Scripts/mutants/infinitestories-life.py and the bug zoo's IS-* entries.

RESULTS
"""
SCENARIOS = ["infinitestories/interrupted-upload", "infinitestories/lost-response", "infinitestories/flaky-network",
             "infinitestories/account-switch", "infinitestories/first-sync-with-existing-cloud-data",
             "infinitestories/rollback-after-failure", "infinitestories/media-reference-integrity",
             "infinitestories/concurrent-edits-during-migration", "infinitestories/sign-out-during-sync",
             "infinitestories/verifier-blind-spots", "infinitestories/edits-under-faults", "infinitestories/edits-with-kills",
             "infinitestories/rollback-after-completion", "infinitestories/cancel-then-switch-account"]
D = "Sources/Scenarios/InfiniteStories/"
K = D + "Migration/MigrationManager.swift"
U = D + "Migration/MigrationManager+Upload.swift"
R = D + "Migration/MigrationManager+Rollback.swift"
C = D + "API/APIClient.swift"
MUTANTS = [
 ("rollback-without-wait", R,
  "                try? await sleep(60_000)\n                try await deleteOwnRows()\n",
  "                try await deleteOwnRows()\n",
  "the rollback deletes at once instead of first waiting one request timeout (a minute the user stares at a "
  "spinner): a create that timed out but is still on its way lands after the delete, survives the rollback, "
  "and the next attempt (a new key generation) creates the entity again"),
 ("rollback-skips-unrecorded", R,
  "        guard !variant.has(.nonIdempotentCreate), let entry = ledger.entry(kind, id, account: ledgerAccount) else { return true }\n",
  "        guard !variant.has(.nonIdempotentCreate) else { return true }\n"
  "        guard let entry = ledger.entry(kind, id, account: ledgerAccount) else { return false }\n",
  "an entity with no ledger entry counts as never created, so the rollback does not look for its row: a create "
  "whose answer was lost (or whose process was killed before the ledger write) survives the rollback, and the "
  "next attempt creates it a second time"),
 ("progress-total-counts-remaining", U,
  "        return export.heroes.reduce(0) { $0 + units($1, export) } + export.stories.reduce(0) { $0 + units($1, export) }\n",
  "        return export.heroes.filter { ledger.entry(.hero, $0.id, account: ledgerAccount) == nil }.reduce(0) { $0 + units($1, export) }\n"
  "            + export.stories.filter { ledger.entry(.story, $0.id, account: ledgerAccount) == nil }.reduce(0) { $0 + units($1, export) }\n",
  "a resumed or later pass's progress total counts only the heroes and stories not uploaded yet, while the loop "
  "advances over every one: 100 % shows before the new hero is sent, and the pass ends above 100 %"),
 ("refresh-retry-drops-key", C,
  "            response = try await send(request.bearer(current.accessToken))\n",
  "            response = try await send(HTTPRequest(request.method, request.path, query: request.query, body: request.body)"
  ".bearer(current.accessToken))\n",
  "after a 401 the request is rebuilt with the refreshed token but without its other headers: the retry of a "
  "create or PATCH goes out without its Idempotency-Key, so a duplicated delivery or a later retry of it makes a "
  "second row (or writes an older name back)"),
 ("create-saves-exported-copy", U,
  "        try saveUploaded(Hero.self, id: hero.id, serverId: serverId)\n",
  "        var uploaded = hero\n        uploaded.serverId = serverId\n        try cache.save(uploaded)\n",
  "after a hero's create the app saves the exported copy with its new server id, not the current hero: a rename "
  "made while the pass ran is overwritten (and the hero then matches the ledger, so it is marked synced)"),
 ("migrated-store-never-rechecked", K,
  "        if let user = auth.userId, !canMigrate(into: user) { return false }\n        return hasUnsyncedEntities\n",
  "        if let user = auth.userId, !canMigrate(into: user) { return false }\n"
  "        if defaults.bool(forKey: \"cloudSyncEnabled\") { return false }  // migrated: nothing more to offer\n"
  "        return hasUnsyncedEntities\n",
  "once a migration completed (cloud sync on) the launch never offers another pass: heroes created or renamed "
  "after completion, or left pending by the last round, are never sent"),
]
