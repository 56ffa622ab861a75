#!/usr/bin/env bash
# The scaling table for any simrun binary (old ones have no `bench --only scaling`): CPU seconds
# (user + system, /usr/bin/time) per seed of `fuzz --scenario S --seeds N --size Z --jobs 1` at each
# size, and the ratio of each size to the first. Target (issue 19): size 4 <= 4.5 x size 1,
# size 8 <= 9.5 x size 1.
# usage: Scripts/scaling-table.sh SIMRUN [SEEDS=2] [SIZES="1 2 4 8"] [APP=swisscoin]
set -uo pipefail
bin=$1; seeds=${2:-2}; sizes=${3:-"1 2 4 8"}; app=${4:-swisscoin}
timing=$(mktemp); trap 'rm -f "$timing"' EXIT
scenarios=$("$bin" list --json | python3 -c '
import json, sys
for a in json.load(sys.stdin)["apps"]:
    if a["name"] == sys.argv[1]:
        for s in a["scenarios"]:
            print(a["name"] + "/" + (s["name"] if isinstance(s, dict) else s))' "$app")
printf "%-46s" "scenario (CPU s per seed)"; for z in $sizes; do printf "%-10s" "size $z"; done
first=${sizes%% *}; for z in $sizes; do [ "$z" = "$first" ] || printf "%-8s" "x$z/$first"; done; echo
for scenario in $scenarios; do
  printf "%-46s" "$scenario"; values=()
  for z in $sizes; do
    /usr/bin/time -o "$timing" -f "%U %S" "$bin" fuzz --scenario "$scenario" --seeds "$seeds" --size "$z" --jobs 1 --json >/dev/null 2>&1
    t=$(tail -1 "$timing" | awk -v n="$seeds" '{printf "%.3f", ($1 + $2) / n}')
    values+=("$t"); printf "%-10s" "$t"
  done
  for i in "${!values[@]}"; do [ "$i" = 0 ] || printf "%-8s" "$(awk -v a="${values[$i]}" -v b="${values[0]}" 'BEGIN { printf "%.2f", a / (b > 0 ? b : 1e-9) }')"; done
  echo
done
