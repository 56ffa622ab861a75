/// A family of faults that swarm testing turns off or up as a whole for a seed.
public enum FaultFamily: String, Sendable, Codable, CaseIterable, Comparable {
    /// A request is lost on the way to the server (the client times out; nothing applied).
    case requestLoss = "request-loss"
    /// The server applied the request but the response is lost (the client times out).
    case responseLoss = "response-loss"
    /// The request is delivered to the server twice.
    case duplicate = "duplicate"
    /// A 5xx instead of the server's answer (not applied).
    case serverError = "server-error"
    /// A 429 with Retry-After instead of the server's answer (not applied).
    case rateLimit = "rate-limit"
    /// The response is delayed past the client's timeout (applied; the client times out).
    case slowResponse = "slow-response"
    /// A device goes offline for an interval; messages in flight to or from it are lost.
    case partition = "partition"
    /// The app process is killed at an await point (scenarios decide where).
    case kill = "kill"
    /// Named fault points placed by app code (`buggify`).
    case buggify = "buggify"
    /// A device's storage misbehaves: a write fails with disk full, or a write that is not an
    /// atomic replace is torn or lost at a kill. Only apps whose fakes write through a storage
    /// fault policy meet it; the others' scenarios turn it off. Last in the list, so adding it
    /// left every other family's swarm level unchanged.
    case storage = "storage"
    /// A perturbation a scenario's script performs on purpose (an offline window, an account
    /// switch, an edit on the web): never drawn by the swarm, always logged, so a replay names it
    /// and `shrink` can drop it when the failure does not need it.
    case script = "script"

    public static func < (lhs: FaultFamily, rhs: FaultFamily) -> Bool {
        lhs.ordinal < rhs.ordinal
    }

    /// The family's position in `allCases` (asked at every fault opportunity: no array is built).
    public var ordinal: Int {
        switch self {
        case .requestLoss: return 0
        case .responseLoss: return 1
        case .duplicate: return 2
        case .serverError: return 3
        case .rateLimit: return 4
        case .slowResponse: return 5
        case .partition: return 6
        case .kill: return 7
        case .buggify: return 8
        case .storage: return 9
        case .script: return 10
        }
    }

    /// The parts-per-million rate of each swarm level (off, low, medium, high).
    var levels: [Int] {
        switch self {
        case .requestLoss, .responseLoss: return [0, 5_000, 20_000, 80_000]
        case .duplicate: return [0, 5_000, 20_000, 60_000]
        case .serverError, .rateLimit: return [0, 5_000, 30_000, 100_000]
        case .slowResponse: return [0, 2_000, 10_000, 40_000]
        case .partition: return [0, 100_000, 300_000, 600_000]
        case .kill: return [0, 250_000, 500_000, 1_000_000]
        case .buggify: return [0, 10_000, 50_000, 150_000]
        case .storage: return [0, 5_000, 20_000, 100_000]
        case .script: return [0, 0, 0, 0]
        }
    }
}
