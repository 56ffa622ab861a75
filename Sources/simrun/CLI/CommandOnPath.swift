import Foundation

/// Whether the repro commands simrun prints run as printed: they name the executable bare
/// (`simrun --seed 42 …`), which a shell finds only when it is on `PATH`. When it is not (a
/// newcomer who ran `swift run simrun`), a failure report says how to run it instead.
enum CommandOnPath {
    /// Whether `name` is an executable file in one of `path`'s directories.
    static func found(_ name: String, path: String?) -> Bool {
        guard let path else { return false }
        return path.split(separator: ":").contains { directory in
            FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)")
        }
    }

    /// The line a report adds under its repro command when `name` is not on `PATH` (nil: it is).
    static func hint(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        guard !found(name, path: path) else { return nil }
        return "  (\(name) is not on your PATH: in its package, run it as `swift run \(name) …`, "
            + "or install it with `swift build -c release && cp .build/release/\(name) /usr/local/bin/`)"
    }
}
