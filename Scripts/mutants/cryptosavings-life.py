"""Realistic bugs in CryptoSavings' fixed app for the life *after* the upgrade (account checks and
account changes, the edit journal across exports and kills, month boundaries, derived values and
balances recomputed after sync), for Scripts/mutation-test.py. Each: (name, path, old text, new
text, what the bug is). Written by an independent review (a reviewer who had not written the app);
distinct from Scripts/mutants/cryptosavings.py.

Adopted at 0c24db8: the scenario month-rollover, and account-switch switches straight to the other
Apple ID in half the seeds. Re-measured there (9 scenarios, `--seeds 40 --only` four, 360 runs each):
plan-found-by-goal-only 33/360 (seed 2, no-loss), set-aside-skips-sign-out 16/360 (seed 2; half the
seeds no longer sign out), account-checked-before-answer 1/360 (seed 13, as before),
set-aside-after-sync 0/360 (it needs the scripted kill below, not adopted). Not adopted yet: the
scripted kill after a switch, the lossy first check after a switch, and a switch while the app runs (a fake of the platform's account-change teardown; see the app's README).

Adopted 2026-11-25 (evening): a scripted kill in the import right after a switch (account-switch,
half the seeds), the scenario account-switch-while-running with the fake's account binding
(`CloudKitRequest.mirrored`), and response kills in the life sweep (half the kills land as one of
a phase's first four responses arrives). The whole file (10 scenarios, --seeds 40, 400 runs per
mutant): 8 of 8 caught — account-checked-before-answer 6/400 (seed 7, no-loss), set-aside-skips-sign-out
18/400 (seed 1), failed-export-clears-journal 31/400 (seed 1), set-aside-after-sync 8/400 (seed 1;
was 0), journal-keeps-last-edit 65/400 (seed 1), plan-found-by-goal-only 35/400 (seed 2),
months-ignore-years 359/400 (seed 1), units-add-drops-final-carry 128/400 (seed 1). With the
binding, account-checked-before-answer can no longer leak an export into the new account (the
server refuses it, as the platform would); what it still loses is caught by no-loss.

Adopted at 7f8d75f: the two independent checks (derived-equals-recomputed and balance-equality
recompute with Foundation's calendar and Decimal, not the app's MonthLabel and Units). The whole
file at 7f8d75f (9 scenarios, --seeds 40, 360 runs per mutant): 7 of 8 caught —
months-ignore-years 323/360 (seed 1, derived-equals-recomputed; was 0), units-add-drops-final-carry
104/360 (seed 1, balance-equality, convergence; was 20/320), journal-keeps-last-edit 32/360,
plan-found-by-goal-only 33/360, set-aside-skips-sign-out 16/360, failed-export-clears-journal
6/360, account-checked-before-answer 1/360 (seed 13), set-aside-after-sync 0/360 (the scripted
kill below is still not adopted).

Measured 2026-11-25 at 72869e9 (before the adoptions above), from the repository root:
  python3 Scripts/mutation-test.py Scripts/mutants/cryptosavings-life.py --seeds 40
gives 5 of 8 caught (40 seeds of the 8 scenarios, --size 0: 320 runs per mutant):
- set-aside-skips-sign-out 34/320, seed 1 (no-loss, no-lost-update; all in account-switch)
- journal-keeps-last-edit 34/320, seed 1 (no-loss, no-lost-update; all in account-switch)
- units-add-drops-final-carry 20/320, seed 1 (balance-equality, convergence): conflicting-edits 3,
  enable-cloudkit-upgrade 5, account-switch 1, offline-edits-then-sync 4, flaky-network 4,
  record-too-large 3. Caught only because the carry dropped depends on the order of the additions
  (the device sums its transactions in local order, the checker's iCloud recomputation in record-name
  order); when both orders drop the same carries the wrong balance passes (see below).
- failed-export-clears-journal 6/320, seed 1 (no-loss; account-switch): only when an account check
  succeeded and a later export failed in the same launch. An offline launch fails its account check
  first, and the app then never exports, so the journal is not reached.
- account-checked-before-answer 1/320, seed 13 (no-loss; account-switch), and not by the leak it is
  about: seed 13's very first launch lost its account check, the mirror had no account yet, its
  "export" of nothing counted as clean and emptied the journal; alice's storage was full, so the
  initial data was then purged at the sign-out without being set aside.
- not caught: set-aside-after-sync, plan-found-by-goal-only, months-ignore-years (0/320 each).

Why, and what catches them. Each was checked with a scratch scenario or check (not in the repository,
seeds 1-100 with the mutant; `fixed` passes each on seeds 1-200, the new checks on all 9 scenarios;
the diff is kept outside the repository as review-scenarios.diff):
- account-switch never switches Apple ID directly. Its "sometimes signed out first" is
  `ScriptedStep.allows("sign-out", ...)` (Sim/Scenarios/AccountSwitch.swift l.30), which is true in every
  run outside a replay (ScriptedStep.swift l.23-27, FaultInjector.logScripted). So every run goes
  alice -> no account -> bob: the purge happens in a launch whose import and export send nothing (no
  account), and bob's launch starts from no account (nothing to set aside, nothing of alice's left to
  export). Seeds 1-12 all sign out. Gating the step on `stage.draw(2) == 0` (scratch) keeps fixed
  passing (200/200; set-aside at an account change in 182/200 runs) but alone catches neither mutant
  below (2/100 and 0/100): each also needs its own fault at bob's first launch.
- account-checked-before-answer: a real gap (a catalogue miss of the leak). It needs a direct switch, a
  lost first account check, and an edit exported before any later check. account-switch's bob session
  starts with `.sync` (a second check) and caps request loss at 10 %. Scratch probe-switch-flaky (phone
  and tablet share data, the phone switches to bob, edits at once and only then syncs, 25 % request
  and 25 % response loss): 27/100, seed 1 (no-cross-account-leak, no-loss, no-lost-update). Proposed:
  direct switch in half the seeds, bob's first session begins with edits, and a scripted loss of the
  first account-status request after the switch.
- set-aside-after-sync: a real gap (kill point). The set-aside must survive a kill between the purge
  and the end of the sync. The sweep's kills rarely land in the import of the one launch that follows
  a direct switch (maxKills 2 per device, often spent earlier; and there is no direct switch, above).
  Scratch probe-switch-kill (offline edits, direct switch to bob, a scripted kill 1-3 await points
  into that launch's import): 40/100, seed 3 (no-loss, no-lost-update). Proposed: that scripted kill in
  account-switch.
- plan-found-by-goal-only: a real gap (workload). No scenario plans a goal in two months: the default
  clock starts 2026-01-15 and only enable-cloudkit-upgrade pauses long enough to reach February, and
  it does so before build 2 can plan; time-zone-and-month-boundary stays in one UTC month. Scratch
  probe-month-rollover (2026-01-31T12:00Z: plan every goal and close January; 1-3 days later one
  device plans them again, edits and closes February, the other syncs and plans one): 89/100, seed 2
  (no-loss: "MonthlyPlan <goal>/2026-02" confirmed, never made).
- months-ignore-years: a real gap (the checker shares the app's code). derived-equals-recomputed
  recomputes with the app's own MonthLabel.monthsBetween, Units.- and dividedRoundingUp, from the
  app's deadline label (DerivedEqualsRecomputedChecker.swift l.15-17), so any bug there is on both
  sides; convergence compares only name and target. Scratch probe-derived-independent (months from
  Foundation's Gregorian calendar in UTC on the goal row's deadline and the device's wall clock,
  amounts in Decimal): 694/800 on the 8 catalogue scenarios, seed 1 in each.
- units-add-drops-final-carry (rarely caught): the same sharing. balance-equality compares the
  device's view with the app's SavingsView over iCloud's records (CryptoWorld.swift l.58-62), both
  summing with the app's Units.+. Scratch probe-balance-from-typed (each asset's balance against the
  Decimal sum of the shown transactions' exact amounts, or of what the user typed): 215/800, seed 1
  in each scenario (catalogue checks alone: 20/320 at 40 seeds).

Found in the fixed app along the way (scratch probe-switch-while-running: the user switches to bob in
Settings 0-3 s into a phone session of 6 edits, while the app runs): 112/200 seeds fail
(no-cross-account-leak, no-loss, no-lost-update; seed 1 first). `accountChecked` is set once per
launch. An export after the switch goes out with alice's mirror state as bob; bob's zone is missing, so
the mirror re-creates it and uploads alice's whole store into bob's iCloud. The clean export also
empties the journal, so alice's edits made after the switch are purged at the next launch without
being set aside. The app should check the account again before each export (or on the platform's
account-change notification), since the fake mirror checks no identity.
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
M = P + "MonthLabel.swift"
U = P + "Units.swift"
SET_ASIDE = ("        if case .changed(let from?, _, _) = outcome, !pending.isEmpty, previous == from, !variant.has(.dropsUnsyncedOnAccountChange) {\n"
             "            journal.setAside(pending, user: from)\n"
             "            setAsideCount += pending.count\n"
             "        }\n")
MUTANTS = [
 ("account-checked-before-answer", A,
  "        guard let outcome = try? await mirror.checkAccount() else { return }\n        accountChecked = true\n",
  "        accountChecked = true\n        guard let outcome = try? await mirror.checkAccount() else { return }\n",
  "the 'account checked' flag is set when the check is sent, not when it answered: if the first check after "
  "an Apple ID switch is lost, the next edit's export sends the old account's store to the new account"),
 ("set-aside-skips-sign-out", A,
  "        if case .changed(let from?, _, _) = outcome, !pending.isEmpty,",
  "        if case .changed(let from?, _?, _) = outcome, !pending.isEmpty,",
  "unsynced edits are set aside only when the device switches to another Apple ID, not when it signs out "
  "(the purge at sign-out drops them, and the later sign-in comes from no account)"),
 ("failed-export-clears-journal", A,
  "        guard let exported = try? await mirror.exportChanges() else { return }\n",
  "        let exported = (try? await mirror.exportChanges()) ?? 0\n",
  "an export that throws (offline, 5xx) counts as a clean export of nothing: the journal is emptied, so "
  "offline edits are no longer set aside at an account change"),
 ("set-aside-after-sync", A,
  [(SET_ASIDE, ""),
   ("        await dedupe()\n        await export()\n    }\n", "        await dedupe()\n        await export()\n" + SET_ASIDE + "    }\n")], None,
  "the unsynced edits of the old account are set aside (and reported) at the end of the sync, after the new "
  "account's import and export: a kill in between leaves them purged, the journal cleared and nothing reported"),
 ("journal-keeps-last-edit", J,
  "        var all = entries()\n",
  "        var all: [String] = []\n",
  "each journal note replaces the file instead of adding to it: only the last note of the last edit is set "
  "aside at an account change"),
 ("plan-found-by-goal-only", E,
  "$0[\"goalId\"]?.uuidValue == goalID && $0[\"monthLabel\"]?.stringValue == month : $0[\"id\"]?.uuidValue == id",
  "$0[\"goalId\"]?.uuidValue == goalID && $0[\"monthLabel\"]?.stringValue == month : $0[\"goalId\"]?.uuidValue == goalID",
  "planning a goal updates the goal's existing plan whatever its month: after a month boundary the new month's "
  "plan is never made and last month's is overwritten"),
 ("months-ignore-years", M,
  "        return max(0, (b.0 - a.0) * 12 + (b.1 - a.1))",
  "        return max(0, ((b.0 - a.0) * 12 + (b.1 - a.1)) % 12)",
  "months to the deadline read only the month component of a year-and-month difference (Calendar's "
  "dateComponents([.year, .month]).month): a deadline 14 months away counts as 2, the monthly amount is 5x too high"),
 ("units-add-drops-final-carry", U,
  "        if carry > 0 { digits.append(UInt8(carry + 48)) }\n",
  "",
  "exact addition drops the final carry: a balance that gains a digit (past 10 BTC, 1 ETH) wraps around"),
]
