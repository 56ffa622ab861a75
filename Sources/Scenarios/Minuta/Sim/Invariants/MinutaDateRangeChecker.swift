import AppPorts
import CRDT
import Minuta
import SimCore
import SimHarness

/// date-range-view: a date-range screen shows exactly the records of the list loaded with it whose
/// start falls in its range, in the list's order (newest first). Judged on every reload during
/// which no file of the device changed (`DateRangeScreen.mismatches`), so the two reads saw the
/// same files: any difference is the range read's (a month bucket it never opens, a deleted
/// record it still shows).
struct MinutaDateRangeChecker: InvariantChecker {
    let name = "date-range-view"

    func check(_ world: MinutaWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for mismatch in world.screenMismatches {
            let screen = mismatch.screen
            let location = "\(mismatch.device) range \(Self.text(screen.from))...\(Self.text(screen.to)) at \(Self.seconds(mismatch.atNanoseconds))"
            let shown = Set(screen.ids), listed = Set(mismatch.expected)
            precondition(screen.ids != mismatch.expected, "a mismatch differs")
            for id in mismatch.expected where !shown.contains(id) {
                diffs.append(EntityDiff(entity: "record \(id.prefix(8))", location: location, expected: "shown", actual: "missing"))
            }
            for id in screen.ids where !listed.contains(id) {
                diffs.append(EntityDiff(entity: "record \(id.prefix(8))", location: location, expected: "not in the list", actual: "shown"))
            }
            if shown == listed {
                diffs.append(EntityDiff(entity: "order or repeats", location: location,
                                        expected: mismatch.expected.map { String($0.prefix(8)) }.joined(separator: ","),
                                        actual: screen.ids.map { String($0.prefix(8)) }.joined(separator: ",")))
            }
        }
        return ViolationReport.of(name, diffs) { "\($0) differences between date-range screens and the list loaded with them" }
    }

    /// `2026-01-29T12:00Z`-style text of a range bound (UTC, to the minute).
    static func text(_ milliseconds: Int64) -> String {
        let date = Minuta.CivilDate(milliseconds: milliseconds, utcOffsetSeconds: 0)
        let minutes = Int((milliseconds - date.startMilliseconds(utcOffsetSeconds: 0)) / 60_000)
        return "\(date.text)T\(Minuta.pad(minutes / 60, 2)):\(Minuta.pad(minutes % 60, 2))Z"
    }

    /// `12.345 s` of virtual time.
    static func seconds(_ nanoseconds: Int64) -> String {
        "\(nanoseconds / 1_000_000_000).\(Minuta.pad(Int(nanoseconds % 1_000_000_000 / 1_000_000), 3)) s"
    }
}
