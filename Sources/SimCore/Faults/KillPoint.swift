/// Where an app is killed: `jobs` await points after it enters `phase` (a migration step, a sync
/// push, a sign-out: whatever names the app's code gives its phases), or, for `.idle`, on the
/// app that exited by itself, `milliseconds` later (before its `UserDefaults` flushed, say), or,
/// for `.atResponse`, as the `nth` response after it enters `phase` reaches it: the server has
/// applied that request and the app never learns it did.
///
/// Text: `step11+job5`, `sync.push+job3`, `idle+3000ms`, `upload.heroes+response2`.
public enum KillPoint: FaultDetail, Hashable {
    case inPhase(String, jobs: Int)
    case idle(milliseconds: Int)
    case atResponse(String, nth: Int)

    public var text: String {
        switch self {
        case .inPhase(let phase, let jobs): return "\(phase)+job\(jobs)"
        case .idle(let milliseconds): return "idle+\(milliseconds)ms"
        case .atResponse(let phase, let nth): return "\(phase)+response\(nth)"
        }
    }

    public init?(text: String) {
        guard let plus = text.lastIndex(of: "+") else { return nil }
        let head = String(text[..<plus]), tail = text[text.index(after: plus)...]
        if head == "idle", tail.hasSuffix("ms"), let ms = Int(tail.dropLast(2)), ms >= 0 {
            self = .idle(milliseconds: ms)
        } else if !head.isEmpty, head != "idle", tail.hasPrefix("job"), let jobs = Int(tail.dropFirst(3)), jobs > 0 {
            self = .inPhase(head, jobs: jobs)
        } else if !head.isEmpty, head != "idle", tail.hasPrefix("response"), let nth = Int(tail.dropFirst(8)), nth > 0 {
            self = .atResponse(head, nth: nth)
        } else {
            return nil
        }
    }

    /// The phase, nil for an idle kill.
    public var phase: String? {
        switch self {
        case .inPhase(let phase, _), .atResponse(let phase, _): return phase
        case .idle: return nil
        }
    }
}
