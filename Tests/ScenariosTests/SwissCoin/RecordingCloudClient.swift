import Foundation
import SimCore
import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin

/// Test double: records every call and answers success (not a fake cloud: no tables, no rules).
/// `calculate-balance` answers from `balances` (person id → currency → decimal string).
final class RecordingCloudClient: CloudClient {
    struct Call: Equatable {
        let kind: String
        let table: String
        let rows: [CloudRow]
        let onConflict: String?
        let ignoreDuplicates: Bool
    }
    var calls: [Call] = []
    var session: CloudSession?
    var balances: [String: [String: String]] = [:]

    init(userId: String?) { session = userId.map(CloudSession.init(userId:)) }

    func upsert(table: String, rows: [CloudRow], onConflict: String?, ignoreDuplicates: Bool) async throws -> [CloudRow] {
        calls.append(Call(kind: "upsert", table: table, rows: rows, onConflict: onConflict, ignoreDuplicates: ignoreDuplicates))
        return rows
    }
    func insert(table: String, rows: [CloudRow]) async throws -> [CloudRow] {
        calls.append(Call(kind: "insert", table: table, rows: rows, onConflict: nil, ignoreDuplicates: false))
        return rows
    }
    func select(table: String, filters: [CloudFilter], orderBy: String?, limit: Int?) async throws -> [CloudRow] {
        calls.append(Call(kind: "select", table: table, rows: [], onConflict: nil, ignoreDuplicates: false))
        return []
    }
    func update(table: String, values: CloudRow, filters: [CloudFilter]) async throws -> [CloudRow] {
        calls.append(Call(kind: "update", table: table, rows: [values], onConflict: nil, ignoreDuplicates: false))
        return [values]
    }
    func delete(table: String, filters: [CloudFilter]) async throws -> [CloudRow] { [] }
    func invoke(function: String, body: JSONValue) async throws -> JSONValue {
        calls.append(Call(kind: "invoke", table: function, rows: [body.objectValue ?? [:]], onConflict: nil, ignoreDuplicates: false))
        let id = body["person_id"]?.stringValue ?? ""
        var fields: [String: JSONValue] = [:]
        for (code, text) in balances[id] ?? [:] { fields[code] = .string(text) }
        return ["balances": .object(fields), "is_settled": .bool(fields.isEmpty)]
    }
    func upload(bucket: String, path: String, data: Data, upsert: Bool) async throws -> String {
        calls.append(Call(kind: "upload", table: bucket + "/" + path, rows: [], onConflict: nil, ignoreDuplicates: upsert))
        return path
    }
    func signIn(email: String, password: String) async throws -> String { session?.userId ?? "" }
    func signOut() async throws { session = nil }
    func currentSession() async -> CloudSession? { session }

    var upserts: [Call] { calls.filter { $0.kind == "upsert" } }
}

/// In-memory file store (atomic by construction).
final class MemoryFiles: LocalFileStore, @unchecked Sendable {
    var files: [String: Data] = [:]
    func read(path: String) throws -> Data? { files[path] }
    func write(path: String, data: Data) throws { files[path] = data }
    func remove(path: String) throws { files[path] = nil }
}

/// In-memory file store that keeps a deferred write's maker and makes its bytes on first read,
/// counting how often it did.
final class DeferringMemoryFiles: DeferringFileStore, @unchecked Sendable {
    final class Deferred {
        let make: () -> Data
        var made: Data?
        init(_ make: @escaping () -> Data) { self.make = make }
    }
    var files: [String: Data] = [:]
    /// The path's deferred write, while it is the file's content.
    var deferred: [String: Deferred] = [:]
    var made = 0
    func read(path: String) throws -> Data? {
        guard let pending = deferred[path] else { return files[path] }
        if pending.made == nil { pending.made = pending.make(); made += 1 }
        return pending.made
    }
    func write(path: String, data: Data) throws { files[path] = data; deferred[path] = nil }
    func remove(path: String) throws { files[path] = nil; deferred[path] = nil }
    func write(path: String, deferring make: @escaping () -> Data) throws -> AnyObject {
        let pending = Deferred(make)
        deferred[path] = pending
        return pending
    }
    func holds(_ token: AnyObject, at path: String) -> Bool { deferred[path] === token }
}

/// In-memory defaults that keep a separate "durable" copy updated by `synchronize`.
final class MemoryDefaults: KeyValueStore, @unchecked Sendable {
    var memory: [String: JSONValue] = [:]
    var durable: [String: JSONValue] = [:]
    func value(forKey key: String) -> JSONValue? { memory[key] }
    func set(_ value: JSONValue?, forKey key: String) { memory[key] = value }
    func synchronize() -> Bool { durable = memory; return true }
}

struct FixedClock: WallClock {
    var nowMilliseconds: Int64 = 1_748_736_000_000
    var utcOffsetSeconds = 0
}

final class CountingIDs: IDGenerator, @unchecked Sendable {
    var next = 0
    func uuid() -> String {
        next += 1
        return String(format: "00000000-0000-4000-8000-%012d", next)
    }
}
