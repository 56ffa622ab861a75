#!/usr/bin/env python3
"""Compares two outputs of Scripts/trace-hashes.sh: how many runs differ in trace hash, outcome,
events or virtual time, per scenario. usage: compare-hashes.py BEFORE AFTER"""
import sys
from collections import Counter

def load(path):
    runs = {}
    for line in open(path):
        f = line.split()
        runs[(f[0], f[1], f[2])] = f[3:]
    return runs

before, after = load(sys.argv[1]), load(sys.argv[2])
common = [k for k in after if k in before]
print("runs compared", len(common))
for index, name in [(0, "trace hash"), (1, "outcome"), (2, "events"), (3, "virtual ns")]:
    diff = [k for k in common if before[k][index] != after[k][index]]
    print(f"{name} differs in {len(diff)}", Counter(f"{k[0]} {k[1]}" for k in diff).most_common())
    for k in diff[:3]:
        print("   e.g.", *k, before[k][index], "->", after[k][index])
