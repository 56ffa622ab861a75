import SimCore

/// Per signed-in caller that asked for it (`watch`), per table, a revision bumped only by a row
/// change that caller can see: the row before or after the change passes the table's SELECT policy
/// for them. An unchanged value means the rows that caller's queries of the table return are
/// unchanged, so an edge function result memoized for one account stays valid while another
/// account writes the same tables (`TableReadMemo`).
///
/// Why a change the caller cannot see before or after cannot change what they see: a policy
/// expression reads only the row, `auth.uid()` and, through `visibleRow`, rows of other tables
/// *as the caller sees them* (`PolicyContext`). So the first change of a statement that alters
/// the caller's view of any table is itself visible to them (before, in the state it started
/// from, or after), and a change of visibility through a parent — its owner changed — is a
/// visible change of the parent, which the memo also tracks (it records the tables a policy
/// reaches). Changes whose before-image cannot be judged in its own state (an undo, a rebuilt
/// table) bump every watched caller.
struct ViewerRevisions {
    /// The callers watched, in the order they were first asked for (a list: there are one to three).
    private(set) var viewers: [AuthContext] = []
    /// Per viewer (same order as `viewers`), per table.
    private var revisions: [[String: UInt64]] = []

    /// Whether `viewer` can have a revision of its own: a signed-in caller under RLS.
    static func canWatch(_ viewer: AuthContext) -> Bool {
        viewer.role == .authenticated && viewer.uid != nil
    }

    /// `viewer`'s revision of `table`, watching `viewer` from now on if it was not yet.
    mutating func revision(_ table: String, for viewer: AuthContext) -> UInt64 {
        precondition(Self.canWatch(viewer), "only a signed-in caller under RLS has a view revision")
        if let slot = viewers.firstIndex(of: viewer) { return revisions[slot][table] ?? 0 }
        viewers.append(viewer)
        revisions.append([:])
        return 0
    }

    /// Bumps `table` for the viewers at `slots` (indexes into `viewers`).
    mutating func bump(_ table: String, slots: [Int]) {
        for slot in slots { revisions[slot][table, default: 0] &+= 1 }
    }

    /// Bumps `table` for every viewer (a change judged without looking at the rows).
    mutating func bumpAll(_ table: String) {
        for slot in revisions.indices { revisions[slot][table, default: 0] &+= 1 }
    }
}

extension TableStore {
    /// The revision of `table` as `viewer` sees it: per caller for a signed-in caller (see
    /// `ViewerRevisions`), else the table's own revision (the service role sees every row).
    public mutating func viewRevision(_ table: String, as viewer: AuthContext?) -> UInt64 {
        guard let viewer, ViewerRevisions.canWatch(viewer) else { return tableRevision(table) }
        return viewerRevisions.revision(table, for: viewer)
    }

    /// The watched viewers (slots) for whom any of `rows` of `table` passes the SELECT policy in
    /// the current state.
    func viewersSeeing(_ rows: [Row], in table: String) -> [Int] {
        if viewerRevisions.viewers.isEmpty || rows.isEmpty { return [] }
        let security = schemas[table]!.security
        var slots: [Int] = []
        for (slot, viewer) in viewerRevisions.viewers.enumerated() {
            if !security.enabled { slots.append(slot); continue }
            let context = policyContext(viewer, for: table)
            if rows.contains(where: { security.passesUsing(.select, $0, context) }) { slots.append(slot) }
        }
        return slots
    }
}
