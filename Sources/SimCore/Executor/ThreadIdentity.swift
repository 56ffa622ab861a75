import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The identity of an OS thread, for "is this the simulation's thread?" checks on hot paths.
struct ThreadIdentity: Equatable {
    let raw: pthread_t

    /// The calling thread.
    static var current: ThreadIdentity { ThreadIdentity(raw: pthread_self()) }

    @inline(__always)
    static func == (lhs: ThreadIdentity, rhs: ThreadIdentity) -> Bool { pthread_equal(lhs.raw, rhs.raw) != 0 }

    /// Whether the calling thread is the process's main thread.
    static var isMain: Bool {
        Thread.isMainThread  // allowed: escape detection at a stall only
    }
}
