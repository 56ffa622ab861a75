"""Realistic bugs in Swiff's fixed schema migration (SwiftData V1 -> V2 -> V3 on the device), for
Scripts/mutation-test.py. Each: (name, path, old text, new text, what the bug is).

Measured (100 seeds of each scenario, --size 0, 2026-11-24, after the generated V1/V2 stores
gained drifted stored balances): 2 of 5 caught —
merger-keeps-references-to-copy 72/500 (seed 1; no-loss, referential-integrity);
balances-not-derived 166/500 (seed 1; balance-equality): schema-upgrade 6, interrupted-upgrade 30,
mixed-version-devices 59, rollback-after-failure 41, duplicates-before-unique 30. It was 0/500
while every generated store held balances consistent with their expenses. Now about one person in
four who pays or shares an expense has a stored balance that drifted (rounding, a lost update, a
deleted expense: Sim/Harness/SwiffBalanceDrift.swift), so copying the stored balance gives other cents
than deriving it. It is missed where an expense edit before the upgrade re-derived the drift away,
or an expense or settlement edit after it re-derived the copied value (the fixed app re-derives
every balance at each such save): hence few catches in schema-upgrade, which edits most.
Re-measured 2026-11-29 at 6d020b7 (the write-ahead-log store fake; what the user expects folded from
the operation ledger), `--only` the two: merger-keeps-references-to-copy 72/500, balances-not-derived
165/500 (both seed 1).
Not caught, and why:
- amounts-saved-once-at-end, fills-every-amount-again: equivalent; the stage is idempotent, so
  saving in batches only keeps progress across a kill, and refilling a filled amount writes the
  same value.
- merger-drops-copy-children: equivalent here; repointing each child's to-one at the kept row
  also maintains the inverse to-many, so the kept row gets the copy's children anyway.
"""
SCENARIOS = ["swiff/schema-upgrade", "swiff/interrupted-upgrade", "swiff/mixed-version-devices",
             "swiff/rollback-after-failure", "swiff/duplicates-before-unique"]
S = "Sources/Scenarios/Swiff/App/SwiffStages.swift"
D = "Sources/Scenarios/Swiff/App/DuplicateMerger.swift"
MUTANTS = [
 ("amounts-saved-once-at-end", S,
  "                if index % saveBatch == saveBatch - 1 || index == pending.count - 1 { try context.save() }\n",
  "",
  "the resumable stage fills amountCents without saving batches (saved once with the balances)"),
 ("fills-every-amount-again", S,
  "            let pending = try context.fetch(\"GroupExpenseModel\") { $0[\"amountCents\"]?.isNull ?? true }",
  "            let pending = try context.fetch(\"GroupExpenseModel\")",
  "a resumed stage recomputes amountCents for rows already filled (harmless only if idempotent)"),
 ("merger-drops-copy-children", D,
  "            let merged = unique(context.row(winner)!.targets(relationship.name) + context.row(copy)!.targets(relationship.name))",
  "            let merged = unique(context.row(winner)!.targets(relationship.name))",
  "merging duplicates keeps the winner's to-many targets only: the copy's children are orphaned"),
 ("merger-keeps-references-to-copy", D,
  "                    context.relate(row.id, relationship.name, to: unique(row.targets(relationship.name).map { $0 == copy ? winner : $0 }))",
  "                    _ = row",
  "references to a deleted duplicate are not pointed at the row that is kept"),
 ("balances-not-derived", S,
  "                context.set(row.id, \"balanceCents\", .int(derived[row[\"id\"]?.uuidValue ?? \"\"] ?? 0))",
  "                context.set(row.id, \"balanceCents\", .int(Money.cents(row[\"balance\"]) ?? 0))",
  "balanceCents copied from the stored Double balance instead of derived from the expenses"),
]
