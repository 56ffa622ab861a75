/// The status of one operation in a history (Jepsen's model): an operation whose request was
/// interrupted — a timeout, a kill — is *indeterminate*, not failed: it may have been applied.
public enum OperationStatus: String, Sendable, Codable {
    case invoked
    case ok
    case failed
    case indeterminate
}

/// One client operation: who invoked what, when, and how it ended.
public struct Operation: Sendable, Codable, Equatable {
    public var id: Int
    /// The device (process) that invoked it.
    public var process: String
    /// What it was (`upsert persons`, `edit transaction 3f2a…`).
    public var name: String
    /// Free-form detail (ids, values), integer-only text.
    public var detail: String
    public var invokedAt: Int64
    public var completedAt: Int64?
    public var status: OperationStatus
}

/// The history of client operations in a run, for checkers that reason about what a client
/// could know (acknowledged edits must survive; indeterminate ones may or may not).
public final class History {
    public private(set) var operations: [Operation] = []

    public init() {}

    /// Records an invocation; returns its id.
    @discardableResult
    public func invoke(process: String, name: String, detail: String = "", at time: Int64) -> Int {
        let id = operations.count
        operations.append(Operation(id: id, process: process, name: name, detail: detail,
                                    invokedAt: time, completedAt: nil, status: .invoked))
        return id
    }

    /// Records how an operation ended.
    public func complete(_ id: Int, _ status: OperationStatus, at time: Int64) {
        precondition(status != .invoked, "completion needs a final status")
        guard operations.indices.contains(id), operations[id].status == .invoked else { return }
        operations[id].status = status
        operations[id].completedAt = time
    }

    /// What a kill does to a process's open operations: they become indeterminate.
    public func interruptAll(process: String, at time: Int64) {
        for index in operations.indices where operations[index].process == process && operations[index].status == .invoked {
            operations[index].status = .indeterminate
            operations[index].completedAt = time
        }
    }

    /// Operations with a given status.
    public func operations(_ status: OperationStatus) -> [Operation] {
        operations.filter { $0.status == status }
    }
}
