import AppPorts
import Foundation

// Each model type written key by key in `JSONEncoder`'s `.sortedKeys` order (UTF-8 bytes), with
// nil optionals left out as the synthesized `encode(to:)` does (`encodeIfPresent`): the save of a
// whole store (install, identity rewrite) skips `Codable`. `SortedJSONWritableTests` hold every type to
// `JSONEncoder`'s bytes, so a property added without its line here fails there.

extension ChatMessage: SortedJSONWritable {
    func writeSortedJSON(into out: inout [UInt8]) throws {
        var object = SortedJSONObject(into: &out)
        object.field("content", content)
        object.field("id", id)
        object.field("isEdited", isEdited)
        object.field("isFromUser", isFromUser)
        object.field("onTransactionId", onTransactionId)
        object.field("timestamp", timestamp)
        object.field("withGroupId", withGroupId)
        object.field("withPersonId", withPersonId)
        object.field("withSubscriptionId", withSubscriptionId)
        object.close(into: &out)
    }
}

extension FinancialTransaction: SortedJSONWritable {
    func writeSortedJSON(into out: inout [UInt8]) throws {
        var object = SortedJSONObject(into: &out)
        try object.field("amount", amount)
        object.field("createdById", createdById)
        object.field("currency", currency)
        object.field("date", date)
        object.field("groupId", groupId)
        object.field("id", id)
        object.field("note", note)
        object.field("payerId", payerId)
        try object.elements("payers", payers)
        object.field("splitMethod", splitMethod)
        try object.elements("splits", splits)
        object.field("title", title)
        object.close(into: &out)
    }
}

extension Person: SortedJSONWritable {
    func writeSortedJSON(into out: inout [UInt8]) throws {
        var object = SortedJSONObject(into: &out)
        object.field("colorHex", colorHex)
        object.field("id", id)
        object.field("isArchived", isArchived)
        object.field("lastViewedDate", lastViewedDate)
        object.field("name", name)
        object.field("phoneNumber", phoneNumber)
        object.field("photoData", photoData)
        object.close(into: &out)
    }
}

extension Reminder: SortedJSONWritable {
    func writeSortedJSON(into out: inout [UInt8]) throws {
        var object = SortedJSONObject(into: &out)
        try object.field("amount", amount)
        object.field("createdDate", createdDate)
        object.field("id", id)
        object.field("isCleared", isCleared)
        object.field("isRead", isRead)
        object.field("message", message)
        object.field("toPersonId", toPersonId)
        object.close(into: &out)
    }
}

extension Settlement: SortedJSONWritable {
    func writeSortedJSON(into out: inout [UInt8]) throws {
        var object = SortedJSONObject(into: &out)
        try object.field("amount", amount)
        object.field("currency", currency)
        object.field("date", date)
        object.field("fromPersonId", fromPersonId)
        object.field("id", id)
        object.field("isFullSettlement", isFullSettlement)
        object.field("note", note)
        object.field("toPersonId", toPersonId)
        object.close(into: &out)
    }
}

extension Subscription: SortedJSONWritable {
    func writeSortedJSON(into out: inout [UInt8]) throws {
        var object = SortedJSONObject(into: &out)
        try object.field("amount", amount)
        object.field("category", category)
        object.field("colorHex", colorHex)
        object.field("currency", currency)
        object.field("customCycleDays", customCycleDays)
        object.field("cycle", cycle)
        object.field("iconName", iconName)
        object.field("id", id)
        object.field("isActive", isActive)
        object.field("isArchived", isArchived)
        object.field("isShared", isShared)
        object.field("name", name)
        object.field("nextBillingDate", nextBillingDate)
        object.field("notes", notes)
        object.field("notificationDaysBefore", notificationDaysBefore)
        object.field("notificationEnabled", notificationEnabled)
        object.field("startDate", startDate)
        try object.field("subscriberIds", subscriberIds)
        object.close(into: &out)
    }
}

extension SubscriptionPayment: SortedJSONWritable {
    func writeSortedJSON(into out: inout [UInt8]) throws {
        var object = SortedJSONObject(into: &out)
        try object.field("amount", amount)
        object.field("billingPeriodEnd", billingPeriodEnd)
        object.field("billingPeriodStart", billingPeriodStart)
        object.field("date", date)
        object.field("id", id)
        object.field("note", note)
        object.field("payerId", payerId)
        object.field("subscriptionId", subscriptionId)
        object.close(into: &out)
    }
}

extension SubscriptionReminder: SortedJSONWritable {
    func writeSortedJSON(into out: inout [UInt8]) throws {
        var object = SortedJSONObject(into: &out)
        try object.field("amount", amount)
        object.field("createdDate", createdDate)
        object.field("id", id)
        object.field("isRead", isRead)
        object.field("message", message)
        object.field("subscriptionId", subscriptionId)
        object.field("toPersonId", toPersonId)
        object.close(into: &out)
    }
}

extension SubscriptionSettlement: SortedJSONWritable {
    func writeSortedJSON(into out: inout [UInt8]) throws {
        var object = SortedJSONObject(into: &out)
        try object.field("amount", amount)
        object.field("date", date)
        object.field("fromPersonId", fromPersonId)
        object.field("id", id)
        object.field("note", note)
        object.field("subscriptionId", subscriptionId)
        object.field("toPersonId", toPersonId)
        object.close(into: &out)
    }
}

extension TransactionPayer: SortedJSONWritable {
    func writeSortedJSON(into out: inout [UInt8]) throws {
        var object = SortedJSONObject(into: &out)
        try object.field("amount", amount)
        object.field("paidById", paidById)
        object.close(into: &out)
    }
}

extension TransactionSplit: SortedJSONWritable {
    func writeSortedJSON(into out: inout [UInt8]) throws {
        var object = SortedJSONObject(into: &out)
        try object.field("amount", amount)
        object.field("owedById", owedById)
        try object.field("rawAmount", rawAmount)
        object.close(into: &out)
    }
}

extension UserGroup: SortedJSONWritable {
    func writeSortedJSON(into out: inout [UInt8]) throws {
        var object = SortedJSONObject(into: &out)
        object.field("colorHex", colorHex)
        object.field("createdDate", createdDate)
        object.field("id", id)
        object.field("lastViewedDate", lastViewedDate)
        try object.field("memberIds", memberIds)
        object.field("name", name)
        object.field("photoData", photoData)
        object.close(into: &out)
    }
}
