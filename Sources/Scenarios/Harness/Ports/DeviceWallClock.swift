import AppPorts
import SimCore

/// `WallClock` on a simulated device: its (possibly skewed) wall clock and time zone.
public struct DeviceWallClock: WallClock {
    let context: DeviceContext
    public init(_ context: DeviceContext) { self.context = context }

    public var nowMilliseconds: Int64 { context.wallClockMilliseconds() }
    public var utcOffsetSeconds: Int { context.utcOffsetSeconds }
}
