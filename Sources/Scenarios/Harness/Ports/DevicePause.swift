import AppPorts
import SimCore

/// `Pause` on a simulated device: the wait passes on the simulator's clock.
public struct DevicePause: Pause {
    let context: DeviceContext
    public init(_ context: DeviceContext) { self.context = context }

    public func pause(milliseconds: Int64) async {
        try? await context.sleep(for: .milliseconds(milliseconds))
    }
}
