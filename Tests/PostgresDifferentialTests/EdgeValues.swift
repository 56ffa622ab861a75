import FakeCloud
import SimCore

/// The values a migration sends, per column type: ordinary ones, and the edges where a fake can
/// round, parse or reject differently from PostgreSQL.
enum EdgeValues {
    static func pick(_ type: ColumnType, _ random: inout SimRandom) -> JSONValue {
        let options = values(type)
        return options[random.below(options.count)]
    }

    static func values(_ type: ColumnType) -> [JSONValue] {
        switch type {
        case .numeric: return numeric
        case .date: return dates
        case .timestamptz: return timestamps
        case .text: return ["a", "b", "c", "", "Zürich", "o'clock", .int(42), .bool(true)]
        case .int: return [.int(0), .int(7), .int(-3), "12", .double(2.5), .int(2_147_483_648), "x"]
        case .bigint: return [.int(0), .int(9_000_000_000), "-5", .double(1.5)]
        case .bool: return [.bool(true), .bool(false), "t", "no", "maybe", .int(1)]
        case .uuid: return ["11111111-1111-4111-8111-111111111111", "ABCDEF00-0000-4000-8000-000000000000", "not-a-uuid"]
        case .jsonb: return [["k": 1], .array([1, "two"]), "text"]
        }
    }

    /// Money: more decimals than the column, JSON number vs string, negative, zero, overflow, junk.
    static let numeric: [JSONValue] = [
        .int(0), .int(12), .int(-5), .double(10.005), .double(-10.005), .double(0.1 + 0.2), .double(19.99),
        "10.005", "-0.005", "0.00", "1e3", " 7.5 ", "12345678901.5", .double(99999999999.99), "abc", "", .double(-0.0),
    ]

    /// Calendar days, some given as instants with offsets (PostgreSQL keeps the written date). Only
    /// ISO-8601 forms: see `KnownDifferenceTests` for the other spellings PostgreSQL reads.
    static let dates: [JSONValue] = [
        "2025-01-31", "2024-02-29", "2025-01-31T23:30:00-05:00", "2025-01-31T23:30:00Z", "2025-02-30", "2025-13-01",
        " 2025-03-01 ", "2025-01-31 10:00", "",
    ]

    /// Instants with and without a zone, fractions beyond microseconds, out-of-range fields.
    static let timestamps: [JSONValue] = [
        "2025-03-30T01:30:00Z", "2025-03-30T01:30:00+02:00", "2025-03-30 01:30:00", "2025-03-30T01:30:00.123456789Z",
        "2025-03-30T01:30:00.5-08:30", "2025-03-30", "2025-03-30T25:00:00Z", "not-a-time", "2025-12-31T23:59:59.9999996Z",
        "2025-06-15T12:00:00+14", "",
    ]
}
