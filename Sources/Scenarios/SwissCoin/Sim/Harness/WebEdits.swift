import AppPorts
import FakeCloud
import SimCore
import SimHarness

/// The user editing rows on the web (or any client that is not a device under test): requests
/// straight to the fake Supabase with the account's own session, so RLS, `updated_at` and the
/// provenance log treat them as the user's writes. An edit is acknowledged when the server
/// answered with the updated row; the no-lost-update checker holds the server to it.
extension SwissCoinStage {
    /// A field value the server acknowledged to the user.
    struct AcknowledgedEdit: Sendable {
        var table: String
        var id: String
        var column: String
        var value: JSONValue
        /// Commit sequence of the edit in the provenance log (later writes may overwrite it).
        var sequence: Int
    }

    /// Signs in as `label` off the network (a browser session) and updates one row by id; records
    /// each column as acknowledged when the server returns the row. Returns whether it did.
    @discardableResult
    func editOnWeb(as label: String, table: String, id: String, values: Row) -> Bool {
        let account = self.account(label)
        let session = direct(SupabaseRequest(accessToken: nil, .auth(.signIn(email: account.email, password: account.password))),
                             from: "web")
        guard let token = session.body["access_token"]?.stringValue else { return false }
        let request = TableRequest(table: table, action: .update(values), filters: [.eq("id", .string(id))], returnRepresentation: true)
        let response = direct(SupabaseRequest(accessToken: token, .table(request)), from: "web")
        guard response.isSuccess, !response.rows.isEmpty else { return false }
        let sequence = (server.admin.provenance.last?.sequence ?? 0)
        for column in values.keys.sorted() {
            webEdits.append(AcknowledgedEdit(table: table, id: id, column: column, value: response.rows[0][column] ?? .null,
                                             sequence: sequence))
        }
        sim.record("web", "edit \(table) \(id.prefix(8)) \(values.keys.sorted().joined(separator: ","))")
        return true
    }

    /// After a migration: the user renames the profile, retitles a few transactions and renames a
    /// contact on the web (seeded choice among rows already on the server).
    func editMigratedRowsOnWeb(as label: String) {
        guard ScriptedStep.allows("web-edits", subject: "\(label)@web", in: sim) else { return }
        var random = sim.random.fork("web-edits")
        let owner = account(label).userId
        let snapshot = ServerSnapshot(admin: server.admin, ownerId: owner)
        if editOnWeb(as: label, table: "profiles", id: owner, values: ["display_name": .string("\(label.capitalized) (edited on the web)")]) {
            sim.sometimes("swisscoin: profile edited on the web after migration")
        }
        let transactions = snapshot.rows("financial_transactions").compactMap { $0["id"]?.stringValue }
        for index in 0..<min(transactions.count, 1 + random.below(3)) {
            let id = transactions[random.below(transactions.count)]
            if editOnWeb(as: label, table: "financial_transactions", id: id,
                         values: ["title": .string("Edited on the web \(index + 1)"), "note": .string("changed after migration")]) {
                sim.sometimes("swisscoin: transaction edited on the web after migration")
            }
        }
        let contacts = snapshot.rows("persons").filter { $0["id"]?.stringValue != owner }
        if !contacts.isEmpty {
            let contact = contacts[random.below(contacts.count)]
            let name = (contact["name"]?.stringValue ?? "Contact") + " (web)"
            editOnWeb(as: label, table: "persons", id: contact["id"]?.stringValue ?? "", values: ["name": .string(name)])
        }
    }
}
