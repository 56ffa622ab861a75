import Foundation

/// `IDGenerator` in production: Foundation's random UUIDs.
public struct LiveIDGenerator: IDGenerator {
    public init() {}

    /// A random UUID (the live port; a simulated device draws ids from the seed instead).
    public func uuid() -> String { UUID().uuidString.lowercased() }  // allowed: production only
}
