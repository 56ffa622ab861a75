import SimCore

/// The fault policies of the scenario names that recur across apps, composed once (FoundationDB
/// composes its tests from named workloads the same way): an app's `interrupted-upload` or
/// `flaky-network` says which preset it runs, not a table of rates. A preset leaves alone every
/// family it does not name, so the seed's swarm plan still draws those.
extension FaultPolicy {
    /// Request faults capped low enough that a workload reaches its later phases: 1,000 ppm for
    /// each request family, 2,000 for slow responses, no partitions (flaky-network covers the
    /// higher rates).
    public static let lowRequestFaults: [FaultFamily: Int] = [
        .requestLoss: 1_000, .responseLoss: 1_000, .serverError: 1_000, .rateLimit: 1_000, .duplicate: 1_000,
        .slowResponse: 2_000, .partition: 0,
    ]

    /// interrupted-upload: the kill family always on (the scenario's kill sweep decides where), the
    /// request faults capped low so that the sweep reaches the migration's later steps.
    public static let migrationKills = FaultPolicy(forced: [.kill: 1_000_000], capped: lowRequestFaults)

    /// flaky-network: 5xx, 429 with Retry-After, lost requests, slow responses and partitions
    /// forced on at rates that make every sync meet some of them; no kills (the network is the
    /// subject).
    public static let flakyNetwork = FaultPolicy(
        forced: [.serverError: 30_000, .rateLimit: 20_000, .requestLoss: 20_000, .slowResponse: 10_000, .partition: 600_000],
        off: [.kill])

    /// lost-response: the server applies writes whose responses are lost, at `ppm`; no kills; the
    /// other request faults capped low (duplicates at `duplicates`).
    public static func lostResponses(_ ppm: Int, duplicates: Int = 1_000) -> FaultPolicy {
        var capped = lowRequestFaults
        capped[.responseLoss] = nil
        capped[.duplicate] = duplicates
        return FaultPolicy(forced: [.responseLoss: ppm], off: [.kill], capped: capped)
    }

    /// A background of network trouble under a scenario about something else: every request
    /// family capped at `ppm`, no partitions, no kills.
    public static func background(_ ppm: Int) -> FaultPolicy {
        FaultPolicy(off: [.kill], capped: [.requestLoss: ppm, .responseLoss: ppm, .serverError: ppm, .rateLimit: ppm, .duplicate: ppm,
                                           .slowResponse: ppm, .partition: 0])
    }
}
