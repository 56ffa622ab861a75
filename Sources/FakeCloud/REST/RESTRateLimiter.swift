/// A fixed-window request counter per access token (express-rate-limit's default memory store
/// counts hits per key in fixed windows of `windowMs`). Off unless `RESTServerConfig.rateLimit` is set.
struct RESTRateLimiter {
    let limit: RateLimit?
    private var windows: [String: (index: Int64, count: Int)] = [:]

    init(limit: RateLimit?) { self.limit = limit }

    /// Counts a request; returns nil when admitted, or the whole seconds until the window ends
    /// (the `Retry-After` of the 429, RFC 6585 §4).
    mutating func admit(_ subject: String, now: Int64) -> Int? {
        guard let limit else { return nil }
        let windowNs = limit.windowSeconds * 1_000_000_000
        let index = now / windowNs
        var window = windows[subject] ?? (index, 0)
        if window.index != index { window = (index, 0) }
        window.count += 1
        windows[subject] = window
        guard window.count > limit.requests else { return nil }
        let remaining = (index + 1) * windowNs - now
        return Int((remaining + 999_999_999) / 1_000_000_000)
    }
}
