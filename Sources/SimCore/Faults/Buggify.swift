extension Simulator {
    /// A named fault point (FoundationDB's BUGGIFY): each label is active in a run or not (decided
    /// from the seed and the label alone), and an active label fires per hit at the run's buggify
    /// rate. Every firing is traced and logged as an injected fault.
    func buggify(_ label: String, device: String) -> Bool {
        let hit = buggifyState.nextHit(label)
        if hit == 1 { var stream = random.fork("buggify:" + label)
            buggifyState.active[label] = stream.chance(1, in: 4) }
        let active = buggifyState.active[label] ?? false
        guard active else {  // the seeded run never asked: a replay looks its schedule up without drawing
            return faults.isScheduled && faults.scheduled(.buggify, subject: "\(label)#\(hit)", as: NoDetail.self) != nil
        }
        return faults.fires(.buggify, subject: "\(label)#\(hit)")
    }
}

/// Per-run memory of buggify labels: which are active, how many times each was hit.
final class BuggifyState {
    var active: [String: Bool] = [:]
    private var hits: [String: Int] = [:]

    func nextHit(_ label: String) -> Int {
        let hit = (hits[label] ?? 0) + 1
        hits[label] = hit
        return hit
    }
}
