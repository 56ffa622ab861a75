#!/usr/bin/env python3
"""Mutation testing of simrun's checks: how many realistic bugs does a campaign catch?

Each mutant is one small edit to an app's fixed code (a bug a reviewer could miss: a pull written
over a pending edit, an outbox entry removed before the server answers, a page boundary off by
one). For every mutant the script applies the edit in a scratch git worktree of HEAD (your working
tree is never touched), builds simrun in release mode, fuzzes the mutants file's scenarios and
prints which invariants caught it and at which seed. A mutant no scenario catches is a gap in the
workloads or the checkers, or an equivalent mutant (say why in the mutants file).

usage: Scripts/mutation-test.py MUTANTS_FILE [--seeds N] [--size Z] [--only NAME[,NAME]] [--product EXE]
   eg: Scripts/mutation-test.py Scripts/mutants/swisscoin-sync.py --seeds 100
       (from your own package, whose simrun executable is notes-sim:)
       python3 <simrun>/Scripts/mutation-test.py mutants/notes.py --product notes-sim
       (the example, a package inside this repository:)
       Scripts/mutation-test.py Examples/OutboxSync/mutants/notes.py --package Examples/OutboxSync --product notes-sim

It works on the git repository of the current directory, so a team runs it on its own package:
the defects it plants live in a mutants file, never as branches in the app's production code.

A mutants file is Python defining SCENARIOS (catalogue names) and MUTANTS, a list of
(name, path, old text, new text, what the bug is); `old` must occur exactly once in `path`. For a
bug in several places of one file, `old` is a list of (old, new) pairs and `new` is None.
"""
import argparse, json, os, runpy, shutil, subprocess, sys, tempfile

def sh(args, cwd, **kw):
    return subprocess.run(args, cwd=cwd, check=True, text=True, **kw)

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mutants")
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--size", type=int, default=0)
    parser.add_argument("--only", default="")
    parser.add_argument("--product", default="simrun", help="the executable that runs the scenarios (default simrun)")
    parser.add_argument("--package", default=".", help="the package to build, relative to the repository's root (default: the root)")
    args = parser.parse_args()
    spec = runpy.run_path(args.mutants)
    mutants, scenarios = spec["MUTANTS"], spec["SCENARIOS"]
    if args.only:
        wanted = set(args.only.split(","))
        mutants = [m for m in mutants if m[0] in wanted]
    repo = sh(["git", "rev-parse", "--show-toplevel"], os.getcwd(), capture_output=True).stdout.strip()
    scratch = tempfile.mkdtemp(prefix="simrun-mutants-")
    sh(["git", "worktree", "add", "--detach", "-q", scratch, "HEAD"], repo)
    caught = 0
    try:
        print(f"{'mutant':34} {'caught':>9}  first  invariants / what the bug is")
        for name, path, old, new, what in mutants:
            target = os.path.join(scratch, path)
            text = open(target).read()
            # `old` may be a list of (old, new) pairs: one bug edited in several places of `path`.
            edits = old if isinstance(old, list) else [(old, new)]
            if any(text.count(o) != 1 for o, _ in edits):
                print(f"{name:34} {'stale':>9}  -      the mutant's text is not (uniquely) in {path}")
                continue
            for o, n in edits:
                text = text.replace(o, n)
            open(target, "w").write(text)
            package = os.path.join(scratch, args.package)
            build = subprocess.run(["swift", "build", "-c", "release", "--product", args.product], cwd=package,
                                   capture_output=True, text=True)
            if build.returncode != 0:
                print(f"{name:34} {'no build':>9}  -      {build.stdout[-300:]}")
            else:
                failed, runs, first, invariants = 0, 0, None, set()
                for scenario in scenarios:
                    out = subprocess.run([os.path.join(package, ".build/release", args.product), "fuzz", "--scenario", scenario,
                                          "--seeds", str(args.seeds), "--size", str(args.size), "--json"],
                                         cwd=scratch, capture_output=True, text=True)
                    report = json.loads(out.stdout)
                    for s in report["scenarios"]:
                        failed += s["failures"] + s["harness_errors"]
                        runs += s["runs"]
                        if s["first_failing_seed"] is not None:
                            seed = int(s["first_failing_seed"])
                            first = seed if first is None else min(first, seed)
                    for failure in report["failures"]:
                        invariants.update(v.get("invariant", "?") for v in failure.get("violations", []))
                caught += failed > 0
                shown = ",".join(sorted(invariants)) if failed else what
                print(f"{name:34} {failed:>4}/{runs:<4}  {first if first else '-':<5}  {shown}", flush=True)
            sh(["git", "checkout", "-q", "--", path], scratch)
        print(f"{caught} of {len(mutants)} mutants caught ({args.seeds} seeds of {len(scenarios)} scenarios, --size {args.size})")
    finally:
        sh(["git", "worktree", "remove", "--force", scratch], repo)
        shutil.rmtree(scratch, ignore_errors=True)

if __name__ == "__main__":
    main()
