"""Realistic bugs in CryptoSavingsTracker's fixed app (its sync-time code: the edit journal, the
account check, dedupe on fetch, derived values), for Scripts/mutation-test.py.
Each: (name, path, old text, new text, what the bug is).
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
