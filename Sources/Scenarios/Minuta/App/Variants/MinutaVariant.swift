import AppPorts

/// Which of the seed's defects a run of Minuta has: `fixed` (none, the default), `as-written`
/// (all, the plan as written), or any subset joined with `+`.
public typealias MinutaVariant = Variant<MinutaDefect>
