/// Something suspended in the simulator (a sleep, a network call, a wait for a device to stop)
/// that teardown can abandon, and that may own one timer (a sleep's deadline, a call's timeout).
///
/// A waiter is settled once it has resumed its task. A timer it owns is then dead: the loop drops
/// it unfired (lazy cancellation) instead of advancing time to it, and the heap sheds dead timers
/// in bulk when they outnumber the live ones. Subclasses override `abandon` and, when they
/// schedule a timer with `Simulator.schedule(at:slot:expiring:)`, `expire`.
class SimWaiter {
    /// True once the waiter has resumed its task (by its timer, an answer, cancellation or teardown).
    @exclusivity(unchecked) final private(set) var isSettled = false
    /// True while a timer of this waiter is in the heap.
    @exclusivity(unchecked) final var hasPendingTimer = false
    /// Links of the simulator's list of registered waiters (registration order).
    @exclusivity(unchecked) final var nextWaiter: SimWaiter?
    @exclusivity(unchecked) final unowned(unsafe) var previousWaiter: SimWaiter?
    @exclusivity(unchecked) final var isRegistered = false

    /// Resumes the suspended task with cancellation.
    func abandon() { preconditionFailure("\(type(of: self)) must override abandon") }

    /// Called when the waiter's timer fires (only while it is unsettled).
    func expire() { preconditionFailure("\(type(of: self)) scheduled a timer without overriding expire") }

    /// Marks the waiter settled; returns true the first time only.
    final func settle() -> Bool {
        if isSettled { return false }
        isSettled = true
        return true
    }
}

/// The registered waiters in registration order: an intrusive doubly linked list, so a call
/// registers and unregisters without hashing or allocating. Teardown abandons them front to back.
struct WaiterList {
    private(set) var first: SimWaiter?
    private unowned(unsafe) var last: SimWaiter?
    private(set) var count = 0

    mutating func append(_ waiter: SimWaiter) {
        precondition(!waiter.isRegistered, "a waiter registers once")
        waiter.isRegistered = true
        waiter.previousWaiter = last
        waiter.nextWaiter = nil
        if let last { last.nextWaiter = waiter } else { first = waiter }
        last = waiter
        count += 1
    }

    mutating func remove(_ waiter: SimWaiter) {
        guard waiter.isRegistered else { return }
        waiter.isRegistered = false
        let next = waiter.nextWaiter
        if let previous = waiter.previousWaiter { previous.nextWaiter = next } else { first = next }
        if let next { next.previousWaiter = waiter.previousWaiter } else { last = waiter.previousWaiter }
        waiter.nextWaiter = nil
        waiter.previousWaiter = nil
        count -= 1
    }

    /// Removes and returns the oldest waiter.
    mutating func removeFirst() -> SimWaiter? {
        guard let waiter = first else { return nil }
        remove(waiter)
        return waiter
    }
}
