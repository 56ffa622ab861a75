/// Usage text: `simrun help`, `--help`, `-h`, `simrun <command> --help`.
enum HelpText {
    static let exitCodes = """
    Exit codes:
      0  every run passed
      1  a run failed an invariant (safety or liveness violation)
      2  bad input (unknown command, flag, app, scenario or variant; malformed value; bad replay file)
      3  harness error (an escape or stall, a determinism divergence)
    """

    static let general = """
    simrun — deterministic simulation of data migrations and sync engines

    Usage:
      simrun [run] --seed S --scenario NAME [options]   run one seed
      simrun list [--json]                              apps, scenarios, variants and defects
      simrun fuzz [options]                             run many seeds, summarise failures
      simrun check-determinism --seed S --scenario NAME run a seed twice in child processes
      simrun shrink --seed S --scenario NAME            minimise a failing run into a replay file
      simrun replay FILE                                re-run a replay file exactly
      simrun bench [--json] [--quick] [--only LIST]     kernel and scenario throughput
      simrun defects [--app NAME] [--write]             measure each app's defect table (README)
      simrun help [COMMAND]                             this text, or a command's

    Examples:
      simrun list
      simrun --seed 42 --scenario interrupted-upload
      simrun --seed 0x2a --scenario swisscoin/interrupted-upload --variant split-fresh-uuid --trace
      simrun fuzz --scenario all --seeds 1000 --jobs 2
      simrun shrink --seed 17 --scenario swisscoin/lost-response --variant as-written
      simrun replay replays/swisscoin-lost-response-17.json --timeline timeline.md

    Seeds are 64-bit: decimal (42) or hex (0x2a).

    """ + exitCodes

    static let run = """
    simrun [run] --seed S --scenario NAME [--app A] [--variant V] [--size N] [--policy fifo|random]
                 [--trace] [--trace-out FILE] [--json]

    Runs one seed and prints the derived fault plan, the outcome, the invariants checked, virtual
    time, events, wall time and the trace hash. On a failure: the invariant, the entities with
    expected and actual values, the devices' last trace records and the command that reproduces it.

      --scenario NAME   a scenario name (run for every app that has it) or app/name
      --app A           pick one app
      --variant V       a variant, or defect names joined with + (default: the app's default)
      --size N          dataset size: 0 small (8 people, 40 transactions), 1 default
                        (30 people, 300 transactions), N = default × N (max 100: ~10 MB a unit)
      --policy P        ready-queue policy: random (default) or fifo
      --trace           print every trace record
      --trace-out FILE  write the trace as JSON Lines
      --json            one JSON document on stdout (with --trace: its "trace" field)

    Examples:
      simrun --seed 42 --scenario interrupted-upload
      simrun run --seed 0xdeadbeef --scenario swisscoin/lost-response --variant as-written --json

    """ + exitCodes

    static let list = """
    simrun list [--json]

    Lists every app with its scenarios (one line each: what it does, what it checks), its variants
    and its defects with their bug ids.

    """ + exitCodes

    static let fuzz = """
    simrun fuzz [--scenario NAME|all] [--app A] [--variant V]
                [--seeds N | --from A --to B | --time-budget 10m] [--jobs J] [--shard i/n]
                [--size N] [--policy P] [--json] [--junit FILE] [--require-coverage]

    Runs many seeds of every selected scenario (default: all scenarios, --seeds 100 from seed 1)
    and prints a summary per scenario and the repro command of every failure.

      --seeds N          N seeds starting at --from (default 1)
      --from A --to B    the inclusive seed range A…B
      --time-budget T    keep going until T has passed (90s, 10m, 2h)
      --jobs J           J worker threads (default 1); results are reported in seed order
      --shard i/n        take positions p of the range with p % n == i-1 (1 ≤ i ≤ n)
      --json             one JSON document on stdout
      --junit FILE       write JUnit XML (the path is checked before the campaign starts)
      --require-coverage fail when a scenario declares a coverage mark no run reached

    After the table, each scenario's coverage marks with how many runs reached them, and the
    marks it declares that no run reached. SIGINT or SIGTERM (or the end of --time-budget) stops
    the campaign cleanly: the runs in flight finish, the summary, JSON and JUnit are written, and
    the output says which seeds ran and the --from that resumes. A second signal exits at once.

    Examples:
      simrun fuzz --seeds 1000 --jobs 2
      simrun fuzz --scenario swisscoin/interrupted-upload --variant as-written --from 1 --to 5000 --shard 1/4

    """ + exitCodes

    static let checkDeterminism = """
    simrun check-determinism --seed S --scenario NAME [--app A] [--variant V] [--size N] [--policy P] [--json]

    Runs the seed in two separate child processes and compares their trace hashes. On a mismatch
    prints the first divergent trace record of each side and exits 3.

    Example:
      simrun check-determinism --seed 42 --scenario swisscoin/interrupted-upload

    """ + exitCodes

    static let shrink = """
    simrun shrink --seed S --scenario NAME [--app A] [--variant V] [--size N] [--policy P]
                  [--out FILE] [--max-runs N] [--max-choice-runs N]

    Minimises a failing run while it still fails with the first violation's signature (invariant,
    entity kind, location), so it never drifts to another bug that breaks the same invariant:
      1. removes injected faults (halves, quarters, … single faults; scripted kills, offline
         windows and account switches too), at most --max-runs re-runs (default 300);
      2. reduces the whole run through its choice sequence (every random draw: dataset, workload,
         devices' actions, latencies, scheduling): empties streams, cuts and deletes blocks, zeroes
         blocks, lowers values, sorts neighbours; a draw past the end takes its simplest value;
         at most --max-choice-runs re-runs (default 400; 0: faults only); then drops the faults
         the reduced run no longer needs.
    Prints events, requests, actions and faults before → after, writes a replay file (default
    replays/<app>-<scenario>-<seed>.json: the faults and the reduced choices) and prints the
    minimal timeline.

    Example:
      simrun shrink --seed 17 --scenario swisscoin/lost-response --variant as-written

    """ + exitCodes

    static let replay = """
    simrun replay FILE [--timeline FILE.md] [--trace] [--json]

    Re-runs a replay file exactly (seed, fault schedule, choice sequence, size, policy) and says whether the outcome
    matches the one recorded. Warns when the file was written at another commit of simrun. A
    scheduled fault the run never reaches (a device or request that does not exist) is bad input.

      --timeline FILE.md  write the run as a Mermaid sequence diagram

    Example:
      simrun replay replays/swisscoin-lost-response-17.json --timeline timeline.md

    """ + exitCodes

    static let bench = """
    simrun bench [--json] [--quick] [--only LIST] [--app NAME] [--scenario NAME] [--sizes LIST] [--seeds N]
    simrun bench --compare OLD_SIMRUN [--app NAME] [--scenario NAME] [--size N] [--seeds N] [--rounds N]

    Kernel figures: timer heap events/s, executor hops/s, a 10,000-request simulated upload with
    ~5 % faults (median of 5), memory across 1,000 and 10,000 seeds in one process, per-scenario
    throughput, and merging two Minuta CRDT documents of 10,000 operations each. --quick shrinks
    every size (for tests). Use a release build for real figures.
    --only picks sections, comma-separated: heap, executor, upload, memory, scenarios, scaling, and
    the extra sections of this build (crdt) (e.g. --only heap,executor).

    --scenario NAME (or app/NAME) limits the scaling table and the comparison to the scenarios of
    that name (one per app that has it; all: every scenario).

    Scaling (--only scaling): CPU seconds per seed of every scenario (or --app's) at each of
    --sizes (default 1,2,4,8; the first is the base of the ratios), --seeds per size (default 3),
    and the ratio to the first size, against the target: size 4 at most 4.5 x, size 8 at most
    9.5 x size 1. "work" is the growth of kernel events per seed (requests, timers, task hops)
    from the first size to the last: above the size ratio, the app itself makes more than linear
    calls (a request that carries more rows counts once). "cpu/work" is the CPU ratio over the
    work ratio (flat at 1.3 or less, else STEEP); a scenario whose work grows past 9.5 x from
    size 1 to 8 gets a line saying the app makes superlinear requests (its own growth).
      simrun bench --only scaling --app swisscoin --sizes 1,4,8 --seeds 2

    Comparison (--compare OLD_SIMRUN): runs an older simrun binary and this one alternately on the
    same seeds (--rounds rounds of old, new, new, old; default 2), each scenario at --size
    (default 1) with --seeds seeds (default 3), and prints the median CPU time of each and the ratio
    new / old (below 1: faster). A scenario the older binary lacks is listed as not compared.
      simrun bench --compare ./simrun-old --app swisscoin --seeds 3

    """ + exitCodes

    static let defects = """
    simrun defects [--app NAME] [--write] [--root DIR]

    Measures each app's defect table: every defect the app declares a catch for is run alone on its
    declared scenario, seed after seed from 1 at the declared size, until a run fails; the table
    gives the first failing seed and the invariants it broke (defects no scenario catches are listed
    with their reason). Prints the markdown, or with --write replaces the table between the
    defect-table markers in each app's README (paths relative to --root, default the current
    directory). The defect-catch matrix test measures the same and fails when a README differs, and
    it runs a debug build: write the tables with `swift run simrun defects --write` (seeds of apps
    that call actors differ between debug and release). Exit 1 when a declared catch did not fail.

    """ + exitCodes

    /// The text for a command name, or nil for an unknown one.
    static func forCommand(_ name: String) -> String? {
        switch name {
        case "run": return run
        case "list": return list
        case "fuzz": return fuzz
        case "check-determinism": return checkDeterminism
        case "shrink": return shrink
        case "replay": return replay
        case "bench": return bench
        case "defects": return defects
        case "help": return general
        default: return nil
        }
    }
}
