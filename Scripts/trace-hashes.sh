#!/usr/bin/env bash
# Prints one line per run: "app/scenario variant seed trace_hash outcome events virtual_ns", for every
# scenario in the binary's catalogue, seeds 1..SEEDS, at --size 0. Run it on two builds and diff the
# outputs (Scripts/compare-hashes.py) to see which runs a kernel change altered.
# usage: Scripts/trace-hashes.sh SIMRUN OUT [SEEDS=20] [VARIANTS="fixed as-written"] [SIZE=0] [APP=all]
set -euo pipefail
bin=$1; out=$2; seeds=${3:-20}; variants=${4:-"fixed as-written"}; size=${5:-0}; app=${6:-all}
scenarios=$("$bin" list --json | python3 -c '
import json, sys
for app in json.load(sys.stdin)["apps"]:
    if sys.argv[1] not in ("all", app["name"]): continue
    for s in app["scenarios"]:
        print(app["name"] + "/" + (s["name"] if isinstance(s, dict) else s))' "$app")
: > "$out"
for scenario in $scenarios; do
  for variant in $variants; do
    for seed in $(seq 1 "$seeds"); do
      # A failing run exits non-zero and still prints its JSON: keep it.
      json=$("$bin" --seed "$seed" --scenario "$scenario" --size "$size" --variant "$variant" --json 2>/dev/null || true)
      echo "$json" | python3 -c '
import json, sys
try:
    d = json.load(sys.stdin)
    print(sys.argv[1], sys.argv[2], sys.argv[3], d["trace_hash"], d["outcome"].replace(" ", "-"), d["events"], d["virtual_ns"])
except Exception:
    print(sys.argv[1], sys.argv[2], sys.argv[3], "error - - -")' "$scenario" "$variant" "$seed" >> "$out"
    done
  done
done
wc -l < "$out"
