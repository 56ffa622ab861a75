#!/usr/bin/env python3
"""Runs the shell commands of a README's code blocks, as written, in a given directory.

usage: readme-commands.py README.md DIRECTORY [--skip COMMAND]...

A block is run when it has no language (or sh/bash/shell); its commands are the lines that
start with `simrun` or `swift` (after optional VAR=value assignments), so a layout listing or an
output sample in a plain block is not run. In a block whose lines start with
"$ ", only those lines are commands (the rest is output). A trailing "# comment" is dropped.
Each command must exit 0, or 1 (an invariant failed: several commands demonstrate a failing
seed); 2 (bad input), 3 (harness error) or anything else fails the check. Files a command leaves
in DIRECTORY that were not there before are removed afterwards (outputs such as junit.xml)."""
import os, re, subprocess, sys, time

def commands(text):
    for info, body in re.findall(r"```([^\n]*)\n(.*?)```", text, re.S):
        if info.strip() not in ("", "sh", "bash", "shell"):
            continue
        lines = [line for line in body.splitlines() if line.strip()]
        prompted = any(line.startswith("$ ") for line in lines)
        for line in lines:
            if prompted:
                if not line.startswith("$ "):
                    continue
                line = line[2:]
            line = re.sub(r"\s+#\s.*$", "", line).strip()
            if re.match(r"^([A-Z_]+=\S+\s+)*(simrun|swift)\s", line):
                yield line

def untracked(directory):
    found = set()
    for root, dirs, files in os.walk(directory):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        found.update(os.path.join(root, f) for f in files)
    return found

def main():
    readme, directory = sys.argv[1], sys.argv[2]
    skips = [sys.argv[i + 1] for i, arg in enumerate(sys.argv) if arg == "--skip"]
    before = untracked(directory)
    created_dirs = set()
    failures = ran = 0
    for command in commands(open(readme, encoding="utf-8").read()):
        if command in skips:
            print(f"== skip (run elsewhere in CI): {command}", flush=True)
            continue
        start = time.time()
        result = subprocess.run(["bash", "-c", command], cwd=directory, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, timeout=900)
        ran += 1
        verdict = "ok" if result.returncode in (0, 1) else "FAILED"
        print(f"== {verdict} (exit {result.returncode}, {time.time() - start:.0f} s): {command}", flush=True)
        if verdict != "ok":
            failures += 1
            print(result.stdout.decode(errors="replace")[-3000:], flush=True)
    for path in sorted(untracked(directory) - before):
        os.remove(path)
        created_dirs.add(os.path.dirname(path))
    for path in sorted(created_dirs, key=len, reverse=True):
        if os.path.isdir(path) and not os.listdir(path):
            os.rmdir(path)
    print(f"readme commands: {ran - failures} passed, {failures} failed")
    sys.exit(1 if failures or ran == 0 else 0)

main()
