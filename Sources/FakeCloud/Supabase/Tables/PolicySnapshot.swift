/// One table as a statement's policy sub-queries see it: the state the statement started from
/// (copy-on-write, so taking it copies nothing) and the SELECT policy that applies to the lookup.
struct PolicySnapshot {
    let security: RowLevelSecurity
    let rows: [Row]
    let indexes: [UniqueIndex]
}
