#!/usr/bin/env python3
"""Checks every GitHub Actions workflow in .github/workflows: it parses as YAML (PyYAML), has the
shape Actions needs (on, jobs with runs-on and steps, each step a `uses` or a `run`), every cron
has five fields, and the README's copy of the nightly workflow is byte-identical to the file."""
import glob, re, sys
import yaml

def fail(message):
    print(f"workflow check: {message}", file=sys.stderr)
    sys.exit(1)

files = sorted(glob.glob(".github/workflows/*.yml")) + sorted(glob.glob(".github/workflows/*.yaml"))
if not files:
    fail("no workflow in .github/workflows")
for path in files:
    text = open(path, encoding="utf-8").read()
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as error:
        fail(f"{path} does not parse: {error}")
    triggers = doc.get("on", doc.get(True))  # YAML 1.1 reads a bare `on` key as true
    if not isinstance(triggers, dict) or not triggers:
        fail(f"{path}: 'on' must map events to their settings")
    for entry in (triggers.get("schedule") or []):
        if len(str(entry.get("cron", "")).split()) != 5:
            fail(f"{path}: cron '{entry.get('cron')}' needs five fields")
    jobs = doc.get("jobs")
    if not isinstance(jobs, dict) or not jobs:
        fail(f"{path}: no jobs")
    for name, job in jobs.items():
        if "runs-on" not in job or not isinstance(job.get("steps"), list) or not job["steps"]:
            fail(f"{path}: job {name} needs runs-on and a list of steps")
        for index, step in enumerate(job["steps"]):
            if not isinstance(step, dict) or ("uses" in step) == ("run" in step):
                fail(f"{path}: job {name} step {index + 1} needs exactly one of uses / run")
    print(f"workflow check: {path} parses, {len(jobs)} job(s)")

readme = open("README.md", encoding="utf-8").read()
blocks = re.findall(r"```yaml\n(.*?)```", readme, re.S)
nightly = open(".github/workflows/simrun-nightly.yml", encoding="utf-8").read()
if nightly not in blocks:
    fail("README.md's yaml block differs from .github/workflows/simrun-nightly.yml")
print("workflow check: README.md's copy is identical")
