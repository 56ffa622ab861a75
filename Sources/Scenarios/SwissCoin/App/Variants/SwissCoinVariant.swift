import AppPorts

/// Which of the seed's defects a run of the Swiss Coin app has: `fixed` (none, the default),
/// `as-written` (every defect of the plan; the sync engine's own defects only by name), or any
/// subset joined with `+`.
public typealias SwissCoinVariant = Variant<SwissCoinDefect>
