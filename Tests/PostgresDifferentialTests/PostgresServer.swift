import Foundation
import XCTest

/// How the tests find the PostgreSQL server `Scripts/postgres-test.sh` starts, and their settings.
enum PostgresServer {
    /// The directory of the server's Unix socket, or an `XCTSkip` with one clear line.
    static func socketDirectory() throws -> String {
        guard let directory = ProcessInfo.processInfo.environment["SIMRUN_PG_SOCKET_DIR"], !directory.isEmpty else {
            throw XCTSkip("PostgreSQL differential skipped: SIMRUN_PG_SOCKET_DIR is not set (run Scripts/postgres-test.sh)")
        }
        return directory
    }

    /// An integer setting from the environment, or `value`.
    static func setting(_ name: String, default value: UInt64) -> UInt64 {
        ProcessInfo.processInfo.environment[name].flatMap { UInt64($0) } ?? value
    }
}
