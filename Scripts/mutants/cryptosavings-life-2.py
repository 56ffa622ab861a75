"""A second independent round of realistic bugs in CryptoSavings' fixed app for the life *after*
the upgrade (re-launches, the edit journal around kills and account changes, set-aside files,
derived values), for Scripts/mutation-test.py. Each: (name, path, old text, new text, what the
bug is). Written by an independent review; distinct from Scripts/mutants/cryptosavings.py,
Scripts/mutants/cryptosavings-life.py and the bug zoo's CS-* entries.

RESULTS
"""
SCENARIOS = ["cryptosavings/conflicting-edits", "cryptosavings/enable-cloudkit-upgrade", "cryptosavings/account-switch",
             "cryptosavings/account-switch-while-running",
             "cryptosavings/offline-edits-then-sync", "cryptosavings/flaky-network",
             "cryptosavings/first-sync-with-existing-cloud-data", "cryptosavings/record-too-large",
             "cryptosavings/time-zone-and-month-boundary", "cryptosavings/month-rollover"]
P = "Sources/Scenarios/CryptoSavings/App/"
A = P + "CryptoSavingsApplication.swift"
E = P + "CryptoSavingsApplication+Edits.swift"
J = P + "EditJournal.swift"
U = P + "Units.swift"
V = P + "SavingsView.swift"
MUTANTS = [
 ("backfill-every-launch", A,
  "where row[exact]?.stringValue == \"\" && (row[double]?.doubleValue ?? 0) > 0 {",
  "where (row[double]?.doubleValue ?? 0) > 0 {",
  "the exact-amount backfill runs over every row with a Double on every launch, not only rows without an exact "
  "amount (meant to pick up rows an older build edited): each relaunch replaces exact wei amounts by the "
  "Double's 17 significant digits and syncs the rounded amounts"),
 ("units-compare-by-text", U,
  "        a.text.count != b.text.count ? a.text.count < b.text.count : a.text < b.text\n",
  "        a.text < b.text\n",
  "exact amounts compare as text (\"canonical digits, so string order is numeric order\"): an allocation with "
  "fewer digits than the target compares as larger, so remaining = target - allocated shows 0"),
 ("months-exclude-this-month", V,
  "let months = max(1, MonthLabel.monthsBetween(month, deadline) + 1)",
  "let months = max(1, MonthLabel.monthsBetween(month, deadline))",
  "months to the deadline leave out the current month: the required monthly amount is spread over one month "
  "fewer than the plan says (too high, and the plan saved from it too)"),
 ("set-aside-replaces-earlier", J,
  "        let kept = disk.read(path).flatMap { try? JSONDecoder().decode([String].self, from: Data($0)) } ?? []\n"
  "        try? disk.writeAtomically(path, Self.encode(Array(Set(kept + entries)).sorted()))\n",
  "        try? disk.writeAtomically(path, Self.encode(entries.sorted()))\n",
  "a set-aside file is rewritten with the latest account change's notes: edits set aside at an earlier change "
  "away from the same account are no longer reported"),
 ("journal-noted-after-export", E,
  "        do {\n            if build >= 2 { for note in notes { try journal.note(note) } }\n            try context.save()\n"
  "        } catch {\n            context.rollback()\n            return false\n        }\n        await export()\n",
  "        do {\n            try context.save()\n        } catch {\n            context.rollback()\n            return false\n"
  "        }\n        await export()\n        if build >= 2 { for note in notes { try? journal.note(note) } }\n",
  "an edit is noted in the pending-edits journal after its save and export attempt, not before the save: a kill "
  "during the export leaves a saved, unexported edit without a note, which the next account change purges unreported"),
 ("set-aside-under-new-account", A,
  "        if case .changed(let from?, _, _) = outcome, !pending.isEmpty, previous == from, !variant.has(.dropsUnsyncedOnAccountChange) {\n"
  "            journal.setAside(pending, user: from)\n",
  "        if case .changed(let from?, let to, _) = outcome, !pending.isEmpty, previous == from, !variant.has(.dropsUnsyncedOnAccountChange) {\n"
  "            journal.setAside(pending, user: to ?? from)\n",
  "the old account's unsynced edits are set aside under the account now signed in (the one whose screen reports "
  "them): after a direct switch alice's edits are filed as bob's, and alice is never told"),
]
