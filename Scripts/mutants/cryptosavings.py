"""Realistic bugs in CryptoSavingsTracker's fixed app (its sync-time code: the edit journal, the
account check, dedupe on fetch, derived values), for Scripts/mutation-test.py.
Each: (name, path, old text, new text, what the bug is).

Before CryptoSavings had a no-lost-update check, 1 of these 7 was caught (edit-not-journaled). Now
(100 seeds of each scenario, --size 0, 2026-11-24): edit-not-journaled (no-loss, no-lost-update),
dedupe-oldest-wins and allocation-modified-date-not-set (no-lost-update: an allocation edited again
after both devices synced, when dedupe shows another copy), journal-cleared-on-partial-export
(account-switch with alice's iCloud storage full: 44 of 100 seeds, first at seed 3).
Re-measured 2026-11-29 at 7396fe0 (the shared operation ledger: values set last from its last-writer
rule), `--seeds 100 --only` the four: edit-not-journaled 97/600 (seed 1), journal-cleared-on-partial-export
46/600 (seed 3), dedupe-oldest-wins 6/600 (seed 10), allocation-modified-date-not-set 4/600 (seed 10).
Not caught, and why:
- journal-kept-across-account: the new account's first clean export clears the journal, so the
  old notes only change what a second account change would report; no scenario switches twice.
- dedupe-tie-by-fetch-order: needs two copies modified in the same millisecond on two devices;
  the scenarios never produce such a tie.
- backfill-skips-allocation-history: equivalent; reading an amount falls back to the Double
  column V1 wrote, and allocation history feeds no shown value.
"""
SCENARIOS = ["cryptosavings/conflicting-edits", "cryptosavings/account-switch", "cryptosavings/offline-edits-then-sync",
             "cryptosavings/flaky-network", "cryptosavings/first-sync-with-existing-cloud-data",
             "cryptosavings/time-zone-and-month-boundary"]
A = "Sources/Scenarios/CryptoSavings/App/CryptoSavingsApplication.swift"
E = "Sources/Scenarios/CryptoSavings/App/CryptoSavingsApplication+Edits.swift"
D = "Sources/Scenarios/CryptoSavings/App/Dedupe.swift"
MUTANTS = [
 ("journal-cleared-on-partial-export", A,
  "        if mirror.lastItemErrors.isEmpty { journal.clear() }",
  "        journal.clear()",
  "the pending-edits journal is cleared after an export even when some records failed to save"),
 ("edit-not-journaled", E,
  "            if build >= 2 { for note in notes { try journal.note(note) } }",
  "            _ = notes",
  "an edit is saved without a journal note: an account change before its export drops it unseen"),
 ("journal-kept-across-account", A,
  "        if case .changed = outcome { journal.clear() }",
  "",
  "the journal survives an account change: the old account's notes count as the new account's"),
 ("dedupe-oldest-wins", D,
  "        if ma != mb { return ma > mb }",
  "        if ma != mb { return ma < mb }",
  "dedupe on fetch shows the copy modified first, not last"),
 ("allocation-modified-date-not-set", E,
  "        context.set(allocation, \"lastModifiedDate\", now)",
  "",
  "an allocation edit does not bump lastModifiedDate (dedupe then picks a copy by its text)"),
 ("dedupe-tie-by-fetch-order", D,
  "        return canonical(a) < canonical(b)",
  "        return false",
  "copies modified at the same instant: the first fetched wins (differs between devices)"),
 ("backfill-skips-allocation-history", A,
  "(\"AssetAllocation\", \"amount\", \"amountUnits\"),\n                       (\"AllocationHistory\", \"amount\", \"amountUnits\"),",
  "(\"AssetAllocation\", \"amount\", \"amountUnits\"),",
  "the exact-amount backfill forgets the allocation history rows V1 wrote"),
]
