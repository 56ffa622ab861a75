import Foundation

/// `IDGenerator` in production: Foundation's random UUIDs.
public struct LiveIDGenerator: IDGenerator {
    public init() {}

    // allowed: the live implementation of the port; a simulated device draws ids from the seed.
    public func uuid() -> String { UUID().uuidString.lowercased() }
}
