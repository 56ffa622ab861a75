import Foundation
import XCTest
import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin

/// Each model type's own writer (`SortedJSONWritable`) must give `JSONEncoder`'s `.sortedKeys`
/// bytes, with every optional set and with every optional nil.
final class SortedJSONWritableTests: XCTestCase {
    private func assertSame<T: Encodable & SortedJSONWritable>(_ value: T, line: UInt = #line) throws {
        let plain = [UInt8](try LocalStore.makeEncoder().encode(value))
        var fast: [UInt8] = []
        try value.writeSortedJSON(into: &fast)
        XCTAssertEqual(String(decoding: fast, as: UTF8.self), String(decoding: plain, as: UTF8.self), "\(T.self)", line: line)
    }

    /// `value` has no nil property, so a property the writer forgets cannot hide behind nil.
    private func assertComplete<T>(_ value: T, line: UInt = #line) {
        for child in Mirror(reflecting: value).children {
            let inner = Mirror(reflecting: child.value)
            XCTAssertFalse(inner.displayStyle == .optional && inner.children.isEmpty,
                           "\(T.self).\(child.label ?? "?") is nil in the complete instance", line: line)
        }
    }

    private func check<T: Encodable & SortedJSONWritable>(complete: T, empty: T, line: UInt = #line) throws {
        assertComplete(complete, line: line)
        try assertSame(complete, line: line)
        try assertSame(empty, line: line)
    }

    func testEveryModelTypeMatchesJSONEncoder() throws {
        let id = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", text = "a \"quoted\" / line\nnext é🙂"
        let photo = Data([0, 1, 2, 250, 255])
        try check(complete: Person(id: id, name: text, phoneNumber: "+41", colorHex: "#fff", isArchived: true,
                                   lastViewedDate: -5, photoData: photo),
                  empty: Person(id: nil, name: nil))
        try check(complete: UserGroup(id: id, name: text, colorHex: "#000", createdDate: 1, lastViewedDate: 2,
                                      photoData: photo, memberIds: [id, nil, "x"]),
                  empty: UserGroup(id: nil, name: nil))
        try check(complete: Subscription(id: id, name: text, amount: 9.99, currency: "CHF", cycle: "custom", customCycleDays: 12,
                                         startDate: 3, nextBillingDate: 4, isShared: true, isActive: false, category: "c",
                                         iconName: "i", colorHex: "#123", notes: text, notificationEnabled: true,
                                         notificationDaysBefore: 2, isArchived: true, subscriberIds: [nil, id]),
                  empty: Subscription(id: nil, name: nil, amount: 0, currency: nil, cycle: nil, startDate: nil,
                                      nextBillingDate: nil))
        let splits = [TransactionSplit(owedById: id, amount: 1e-7, rawAmount: 33.333333333333336), TransactionSplit(owedById: nil, amount: -0.0)]
        let payers = [TransactionPayer(paidById: id, amount: 1e21), TransactionPayer(paidById: nil, amount: 0.1)]
        try check(complete: FinancialTransaction(id: id, title: text, amount: 12.5, currency: "JPY", date: 6, splitMethod: "exact",
                                                 note: text, payerId: id, createdById: id, groupId: id, splits: splits, payers: payers),
                  empty: FinancialTransaction(id: nil, title: nil, amount: 0, currency: nil, date: nil, splitMethod: nil,
                                              payerId: nil, createdById: nil))
        try check(complete: splits[0], empty: splits[1])
        try check(complete: payers[0], empty: payers[1])
        try check(complete: Settlement(id: id, amount: 2, currency: "EUR", date: 7, note: text, isFullSettlement: true,
                                       fromPersonId: id, toPersonId: id),
                  empty: Settlement(id: nil, amount: 0, currency: nil, date: nil, note: nil, isFullSettlement: false,
                                    fromPersonId: nil, toPersonId: nil))
        try check(complete: Reminder(id: id, createdDate: 8, amount: 3, message: text, isRead: true, isCleared: true, toPersonId: id),
                  empty: Reminder(id: nil, createdDate: nil, amount: 0, message: nil, isRead: false, isCleared: false, toPersonId: nil))
        try check(complete: ChatMessage(id: id, content: text, timestamp: 9, isFromUser: true, isEdited: true, withPersonId: id,
                                        withGroupId: id, withSubscriptionId: id, onTransactionId: id),
                  empty: ChatMessage(id: nil, content: nil, timestamp: nil, isFromUser: false, isEdited: false, withPersonId: nil,
                                     withGroupId: nil, withSubscriptionId: nil, onTransactionId: nil))
        try check(complete: SubscriptionPayment(id: id, subscriptionId: id, payerId: id, amount: 4, date: 10, billingPeriodStart: 11,
                                                billingPeriodEnd: 12, note: text),
                  empty: SubscriptionPayment(id: nil, subscriptionId: nil, payerId: nil, amount: 0, date: nil, billingPeriodStart: nil,
                                             billingPeriodEnd: nil, note: nil))
        try check(complete: SubscriptionSettlement(id: id, subscriptionId: id, fromPersonId: id, toPersonId: id, amount: 5, date: 13,
                                                   note: text),
                  empty: SubscriptionSettlement(id: nil, subscriptionId: nil, fromPersonId: nil, toPersonId: nil, amount: 0, date: nil,
                                                note: nil))
        try check(complete: SubscriptionReminder(id: id, subscriptionId: id, toPersonId: id, amount: 6, createdDate: 14, message: text,
                                                 isRead: true),
                  empty: SubscriptionReminder(id: nil, subscriptionId: nil, toPersonId: nil, amount: 0, createdDate: nil, message: nil,
                                              isRead: false))
    }

    /// The writers are what `SortedKeysJSON` uses for these types.
    func testSortedKeysJSONUsesTheModelWriters() throws {
        let person = Person(id: "p", name: "n")
        var direct: [UInt8] = []
        try person.writeSortedJSON(into: &direct)
        XCTAssertEqual(try SortedKeysJSON.encode(person), direct)
        var pair: [UInt8] = Array("[".utf8)
        pair += direct
        pair += Array(",".utf8)
        pair += direct
        pair += Array("]".utf8)
        XCTAssertEqual(try SortedKeysJSON.encode([person, person]), pair)
    }
}
