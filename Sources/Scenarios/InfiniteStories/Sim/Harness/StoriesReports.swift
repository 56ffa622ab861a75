import AppPorts
import InfiniteStories
import SimCore

/// What each device's app said about itself, and what the harness saw at those instants (the
/// audits run when the app announces something, against the server as it is then).
final class StoriesReports: @unchecked Sendable {
    struct Report: Sendable {
        var attempts = 0
        /// Accounts the app announced "Migration complete!" for, in order.
        var completions: [String] = []
        var rollbacks = 0
        var lastError: String?
        /// Progress shown as finished (current == total) while the harness found these items not
        /// uploaded; and upload loops that ended short of 100 % (current, total).
        var earlyCompletions: [[EntityDiff]] = []
        var unfinishedProgress: [(current: Int, total: Int)] = []
        /// What the harness found wrong on the server when the app's verification passed.
        var unsoundVerifications: [[EntityDiff]] = []
        /// What a rollback left behind when it said it was done: rows of this store still on the
        /// server, and local entities still claiming `.synced`.
        var rollbackLeftovers: [[EntityDiff]] = []
        var rollbackFalseClaims: [[EntityDiff]] = []
        /// Entity keys present when the running upload pass started (export or catch-up).
        var snapshot: [String] = []
    }

    private(set) var byDevice: [String: Report] = [:]
    /// The audits (set by the stage): what is missing on the server of the device's snapshot,
    /// what differs from its local data, what a rollback left.
    var auditUploaded: ((String, [String]) -> [EntityDiff])?
    var auditContent: ((String) -> [EntityDiff])?
    var auditRollback: ((String, String?) -> (rows: [EntityDiff], claims: [EntityDiff]))?

    func update(_ device: String, _ change: (inout Report) -> Void) { change(&byDevice[device, default: Report()]) }

    /// The observer one device's migration manager reports to.
    func observer(for device: String) -> DeviceObserver { DeviceObserver(reports: self, device: device) }

    /// Forwards one device's `MigrationObserver` calls.
    final class DeviceObserver: MigrationObserver, @unchecked Sendable {
        let reports: StoriesReports
        let device: String

        init(reports: StoriesReports, device: String) {
            self.reports = reports
            self.device = device
        }

        func progressChanged(current: Int, total: Int) {
            guard current == total, let audit = reports.auditUploaded else { return }
            let snapshot = reports.byDevice[device]?.snapshot ?? []
            let missing = audit(device, snapshot)
            if !missing.isEmpty { reports.update(device) { if $0.earlyCompletions.count < 3 { $0.earlyCompletions.append(missing) } } }
        }

        func uploadFinished(current: Int, total: Int) {
            guard current != total else { return }
            reports.update(device) { if $0.unfinishedProgress.count < 3 { $0.unfinishedProgress.append((current, total)) } }
        }

        func verified(passed: Bool) {
            guard passed, let diffs = reports.auditContent?(device), !diffs.isEmpty else { return }
            reports.update(device) { if $0.unsoundVerifications.count < 3 { $0.unsoundVerifications.append(diffs) } }
        }

        func completed(account: String) { reports.update(device) { $0.completions.append(account) } }

        func rolledBack(account: String?) {
            let found: (rows: [EntityDiff], claims: [EntityDiff]) = reports.auditRollback?(device, account) ?? ([], [])
            reports.update(device) {
                $0.rollbacks += 1
                if !found.rows.isEmpty && $0.rollbackLeftovers.count < 3 { $0.rollbackLeftovers.append(found.rows) }
                if !found.claims.isEmpty && $0.rollbackFalseClaims.count < 3 { $0.rollbackFalseClaims.append(found.claims) }
            }
        }
    }
}
