/// Month labels ("2026-01") and month arithmetic on Unix milliseconds, without Foundation's
/// calendar (whose time zone database differs between hosts): the proleptic Gregorian calendar,
/// days from the civil date (H. Hinnant's `civil_from_days`).
public enum MonthLabel {
    /// The declared time zone of the fixed build's labels: UTC. A month is the same month on
    /// every device, whatever zone the device is in.
    public static let declaredOffsetSeconds = 0

    /// The label of the month containing `milliseconds` at a UTC offset.
    public static func label(_ milliseconds: Int64, offsetSeconds: Int) -> String {
        let (year, month) = yearMonth(milliseconds, offsetSeconds: offsetSeconds)
        return format(year, month)
    }

    /// (year, month 1…12) of an instant at a UTC offset.
    public static func yearMonth(_ milliseconds: Int64, offsetSeconds: Int) -> (Int, Int) {
        let seconds = milliseconds / 1000 + Int64(offsetSeconds)
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month)
    }

    /// Whole months from the month of `from` to the month of `to` (0 when `to` is earlier).
    public static func monthsBetween(_ from: String, _ to: String) -> Int {
        guard let a = parse(from), let b = parse(to) else { return 0 }
        return max(0, (b.0 - a.0) * 12 + (b.1 - a.1))
    }

    public static func parse(_ label: String) -> (Int, Int)? {
        let parts = label.split(separator: "-")
        guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month) else { return nil }
        return (year, month)
    }

    public static func format(_ year: Int, _ month: Int) -> String {
        let y = String(year), m = String(month)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + (m.count == 1 ? "0" + m : m)
    }
}
