import Foundation
import Synchronization

/// The signal that asked a campaign to stop (0 while none did). Written by the signal handler,
/// read by the fuzz workers between runs: an atomic is the only thing a handler may touch.
private let stopSignal = Atomic<Int32>(0)

/// SIGINT / SIGTERM handling for `fuzz`: the first signal asks the campaign to stop taking new
/// runs (the runs in flight finish, then the summary, the JSON and the JUnit file are written);
/// a second one ends the process at once with the usual 128 + signal code.
enum StopSignal {
    /// Installs the handlers (the command line is not simulated code: real signals are fine here).
    static func install() {
        for number in [SIGINT, SIGTERM] {
            signal(number) { received in
                let (exchanged, _) = stopSignal.compareExchange(expected: 0, desired: received, ordering: .sequentiallyConsistent)
                if !exchanged { _exit(128 + received) }
            }
        }
    }

    /// The signal received, if any.
    static var received: Int32? {
        let value = stopSignal.load(ordering: .sequentiallyConsistent)
        return value == 0 ? nil : value
    }

    /// `SIGTERM`, `SIGINT` or the number.
    static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(number)"
        }
    }
}
