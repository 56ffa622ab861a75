"""Realistic bugs in Swiss Coin's account change (sign-out, another account's sign-in, the store
switch), for Scripts/mutation-test.py: each needs the app to die inside the change, which the
whole-life sweep rarely does on its own (the phases are a few await points long and come once a
run). Each: (name, path, old text, new text, what the bug is).

Measured 2026-11-27, from the repository root:
  python3 Scripts/mutation-test.py Scripts/mutants/swisscoin-account-change.py --seeds 40
- switch-store-no-flush 20/80, first at seed 4 (balance-equality, convergence, referential-integrity,
  status-truthfulness). The build before the scripted account-change kill and the sweep's mixed
  depth caught it in 5/80, first at seed 3: the new account's store is durable, the user id the
  switch cleared is not, and only a kill right after the switch shows it (the relaunched app still
  finds the previous account's user id, so it never takes the new account's store as ready to sync).
"""
SCENARIOS = ["swisscoin/sign-out-during-sync", "swisscoin/account-switch-after-sync"]

MUTANTS = [
    ("switch-store-no-flush", "Sources/Scenarios/SwissCoin/App/Sync/StoreSwitcher.swift",
     "        _ = defaults.synchronize()\n        return true", "        return true",
     "the store switch sets the current user id in UserDefaults but never flushes it"),
]
