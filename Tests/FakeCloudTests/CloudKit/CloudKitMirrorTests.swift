import AppleStandIns
import FakeCloud
import SimCore
import XCTest

/// The SwiftData → CloudKit mirroring: record layout, export and import, relationships arriving
/// out of order, conflicts, account changes, assets, token expiry and zone loss, batching.
final class CloudKitMirrorTests: XCTestCase {
    /// phone: goal "Trip" with one allocation of 500, exported.
    private static func seedPhone(_ bed: MirrorTestBed) async {
        await bed.step(bed.phone, expectFailure: bed.sim.faults.isScheduled) { context, mirror in
            let goal = context.insert("Goal", ["name": "Trip", "deadline": .date(1_700_000_000_000)])
            let allocation = context.insert("Allocation", ["amount": 500])
            context.relate(allocation, "goal", to: [goal])
            try context.save()
            try await mirror.launch()
        }
    }

    func testExportLaysObjectsOutAsCDRecordsWithToOneAsTheTargetsRecordName() throws {
        let bed = MirrorTestBed()
        try bed.run { bed in await Self.seedPhone(bed) }
        let records = bed.serverRecords()
        XCTAssertEqual(records.map(\.recordType), ["CD_Allocation", "CD_Goal"])
        XCTAssertTrue(records.allSatisfy { $0.recordID.zoneName == "com.apple.coredata.cloudkit.zone" })
        let allocation = records[0], goal = records[1]
        XCTAssertTrue(goal.recordID.recordName.hasPrefix("CD_Goal_"))
        XCTAssertEqual(goal["CD_entityName"], .string("Goal"))
        XCTAssertEqual(goal["CD_name"], .string("Trip"))
        XCTAssertEqual(goal["CD_deadline"], .date(1_700_000_000_000))
        XCTAssertEqual(goal["CD_done"], .int64(0), "Boolean as a number")
        XCTAssertNil(goal["CD_allocations"], "the one side carries no field")
        XCTAssertEqual(allocation["CD_amount"], .int64(500))
        XCTAssertEqual(allocation["CD_goal"], .string(goal.recordID.recordName), "a string, not a CKRecord.Reference")
    }

    func testAnotherDeviceImportsObjectsAndRelationshipsAndThereIsNothingToSendBack() throws {
        let bed = MirrorTestBed()
        let exportedBack = MirrorBox(-1)
        try bed.run { bed in
            await Self.seedPhone(bed)
            await bed.step(bed.laptop) { _, mirror in
                try await mirror.launch()
                exportedBack.value = try await mirror.exportChanges()
            }
        }
        XCTAssertEqual(bed.goalNames(bed.laptop), ["Trip"])
        let goal = bed.rows(bed.laptop, "Goal")[0]
        XCTAssertEqual(bed.rows(bed.laptop, "Allocation").map { $0.targets("goal") }, [[goal.id]])
        XCTAssertEqual(goal.targets("allocations").count, 1, "the inverse is kept")
        XCTAssertEqual(exportedBack.value, 0, "imported objects are not exported again")
    }

    func testARecordArrivingBeforeItsTargetIsLinkedWhenTheTargetArrives() throws {
        var config = CloudKitServerConfig()
        config.changesPageSize = 1
        let bed = MirrorTestBed(config: config)
        try bed.run { bed in
            await Self.seedPhone(bed)
            await bed.step(bed.laptop) { _, mirror in try await mirror.launch() }
        }
        XCTAssertTrue(bed.sim.trace.records.contains { $0.event.hasSuffix("changed=1 deleted=0 more=1") }, "two pages")
        let goal = bed.rows(bed.laptop, "Goal")[0]
        XCTAssertEqual(bed.rows(bed.laptop, "Allocation").map { $0.targets("goal") }, [[goal.id]], "linked after the second page")
        let goalName = bed.serverRecords()[1].recordID.recordName
        XCTAssertEqual(bed.serverRecords()[0]["CD_goal"], .string(goalName), "the pending link was never exported as removed")
        XCTAssertEqual(bed.server.admin.records(user: "alice").map(\.tagHistory.count), [1, 1], "the laptop sent nothing back")
    }

    func testEditsAndDeletesReachTheOtherDevice() throws {
        let bed = MirrorTestBed()
        try bed.run { bed in
            await Self.seedPhone(bed)
            await bed.step(bed.laptop) { _, mirror in try await mirror.launch() }
            await bed.step(bed.phone) { context, mirror in
                let goal = try context.fetch("Goal")[0].id
                context.set(goal, "name", "Trip to Rome")
                context.delete(try context.fetch("Allocation")[0].id)
                try context.save()
                try await mirror.exportChanges()
            }
            await bed.step(bed.laptop) { _, mirror in try await mirror.importChanges() }
        }
        XCTAssertEqual(bed.goalNames(bed.laptop), ["Trip to Rome"])
        XCTAssertEqual(bed.rows(bed.laptop, "Allocation").count, 0)
        XCTAssertEqual(bed.serverRecords().map(\.recordType), ["CD_Goal"])
    }

    /// Both devices hold the goal; the laptop renames it and exports first, then the phone
    /// renames it without importing and exports.
    private func conflict(_ policy: MirrorConflictPolicy) throws -> MirrorTestBed {
        let bed = MirrorTestBed()
        bed.options.conflict = policy
        try bed.run { bed in
            await Self.seedPhone(bed)
            await bed.step(bed.laptop) { context, mirror in
                try await mirror.launch()
                context.set(try context.fetch("Goal")[0].id, "name", "Laptop")
                try context.save()
                try await mirror.exportChanges()
            }
            await bed.step(bed.phone) { context, mirror in
                context.set(try context.fetch("Goal")[0].id, "name", "Phone")
                try context.save()
                try await mirror.exportChanges()
            }
        }
        return bed
    }

    func testConflictServerRecordWinsDropsTheLateLocalEdit() throws {
        let bed = try conflict(.serverRecordWins)
        XCTAssertTrue(bed.sim.trace.records.contains { $0.event == "partial-failure codes=14" })
        XCTAssertEqual(bed.goalNames(bed.phone), ["Laptop"])
        XCTAssertEqual(bed.serverRecords().first { $0.recordType == "CD_Goal" }?["CD_name"], .string("Laptop"))
    }

    func testConflictLocalRecordWinsResendsOverTheServersTag() throws {
        let bed = try conflict(.localRecordWins)
        XCTAssertEqual(bed.goalNames(bed.phone), ["Phone"])
        let goal = bed.server.admin.records(user: "alice").first { $0.record.recordType == "CD_Goal" }
        XCTAssertEqual(goal?.record["CD_name"], .string("Phone"))
        XCTAssertEqual(goal?.tagHistory.count, 3, "phone's first save, laptop's, phone's resend")
    }

    func testSignOutPurgesLocalDataIncludingUnsentEditsAndSignInBringsTheSyncedDataBack() throws {
        let bed = MirrorTestBed()
        let outcome = MirrorBox<MirrorAccountOutcome?>(nil)
        try bed.run { bed in
            await Self.seedPhone(bed)
            await bed.step(bed.phone) { context, _ in
                context.insert("Goal", ["name": "Unsent"])
                try context.save()
            }
            bed.server.setAccount(.noAccount, device: "phone")
            await bed.step(bed.phone) { _, mirror in outcome.value = try await mirror.launch() }
            XCTAssertEqual(bed.goalNames(bed.phone), [], "purged")
            bed.server.setAccount(.available(user: "alice"), device: "phone")
            await bed.step(bed.phone) { _, mirror in try await mirror.launch() }
        }
        XCTAssertEqual(outcome.value, .changed(from: "alice", to: nil, purgedRows: 3))
        XCTAssertEqual(bed.goalNames(bed.phone), ["Trip"], "the unsent goal is gone for good")
    }

    func testSwitchingAppleIDWithKeepLocalDataUploadsTheOldAccountsDataIntoTheNewOne() throws {
        let bed = MirrorTestBed()
        bed.options.accountChange = .keepLocalData
        let outcome = MirrorBox<MirrorAccountOutcome?>(nil)
        try bed.run { bed in
            await Self.seedPhone(bed)
            bed.server.setAccount(.available(user: "bob"), device: "phone")
            await bed.step(bed.phone) { _, mirror in outcome.value = try await mirror.launch() }
        }
        XCTAssertEqual(outcome.value, .changed(from: "alice", to: "bob", purgedRows: 0))
        XCTAssertEqual(bed.serverRecords("bob").compactMap { $0["CD_name"] }, [.string("Trip")], "alice's goal leaked into bob's database")
    }

    func testAnAppleIDSwitchWhileTheAppRunsStopsTheMirroringUntilItsNextAccountCheck() throws {
        let bed = MirrorTestBed()
        let errors = MirrorBox<[CloudKitErrorCode]>([])
        let outcome = MirrorBox<MirrorAccountOutcome?>(nil)
        let observed = MirrorBox<[MirrorAccountOutcome]>([])
        try bed.run { bed in
            await Self.seedPhone(bed)
            await bed.step(bed.phone) { context, mirror in
                mirror.onAccountChecked = { observed.value.append($0) }
                try await mirror.checkAccount()
                bed.server.setAccount(.available(user: "bob"), device: "phone")  // Settings, while the app runs
                context.insert("Goal", ["name": "After the switch"])
                try context.save()
                for operation in [{ try await mirror.exportChanges() }, { try await mirror.importChanges() }] {
                    do { _ = try await operation() } catch let error as CloudKitError { errors.value.append(error.code) }
                }
                XCTAssertEqual(mirror.mirroredUser, "alice", "the mirror learns of the switch at its next check")
                outcome.value = try await mirror.checkAccount()
                try await mirror.importChanges()
                try await mirror.exportChanges()
            }
        }
        XCTAssertEqual(errors.value, [.notAuthenticated, .notAuthenticated], "the export and the import for alice are refused")
        XCTAssertEqual(outcome.value, .changed(from: "alice", to: "bob", purgedRows: 3))
        XCTAssertEqual(observed.value, [.ready(user: "alice"), .changed(from: "alice", to: "bob", purgedRows: 3)], "each answered check, as it applies")
        XCTAssertEqual(bed.serverRecords("bob"), [], "nothing of alice's reached bob's database")
        XCTAssertEqual(bed.serverRecords("alice").count, 2, "and the edit after the switch is not in alice's either")
        XCTAssertEqual(bed.goalNames(bed.phone), [], "purged at the check")
    }

    func testSwitchingAppleIDWithPurgeImportsOnlyTheNewAccountsData() throws {
        let bed = MirrorTestBed()
        try bed.run { bed in
            await Self.seedPhone(bed)
            bed.server.setAccount(.available(user: "bob"), device: "phone")
            await bed.step(bed.phone) { _, mirror in try await mirror.launch() }
        }
        XCTAssertEqual(bed.goalNames(bed.phone), [])
        XCTAssertEqual(bed.serverRecords("bob"), [])
        XCTAssertEqual(bed.serverRecords("alice").count, 2, "alice's data stays in alice's database")
    }

    func testTemporarilyUnavailableAccountDeletesNothing() throws {
        let bed = MirrorTestBed()
        let outcome = MirrorBox<MirrorAccountOutcome?>(nil)
        try bed.run { bed in
            await Self.seedPhone(bed)
            bed.server.setAccount(.temporarilyUnavailable(user: "alice"), device: "phone")
            await bed.step(bed.phone) { _, mirror in outcome.value = try await mirror.launch() }
        }
        XCTAssertEqual(outcome.value, .unavailable(.temporarilyUnavailable))
        XCTAssertEqual(bed.goalNames(bed.phone), ["Trip"])
    }

    func testLargeDataGoesToACKAssetFieldAndComesBackWhole() throws {
        let bed = MirrorTestBed()
        let blob = (0..<700_000).map { UInt8($0 % 251) }
        try bed.run { bed in
            await bed.step(bed.phone) { context, mirror in
                context.insert("Goal", ["name": "Big", "snapshot": .data(blob)])
                try context.save()
                try await mirror.launch()
            }
            await bed.step(bed.laptop) { _, mirror in try await mirror.launch() }
        }
        let record = bed.serverRecords()[0]
        XCTAssertEqual(record["CD_snapshot"], .bytes([]))
        XCTAssertEqual(record["CD_snapshot_ckAsset"], .asset(blob))
        XCTAssertEqual(bed.rows(bed.laptop, "Goal").first?["snapshot"], .data(blob))
    }

    func testAnExpiredTokenRefetchesEverythingWithoutDuplicates() throws {
        let bed = MirrorTestBed()
        try bed.run { bed in
            await Self.seedPhone(bed)
            await bed.step(bed.laptop) { _, mirror in try await mirror.launch() }
            await bed.step(bed.phone) { context, mirror in
                context.insert("Goal", ["name": "Car"])
                try context.save()
                try await mirror.exportChanges()
            }
            bed.server.expireChangeTokens(zone: "com.apple.coredata.cloudkit.zone", user: "alice")
            await bed.step(bed.laptop) { _, mirror in try await mirror.importChanges() }
        }
        XCTAssertTrue(bed.sim.trace.records.contains { $0.event.hasSuffix("error=21") })
        XCTAssertEqual(bed.goalNames(bed.laptop), ["Car", "Trip"])
        XCTAssertEqual(bed.rows(bed.laptop, "Allocation").count, 1)
    }

    func testAZoneTheUserDeletedPurgesLocalDataByDefault() throws {
        let bed = MirrorTestBed()
        try bed.run { bed in
            await Self.seedPhone(bed)
            bed.server.userDeletesZone("com.apple.coredata.cloudkit.zone", user: "alice")
            await bed.step(bed.phone) { _, mirror in try await mirror.launch() }
        }
        XCTAssertEqual(bed.goalNames(bed.phone), [])
        XCTAssertEqual(bed.serverRecords(), [])
    }

    func testAZoneTheUserDeletedIsRecreatedAndReuploadedUnderKeepLocalData() throws {
        let bed = MirrorTestBed()
        bed.options.userDeletedZone = .keepLocalData
        try bed.run { bed in
            await Self.seedPhone(bed)
            bed.server.userDeletesZone("com.apple.coredata.cloudkit.zone", user: "alice")
            await bed.step(bed.phone) { _, mirror in try await mirror.launch() }
        }
        XCTAssertEqual(bed.goalNames(bed.phone), ["Trip"])
        XCTAssertEqual(bed.serverRecords().map(\.recordType), ["CD_Allocation", "CD_Goal"], "re-uploaded into the new zone")
        XCTAssertTrue(bed.sim.trace.records.contains { $0.event.hasSuffix("error=28") })
    }

    func testNothingSyncsBeforeTheAccountIsKnown() throws {
        let bed = MirrorTestBed()
        let counts = MirrorBox((-1, -1))
        try bed.run { bed in
            await bed.step(bed.phone) { context, mirror in
                context.insert("Goal", ["name": "Trip"])
                try context.save()
                counts.value = (try await mirror.exportChanges(), try await mirror.importChanges())
            }
        }
        XCTAssertEqual(counts.value.0, 0)
        XCTAssertEqual(counts.value.1, 0)
        XCTAssertEqual(bed.serverRecords(), [])
    }

    func testALostExportResponseIsReconciledByTheNextImportWithoutDuplicates() throws {
        // req#1 account status, #2 create zone, #3 fetch changes, #4 the export's modify.
        let lost = InjectedFault(family: .responseLoss, subject: "req#4", detail: "")
        let bed = MirrorTestBed(faults: .schedule(FaultSchedule([lost])))
        try bed.run { bed in
            await Self.seedPhone(bed)
            await bed.step(bed.phone) { _, mirror in try await mirror.launch() }
        }
        XCTAssertEqual(bed.sim.faults.injected, [lost])
        let modifies = bed.sim.trace.records.filter { $0.component == "phone" && $0.event.contains("→cloudkit") && $0.event.contains("modify") }
        XCTAssertEqual(modifies.count, 1, "the relaunch's import finds the applied save under the same record names; nothing is sent again")
        XCTAssertEqual(bed.serverRecords().map(\.recordType), ["CD_Allocation", "CD_Goal"], "client-chosen names: no duplicates")
        XCTAssertEqual(bed.goalNames(bed.phone), ["Trip"])
    }

    func testExportsGoInBatchesAndATooLargeBatchIsSplitInHalf() throws {
        var config = CloudKitServerConfig()
        config.maxItemsPerRequest = 2
        let bed = MirrorTestBed(config: config)
        bed.options.exportBatchSize = 3
        try bed.run { bed in
            await bed.step(bed.phone) { context, mirror in
                for index in 1...7 { context.insert("Goal", ["name": .string("G\(index)")]) }
                try context.save()
                try await mirror.checkAccount()
                try await mirror.exportChanges()
            }
        }
        let modifies = bed.sim.trace.records.filter { $0.event.contains("→cloudkit") && $0.event.contains("modify") }.map(\.event)
        XCTAssertEqual(modifies.count, 3 + 2 + 2, "batches of 3, 3, 1; a batch of 3 is refused and split into 1 + 2")
        XCTAssertEqual(bed.serverRecords().count, 7)
        XCTAssertEqual(bed.goalNames(bed.phone).count, 7)
    }
}
