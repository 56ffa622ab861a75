/// The status of one operation in a history (Jepsen's model): an operation whose request was
/// interrupted — a timeout, a kill — is *indeterminate*, not failed: it may have been applied.
public enum OperationStatus: String, Sendable, Codable {
    case invoked
    case ok
    case failed
    case indeterminate

    /// Whether the operation may have taken effect: everything but a definite failure (an
    /// operation still open at the end, or cut off, may or may not have landed).
    public var mayHaveTakenEffect: Bool { self != .failed }
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

/// One operation of a history with the typed value its invoker attached (what it asked for) and,
/// when its completion carried one, the typed value it ended with (what it got), so a checker
/// reads what the user did as values, never by parsing `detail`.
public struct HistoryRecord<Payload> {
    public let operation: Operation
    public let payload: Payload
    /// The value the completion carried (`complete(_:_:result:at:)`), if any.
    public let result: (any Sendable)?

    /// The completion's value when it is a `Result`.
    public func result<Result>(as type: Result.Type = Result.self) -> Result? { result as? Result }
}

/// One entry of a history in the order it was recorded: an operation's invocation or its
/// completion (a kill's included). Operations overlap, so this order — not the ids — says which
/// completions came before which invocations, also when they share a virtual instant.
public enum HistoryStep: Sendable, Equatable {
    case invoked(Int)
    case completed(Int)
}

/// The history of client operations in a run, for checkers that reason about what a client
/// could know (acknowledged edits must survive; indeterminate ones may or may not).
///
/// An operation may carry a typed payload (`invoke(process:name:payload:at:)`) and end with a
/// typed result; a checker asks for the operations of one payload type with `records(_:)`, and
/// folds them in recorded order with `steps`. The history is not part of the trace: recording
/// more of it never changes a run.
public final class History {
    public private(set) var operations: [Operation] = []
    /// Invocations and completions in the order they were recorded.
    public private(set) var steps: [HistoryStep] = []
    /// The payload of each operation, by id (nil: invoked without one).
    private var payloads: [(any Sendable)?] = []
    /// The result each completion carried, by id (nil: none, or still open).
    private var results: [(any Sendable)?] = []

    public init() {}

    /// Records an invocation; returns its id.
    @discardableResult
    public func invoke(process: String, name: String, detail: String = "", at time: Int64) -> Int {
        append(process: process, name: name, detail: detail, payload: nil, at: time)
    }

    /// Records an invocation that carries `payload`; returns its id.
    @discardableResult
    public func invoke<Payload: Sendable>(process: String, name: String, payload: Payload, at time: Int64) -> Int {
        append(process: process, name: name, detail: "", payload: payload, at: time)
    }

    private func append(process: String, name: String, detail: String, payload: (any Sendable)?, at time: Int64) -> Int {
        let id = operations.count
        operations.append(Operation(id: id, process: process, name: name, detail: detail,
                                    invokedAt: time, completedAt: nil, status: .invoked))
        payloads.append(payload)
        results.append(nil)
        steps.append(.invoked(id))
        assert(payloads.count == operations.count && results.count == operations.count, "one payload and result slot per operation")
        return id
    }

    /// Every operation whose payload is a `Payload`, with it, in invocation order.
    public func records<Payload>(_ type: Payload.Type = Payload.self) -> [HistoryRecord<Payload>] {
        operations.indices.compactMap { id in
            (payloads[id] as? Payload).map { HistoryRecord(operation: operations[id], payload: $0, result: results[id]) }
        }
    }

    /// Records how an operation ended (a no-op when it has already ended).
    public func complete(_ id: Int, _ status: OperationStatus, at time: Int64) {
        end(id, status, result: nil, at: time)
    }

    /// Records how an operation ended and the value it ended with.
    public func complete<Result: Sendable>(_ id: Int, _ status: OperationStatus, result: Result, at time: Int64) {
        end(id, status, result: result, at: time)
    }

    private func end(_ id: Int, _ status: OperationStatus, result: (any Sendable)?, at time: Int64) {
        precondition(status != .invoked, "completion needs a final status")
        guard operations.indices.contains(id), operations[id].status == .invoked else { return }
        operations[id].status = status
        operations[id].completedAt = time
        results[id] = result
        steps.append(.completed(id))
    }

    /// What a kill does to a process's open operations: they become indeterminate.
    public func interruptAll(process: String, at time: Int64) {
        for index in operations.indices where operations[index].process == process && operations[index].status == .invoked {
            end(index, .indeterminate, result: nil, at: time)
        }
    }

    /// Operations with a given status.
    public func operations(_ status: OperationStatus) -> [Operation] {
        operations.filter { $0.status == status }
    }
}
