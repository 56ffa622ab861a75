import Foundation

/// One long-lived `psql` client in a subprocess, fed scripts through a pipe. After each script it
/// echoes a sentinel line, so `run` knows where that script's output ends. stderr is merged into
/// stdout: an `ERROR:` line outside a query result is a harness error, not a server answer (the
/// server's answers to requests come back as data, see `PostgresDatabase`).
///
/// Foundation's `Process` is fine here: this runs in a test target, never inside a simulation.
final class PostgresSession {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer: [UInt8] = []
    private static let sentinel = "__SIMRUN_DONE__"

    /// Connects to `database` over the Unix socket in `socketDirectory` as `postgres`.
    init(socketDirectory: String, database: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=0", "-h", socketDirectory, "-U", "postgres", "-d", database,
        ]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    deinit { close() }

    /// Ends the client (its server session rolls back anything open).
    func close() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// Sends `script` and returns its output lines (query results, one per line with `-A -t`).
    func run(_ script: String) throws -> [String] {
        let text = script + "\n\\echo \(Self.sentinel)\n"
        try input.fileHandleForWriting.write(contentsOf: Array(text.utf8))
        var lines: [String] = []
        while true {
            let line = try readLine()
            if line == Self.sentinel { return lines }
            lines.append(line)
        }
    }

    /// Like `run`, but any `ERROR:`/`FATAL:` line from psql is thrown.
    @discardableResult
    func runChecked(_ script: String) throws -> [String] {
        let lines = try run(script)
        if let error = lines.first(where: { $0.contains("ERROR:") || $0.contains("FATAL:") }) {
            throw PostgresSessionError.statementFailed(error, script: String(script.prefix(2000)))
        }
        return lines
    }

    private func readLine() throws -> String {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw PostgresSessionError.clientExited(String(decoding: buffer, as: UTF8.self)) }
            buffer += chunk
        }
    }
}

/// Why a psql exchange failed.
enum PostgresSessionError: Error, CustomStringConvertible {
    case clientExited(String)
    case statementFailed(String, script: String)

    var description: String {
        switch self {
        case .clientExited(let rest): return "psql exited; last output: \(rest)"
        case .statementFailed(let line, let script): return "psql reported \(line)\nscript:\n\(script)"
        }
    }
}
