import Foundation

/// Where a replay file was made: the compiler and the build configuration (fixed at compile
/// time) and the git commit.
enum BuildInfo {
    /// `debug` or `release`. A seed replays exactly under the same configuration; across them, code
    /// that calls actors may take a different number of executor hops (the optimiser removes some),
    /// and every job is a scheduling step and an await point a kill may land on, so the run can
    /// differ (the simulated apps that use actors — Minuta's storage services — do; the others
    /// give the same trace hash in both).
    static var configuration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    static var toolchain: String {
        #if compiler(>=6.4)
        return "swift-6.4+"
        #elseif compiler(>=6.3)
        return "swift-6.3"
        #elseif compiler(>=6.2)
        return "swift-6.2"
        #else
        return "swift-older-than-6.2"
        #endif
    }

    /// The commit of the simrun sources this executable was built from: `git rev-parse --short
    /// HEAD` in the directory of this very source file (fixed at compile time by `#filePath`), not
    /// in whatever directory the command runs from; "unknown" when that checkout is gone or is not
    /// a git repository (a copied binary).
    static var commit: String { commit(of: URL(fileURLWithPath: #filePath).deletingLastPathComponent()) }

    /// The commit of the package the command runs in (`git rev-parse --short HEAD` in the current
    /// directory): a team's own app, whose code a replay also depends on; "unknown" outside a git
    /// repository.
    static var workingCommit: String { commit(of: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) }

    /// `git rev-parse --short HEAD` in `directory`, or "unknown".
    static func commit(of directory: URL) -> String {
        guard FileManager.default.fileExists(atPath: directory.path) else { return "unknown" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.currentDirectoryURL = directory
        process.arguments = ["git", "rev-parse", "--short", "HEAD"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return "unknown" }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !text.isEmpty ? text : "unknown"
    }
}
