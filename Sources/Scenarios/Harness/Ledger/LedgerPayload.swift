import SimCore

/// What the harness writes into the run's `History` when it hands an action to an app: the action
/// and the epoch it was handed over in (sync barriers passed so far: every operation of an earlier
/// epoch had reached every device before this one began). An `OperationLedger` reads these back.
public struct LedgerPayload<Action: Sendable>: Sendable {
    public var action: Action
    public var epoch: Int

    public init(_ action: Action, epoch: Int) {
        self.action = action
        self.epoch = epoch
    }
}

extension DeviceContext {
    /// Records, in the run's history, that the harness handed `action` to this device's app in
    /// `epoch`; returns the operation's id. End it with `complete(_:_:)`: `ok` when the app
    /// acknowledged it to the user, `failed` when it certainly did not happen, `indeterminate`
    /// when it may have (a kill does that to every open operation of the device).
    public func begin<Action: Sendable>(_ name: String, _ action: Action, epoch: Int = 0) -> Int {
        invoke(name, payload: LedgerPayload(action, epoch: epoch))
    }
}

extension DeviceContext {
    /// Records an operation the app has already answered (a save it shows, a push the server
    /// answered): begun and acknowledged at once. Returns its id.
    @discardableResult
    public func observe<Action: Sendable>(_ name: String, _ action: Action, epoch: Int = 0) -> Int {
        let id = begin(name, action, epoch: epoch)
        complete(id, .ok)
        return id
    }
}

extension History {
    /// Records, for `process`, an operation begun and acknowledged at `time` (what a stage or a
    /// test notes without a device context). Returns its id.
    @discardableResult
    public func observe<Action: Sendable>(process: String, _ name: String, _ action: Action, epoch: Int = 0, at time: Int64) -> Int {
        let id = invoke(process: process, name: name, payload: LedgerPayload(action, epoch: epoch), at: time)
        complete(id, .ok, at: time)
        return id
    }
}
