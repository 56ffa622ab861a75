import AppPorts

/// Rewrites the local store from the old local "me" id to the auth user id: every person reference
/// the seed remaps on upload (l.125-138) plus the person's own id. The seed never does this (SC-15);
/// the fixed variant runs it after a verified migration so later local edits use the server identity.
public enum IdentityRemap {
    /// The database with every occurrence of `old` as a person id replaced by `new`.
    public static func apply(from old: String, to new: String, in database: LocalDatabase) -> LocalDatabase {
        func map(_ id: String?) -> String? { id == old ? new : id }
        var db = database
        for i in db.persons.indices { db.persons[i].id = map(db.persons[i].id) }
        for i in db.groups.indices { db.groups[i].memberIds = db.groups[i].memberIds.map(map) }
        for i in db.subscriptions.indices { db.subscriptions[i].subscriberIds = db.subscriptions[i].subscriberIds.map(map) }
        for i in db.transactions.indices {
            db.transactions[i].payerId = map(db.transactions[i].payerId)
            db.transactions[i].createdById = map(db.transactions[i].createdById)
            for j in db.transactions[i].splits.indices {
                db.transactions[i].splits[j].owedById = map(db.transactions[i].splits[j].owedById)
            }
            for j in db.transactions[i].payers.indices {
                db.transactions[i].payers[j].paidById = map(db.transactions[i].payers[j].paidById)
            }
        }
        for i in db.settlements.indices {
            db.settlements[i].fromPersonId = map(db.settlements[i].fromPersonId)
            db.settlements[i].toPersonId = map(db.settlements[i].toPersonId)
        }
        for i in db.reminders.indices { db.reminders[i].toPersonId = map(db.reminders[i].toPersonId) }
        for i in db.chatMessages.indices { db.chatMessages[i].withPersonId = map(db.chatMessages[i].withPersonId) }
        for i in db.subscriptionPayments.indices {
            db.subscriptionPayments[i].payerId = map(db.subscriptionPayments[i].payerId)
        }
        for i in db.subscriptionSettlements.indices {
            db.subscriptionSettlements[i].fromPersonId = map(db.subscriptionSettlements[i].fromPersonId)
            db.subscriptionSettlements[i].toPersonId = map(db.subscriptionSettlements[i].toPersonId)
        }
        for i in db.subscriptionReminders.indices {
            db.subscriptionReminders[i].toPersonId = map(db.subscriptionReminders[i].toPersonId)
        }
        return db
    }
}
