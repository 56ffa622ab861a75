import SimCore

/// The healing phase every app runs, owned by the harness (FoundationDB's quiescence step,
/// TigerBeetle's liveness phase): faults stop, every member's app is brought to rest, a member
/// whose user would open the app again is reopened until it settles, then rounds in which every
/// member's app is opened in turn run until a round moves nothing. Each bound that runs out is
/// reported as pending, with the app's reason. An app says only what is its own: when a member is
/// settled, how one is opened, and what counts as movement.
///
/// A member is what the app heals one at a time: usually a device, sometimes a plan (one user's
/// data on one device, where two users share a device).
///
/// ```swift
/// Healing(members: stage.devices, device: { $0 },
///         reopens: 4, unsettled: { stage.isMigrated($0) ? nil : "migration not complete" },
///         rounds: 1...6, progress: { stage.pushes })
/// ```
public struct Healing<Member> {
    /// The members in the order they are healed (the order is part of the run: keep it stable).
    public var members: [Member]
    /// A member's device.
    public var device: (Member) -> Device
    /// Runs before faults stop (the app notes that healing began, captures what it had).
    public var prepare: () async -> Void = {}
    /// Runs right after faults stop, before any member is waited for (scripts told to finish).
    public var faultsOff: () -> Void = {}
    /// Brings one member's app to rest, in member order (default: waits until its app stopped).
    public var stop: (Member) async -> Void
    /// How many times the user reopens one member's app until it is settled (0: never).
    public var reopens = 0
    /// Whether a member is reopened at all (default: every member).
    public var reopensMember: (Member) -> Bool = { _ in true }
    /// Why a member is not settled yet (nil: settled); a member still unsettled after `reopens`
    /// is pending with this reason.
    public var unsettled: (Member) -> String? = { _ in nil }
    /// Whether a member still unsettled after `reopens` is pending (default). An app whose
    /// "settled" is only when its user stops trying (a migration that cannot finish under the
    /// account now signed in) says false and judges completion in its own checker.
    public var unsettledIsPending = true
    /// Rounds of opening every member in turn: at least `rounds.lowerBound`, at most
    /// `rounds.upperBound` (0...0: none); they stop at the first quiet round past the least.
    public var rounds: ClosedRange<Int> = 0...0
    /// Runs before each round (a shared folder settles).
    public var beforeRound: () async -> Void = {}
    /// Whether a member is opened in a round (asked at each round).
    public var opensInRound: (Member) -> Bool = { _ in true }
    /// Opens one member's app in a round and waits until it rests (default: relaunch and wait).
    public var open: (Member) async -> Void
    /// A count that changes while anything still moves (pushes made, files written).
    public var progress: () -> Int = { 0 }
    /// What still moved in a round, given `progress` before it and the round's number (empty: the
    /// round was quiet). Default: one reason when `progress` changed.
    public var moved: ((_ before: Int, _ round: Int) -> [String])?
    /// Runs last, told whether the rounds ended quiet; returns what else is pending.
    public var finish: (_ quiet: Bool) async -> [String] = { _ in [] }

    /// A healing of `members`; everything else defaults to "nothing app-specific".
    public init(members: [Member], device: @escaping (Member) -> Device) {
        self.members = members
        self.device = device
        stop = { member in await device(member).waitUntilStopped() }
        open = { member in
            let device = device(member)
            await device.waitUntilStopped()
            device.relaunch()
            await device.waitUntilStopped()
        }
    }

    /// Runs the healing phase in `sim` and says what is still pending when a bound ran out.
    public func run(in sim: Simulator) async -> HealingOutcome {
        precondition(rounds.lowerBound >= 0 && reopens >= 0, "healing bounds are counts")
        await prepare()
        sim.beginHealing()
        faultsOff()
        var pending: [String] = []
        for member in members {
            await stop(member)
            guard reopensMember(member) else { continue }
            pending += await reopenUntilSettled(member)
        }
        let (quiet, moving) = await runRounds()
        return HealingOutcome(pending: pending + moving + (await finish(quiet)))
    }

    /// Reopens one member's app until it is settled, at most `reopens` times; its reason when not.
    private func reopenUntilSettled(_ member: Member) async -> [String] {
        let device = device(member)
        for _ in 0..<reopens {
            guard unsettled(member) != nil else { return [] }
            device.relaunch()
            await device.waitUntilStopped()
        }
        guard unsettledIsPending, let reason = unsettled(member) else { return [] }
        return ["\(device.name) not settled after \(reopens) reopens: \(reason)"]
    }

    /// The rounds: whether they ended quiet, and what still moved in the last one when not.
    private func runRounds() async -> (quiet: Bool, moving: [String]) {
        guard rounds.upperBound > 0 else { return (true, []) }
        var moving: [String] = []
        for round in 1...rounds.upperBound {
            await beforeRound()
            let before = progress()
            for member in members where opensInRound(member) { await open(member) }
            moving = moved?(before, round) ?? (progress() == before ? [] : ["still moving after \(round) healing rounds"])
            if round >= rounds.lowerBound && moving.isEmpty { return (true, []) }
        }
        return (false, moving)
    }
}
