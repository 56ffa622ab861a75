import Foundation
import SimHarness

/// simrun's command line as a library: a team's own executable target gets `run`, `list`,
/// `fuzz`, `shrink`, `replay`, `check-determinism`, `bench` and `defects` for its own apps' scenarios with
///
/// ```swift
/// import SimrunCLI
/// SimrunCommand.main(apps: [MyApp.definition])
/// ```
///
/// Dispatches to one file per command, turns bad input into one line on stderr and exit 2, and
/// exits with the command's code. See `HelpText` for usage and exit codes.
public enum SimrunCommand {
    /// Runs the command line on `CommandLine.arguments` against `apps` and exits the process.
    /// `benchmarks` adds sections to `simrun bench` (after the kernel and scenario sections).
    /// Repro commands name the executable as it was invoked (its file name: `simrun`, `notes-sim`).
    public static func main(apps: [AppDefinition], benchmarks: [SimrunBenchmark] = []) -> Never {
        let invoked = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "simrun"
        AppCatalog.configure(apps: apps, benchmarks: benchmarks, commandName: invoked.isEmpty ? "simrun" : invoked)
        let code = simrunMain(Array(CommandLine.arguments.dropFirst()))
        exit(code.rawValue)
    }
}

/// Runs the command line and returns the exit code.
func simrunMain(_ arguments: [String]) -> ExitCode {
    let commands = ["run", "list", "fuzz", "check-determinism", "shrink", "replay", "bench", "defects", "help"]
    do {
        guard let first = arguments.first else {
            Console.out(HelpText.general)
            return .passed
        }
        if ["help", "--help", "-h"].contains(first) { return try help(Array(arguments.dropFirst())) }
        if first.hasPrefix("-") { return try dispatch("run", arguments) }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") { return try help([first]) }
        guard commands.contains(first) || first == "seeds" else {
            throw Suggest.unknown("command", first, known: commands)
        }
        return try dispatch(first, rest)
    } catch let error as UsageError {
        Console.err("simrun: \(error.message)")
        return .badInput
    } catch {
        Console.err("simrun: \(error)")
        return .harnessError
    }
}

func dispatch(_ command: String, _ rest: [String]) throws -> ExitCode {
    if rest.contains("--help") || rest.contains("-h") { return try help([command]) }
    switch command {
    case "run": return try RunCommand.main(rest)
    case "list": return try ListCommand.main(rest)
    case "fuzz": return try FuzzCommand.main(rest)
    case "check-determinism": return try CheckDeterminismCommand.main(rest)
    case "shrink": return try ShrinkCommand.main(rest)
    case "replay": return try ReplayCommand.main(rest)
    case "bench": return try BenchCommand.main(rest)
    case "seeds": return try SeedsCommand.main(rest)
    case "defects": return try DefectsCommand.main(rest)
    default: throw UsageError("unknown command '\(command)'")
    }
}

func help(_ rest: [String]) throws -> ExitCode {
    guard let name = rest.first else {
        Console.out(HelpText.general)
        return .passed
    }
    guard rest.count == 1, let text = HelpText.forCommand(name) else {
        throw Suggest.unknown("command", rest.first!, known: ["run", "list", "fuzz", "check-determinism", "shrink", "replay", "bench", "defects"])
    }
    Console.out(text)
    return .passed
}
