import Foundation
import XCTest

/// The built `simrun` executable, driven as a user would: spawn it, collect stdout, stderr and
/// the exit code. It sits next to the test bundle (`.build/debug/simrun`).
struct SimrunProcess {
    struct Result {
        let code: Int32
        let stdout: String
        let stderr: String
    }

    static var executable: URL {
        let bundleDirectory = Bundle.main.bundleURL.deletingLastPathComponent()
        let candidates = [
            bundleDirectory.appendingPathComponent("simrun"),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("simrun"),
            Bundle(for: Marker.self).bundleURL.deletingLastPathComponent().appendingPathComponent("simrun"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    private final class Marker {}

    /// Runs `simrun` with `arguments`; `selfTest` exposes the hidden selftest app.
    static func run(_ arguments: [String], selfTest: Bool = false, in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SIMRUN_SELFTEST"] = selfTest ? "1" : nil
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes before waiting, so a large output never blocks the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(code: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("simrun-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Asserts a bad-input failure: exit 2, one line on stderr containing `fragment`, no stack trace.
func assertBadInput(_ arguments: [String], mentions fragment: String, selfTest: Bool = false,
                    file: StaticString = #filePath, line: UInt = #line) throws {
    let result = try SimrunProcess.run(arguments, selfTest: selfTest)
    XCTAssertEqual(result.code, 2, "\(arguments): \(result.stderr)", file: file, line: line)
    let lines = result.stderr.split(separator: "\n")
    XCTAssertEqual(lines.count, 1, "one line on stderr for \(arguments): \(result.stderr)", file: file, line: line)
    XCTAssertTrue(result.stderr.contains(fragment), "\(arguments): expected '\(fragment)' in \(result.stderr)", file: file, line: line)
}
