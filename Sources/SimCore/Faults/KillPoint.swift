/// Where an app is killed: `jobs` await points after it enters `phase` (a migration step, a sync
/// push, a sign-out: whatever names the app's code gives its phases), or, for `.idle`, on the
/// app that exited by itself, `milliseconds` later (before its `UserDefaults` flushed, say).
///
/// Text: `step11+job5`, `sync.push+job3`, `idle+3000ms`.
public enum KillPoint: FaultDetail, Hashable {
    case inPhase(String, jobs: Int)
    case idle(milliseconds: Int)

    public var text: String {
        switch self {
        case .inPhase(let phase, let jobs): return "\(phase)+job\(jobs)"
        case .idle(let milliseconds): return "idle+\(milliseconds)ms"
        }
    }

    public init?(text: String) {
        guard let plus = text.lastIndex(of: "+") else { return nil }
        let head = String(text[..<plus]), tail = text[text.index(after: plus)...]
        if head == "idle", tail.hasSuffix("ms"), let ms = Int(tail.dropLast(2)), ms >= 0 {
            self = .idle(milliseconds: ms)
        } else if !head.isEmpty, head != "idle", tail.hasPrefix("job"), let jobs = Int(tail.dropFirst(3)), jobs > 0 {
            self = .inPhase(head, jobs: jobs)
        } else {
            return nil
        }
    }

    /// The phase, nil for an idle kill.
    public var phase: String? {
        if case .inPhase(let phase, _) = self { return phase }
        return nil
    }
}
