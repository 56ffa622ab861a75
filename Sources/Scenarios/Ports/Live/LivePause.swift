/// `Pause` in production: `Task.sleep` on the continuous clock.
public struct LivePause: Pause {
    public init() {}

    public func pause(milliseconds: Int64) async {
        try? await Task.sleep(for: .milliseconds(milliseconds))  // real time: the live port, by definition
    }
}
