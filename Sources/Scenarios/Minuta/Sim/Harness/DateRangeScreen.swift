import AppPorts
import CRDT
import Minuta

/// A screen of the app that shows the records of a date range (the day and week views, which
/// call `loadRecords(from:to:)`, seed l.863): the range and the ids it showed, in order.
struct DateRangeScreen: Sendable, Equatable {
    var from: Int64
    var to: Int64
    var ids: [String]

    private static let day: Int64 = 86_400_000

    /// The ranges the app opens beside its list of `records`: the whole history (first record to
    /// last), and the week around the first of the newest record's month and around New Year of
    /// its year (UTC). Each week starts at noon three and a half days before the boundary and ends
    /// three days after it, so it ends earlier in its month than it starts in its own: a month
    /// walk that steps from the start by whole months misses the end's month.
    static func ranges(for records: [Minuta.TimeRecord]) -> [(from: Int64, to: Int64)] {
        guard let oldest = records.map(\.startTime).min(), let newest = records.map(\.startTime).max() else { return [] }
        let date = Minuta.CivilDate(milliseconds: newest, utcOffsetSeconds: 0)
        let boundaries = [Minuta.CivilDate(year: date.year, month: date.month, day: 1),
                          Minuta.CivilDate(year: date.year, month: 1, day: 1)]
        var ranges = [(from: oldest, to: newest)]
        for boundary in boundaries {
            let start = boundary.startMilliseconds(utcOffsetSeconds: 0)
            let week = (from: start - 3 * day - day / 2, to: start + 3 * day)
            if !ranges.contains(where: { $0 == week }) { ranges.append(week) }
        }
        return ranges
    }

    /// A screen that differed from the list it was loaded with.
    struct Mismatch: Sendable, Equatable {
        var device: String
        /// When the reload ran (virtual nanoseconds).
        var atNanoseconds: Int64
        var screen: DateRangeScreen
        /// The list's records in the screen's range, in the list's order (newest first).
        var expected: [String]
    }

    /// The screens of `view` that do not show exactly its list's records in their range, in order.
    static func mismatches(in view: MinutaView, device: String, atNanoseconds: Int64) -> [Mismatch] {
        view.screens.compactMap { screen in
            precondition(screen.from <= screen.to, "a range starts before it ends")
            let expected = view.records.filter { $0.startTime >= screen.from && $0.startTime <= screen.to }.map(\.id)
            return expected == screen.ids ? nil : Mismatch(device: device, atNanoseconds: atNanoseconds, screen: screen, expected: expected)
        }
    }
}
