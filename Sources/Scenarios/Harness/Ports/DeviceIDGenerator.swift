import AppPorts
import SimCore

/// `IDGenerator` on a simulated device: `UUID()` drawn from the seed, different for every launch.
public struct DeviceIDGenerator: IDGenerator {
    let context: DeviceContext
    public init(_ context: DeviceContext) { self.context = context }

    public func uuid() -> String { context.makeUUID() }
}
