import SimCore

/// One operation of an `OperationLedger`: the action the harness handed to a device's app, in
/// which epoch, and how it ended (the app's answer, a kill's cut, or still open).
public struct LedgerEntry<Action: Sendable>: Sendable {
    /// The operation's id in the history: ids follow invocation order, so they also order one
    /// device's operations.
    public var id: Int
    /// The device (process) whose app was handed the action.
    public var device: String
    public var action: Action
    public var epoch: Int
    public var status: OperationStatus
    /// The value its completion carried (`complete(_:_:result:)`), if any.
    public var result: (any Sendable)?
    /// When it was handed over and when it ended (virtual ns; nil: still open).
    public var invokedAt: Int64
    public var completedAt: Int64?

    public init(id: Int, device: String, action: Action, epoch: Int = 0, status: OperationStatus = .invoked,
                result: (any Sendable)? = nil, invokedAt: Int64 = 0, completedAt: Int64? = nil) {
        (self.id, self.device, self.action, self.epoch, self.status) = (id, device, action, epoch, status)
        (self.result, self.invokedAt, self.completedAt) = (result, invokedAt, completedAt)
    }

    /// The completion's value when it is a `Result`.
    public func result<Result>(as type: Result.Type = Result.self) -> Result? { result as? Result }

    /// The app acknowledged it to the user: it must survive.
    public var isAcknowledged: Bool { status == .ok }
    /// Acknowledged, or possibly applied (open, cut off, or answered with an error that may
    /// follow a write): everything but a definite failure.
    public var mayHaveLanded: Bool { status.mayHaveTakenEffect }
    /// Neither acknowledged nor known not to have happened.
    public var isUnresolved: Bool { status == .invoked || status == .indeterminate }

    /// Whether `self` certainly happened before `other` began: an earlier epoch, or earlier on the
    /// same device.
    public func precedes<Other>(_ other: LedgerEntry<Other>) -> Bool {
        epoch < other.epoch || (device == other.device && id < other.id)
    }

    /// Neither precedes the other.
    public func isConcurrent<Other>(with other: LedgerEntry<Other>) -> Bool { !precedes(other) && !other.precedes(self) }
}

/// The operations of one action vocabulary in a run, read from SimCore's `History` (Jepsen's
/// model): per device, in order, with the epoch each was handed over in and how each ended —
/// acknowledged, failed, or indeterminate. Every app records its users' actions with
/// `DeviceContext.begin(_:_:epoch:)` and its checkers read them here; the generic checks
/// (`WriteExpectations`, `NoLossCheck.diffs(_:expect:…)`, `NoLostUpdateCheck`) fold it against the
/// app's snapshot. The history is not part of the trace: recording more of it never changes a run.
public struct OperationLedger<Action: Sendable>: Sendable {
    /// How one recorded step of the ledger reads: an operation handed over, or one ending.
    public enum Step: Sendable {
        case invoked(LedgerEntry<Action>)
        case completed(LedgerEntry<Action>)
    }

    /// Every operation, in invocation order, as it stands at the end of the run.
    public private(set) var entries: [LedgerEntry<Action>]
    /// Invocations and completions in the order they were recorded (operations overlap, so this
    /// order — not the ids — says which completions came before which invocations).
    public private(set) var steps: [Step]

    /// The operations whose payload is a `LedgerPayload<Action>`.
    public init(history: History) {
        let records = history.records(LedgerPayload<Action>.self)
        let entries = records.map { record in
            let operation = record.operation
            return LedgerEntry(id: operation.id, device: operation.process, action: record.payload.action,
                               epoch: record.payload.epoch, status: operation.status, result: record.result,
                               invokedAt: operation.invokedAt, completedAt: operation.completedAt)
        }
        var position: [Int: Int] = [:]  // looked up only, never iterated
        for (index, entry) in entries.enumerated() { position[entry.id] = index }
        self.entries = entries
        steps = history.steps.compactMap { step in
            switch step {
            case .invoked(let id): position[id].map { .invoked(entries[$0]) }
            case .completed(let id): position[id].map { .completed(entries[$0]) }
            }
        }
    }

    /// A ledger of the given entries, each invoked and then completed in order (tests build
    /// ledgers this way).
    public init(entries: [LedgerEntry<Action>]) {
        self.entries = entries
        steps = entries.flatMap { entry in entry.status == .invoked ? [.invoked(entry)] : [.invoked(entry), .completed(entry)] }
    }

    /// The operations handed to one device's app, in order.
    public func entries(on device: String) -> [LedgerEntry<Action>] { entries.filter { $0.device == device } }

    /// The operations the apps acknowledged, in invocation order.
    public var acknowledged: [LedgerEntry<Action>] { entries.filter(\.isAcknowledged) }
}

/// A ledger reads as its entries, in invocation order.
extension OperationLedger: RandomAccessCollection {
    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> LedgerEntry<Action> { entries[position] }
}
