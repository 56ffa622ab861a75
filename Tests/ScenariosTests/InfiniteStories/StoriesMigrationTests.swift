import AppPorts
import FakeCloud
import Foundation
@testable import InfiniteStories
import SimCore
import XCTest

/// The ported MigrationManager against the REST fake, without a simulator: what the fixed
/// variant uploads and leaves, and what single defects do.
final class StoriesMigrationTests: XCTestCase {
    func testFixedMigratesEverythingOnceWithLocalIdsParentsAndMedia() async throws {
        let h = try StoriesHarness()
        try await h.signUp()
        let outcome = await h.manager.startMigration()
        XCTAssertEqual(outcome, .completed)
        XCTAssertEqual(h.rows("heroes").compactMap { $0.fields["local_id"]?.stringValue }, ["h1", "h2"])
        XCTAssertEqual(h.rows("custom_events").count, 1)
        let stories = h.rows("stories")
        let school = try XCTUnwrap(stories.first { $0.fields["local_id"] == "s2" })
        XCTAssertEqual(school.fields["hero_id"]?.stringValue, h.rows("heroes").first { $0.fields["local_id"] == "h2" }?.id)
        XCTAssertEqual(school.fields["custom_event_id"]?.stringValue, h.rows("custom_events").first?.id)
        XCTAssertEqual(h.rows("illustrations").map { $0.fields["image_prompt"]?.stringValue }, ["a cat", "a dog"])
        XCTAssertNotNil(h.rows("heroes").first?.fields["avatar_url"]?.stringValue, "the avatar found by file name")
        XCTAssertTrue(h.cache.fetchAll(Hero.self).allSatisfy { $0.serverSyncStatus == .synced && $0.serverId != nil })
        XCTAssertEqual(h.defaults.flushed["cloudSyncEnabled"], .bool(true), "the flags are flushed")
        XCTAssertNil(h.files.files[MigrationManager.checkpointPath])
        XCTAssertEqual(h.manager.progress.current, h.manager.progress.total)
    }

    func testFixedRetryOfALostCreateReplaysInsteadOfCreatingTwice() async throws {
        let h = try StoriesHarness()
        try await h.signUp()
        var lost = 0
        h.transport.loseResponse = { request in
            guard request.method == .post, request.path == "/api/heroes", lost == 0 else { return false }
            lost += 1
            return true
        }
        let outcome = await h.manager.startMigration()
        XCTAssertEqual(outcome, .completed)
        XCTAssertEqual(h.rows("heroes").count, 2, "the retry with the same Idempotency-Key was replayed")
    }

    func testSeedRetryOfALostCreateCreatesTheHeroTwice() async throws {
        let h = try StoriesHarness(variant: StoriesVariant(defects: [.nonIdempotentCreate]))
        try await h.signUp()
        var lost = 0
        h.transport.loseResponse = { request in
            guard request.method == .post, request.path == "/api/heroes", lost == 0 else { return false }
            lost += 1
            return true
        }
        _ = await h.manager.startMigration()
        XCTAssertEqual(h.rows("heroes").filter { $0.fields["name"] == "Luna" }.count, 2)
    }

    func testResumeAfterAnInterruptionSkipsWhatTheLedgerHolds() async throws {
        let h = try StoriesHarness()
        try await h.signUp()
        // A first attempt got as far as the heroes and events, then the app died.
        let export = try h.manager.exportLocalData()
        try await h.manager.uploadToBackend(LocalDataExport(heroes: export.heroes, stories: [], customEvents: export.customEvents,
                                                            mediaFiles: export.mediaFiles))
        let heroCreates = { h.transport.sent.filter { $0.method == .post && $0.path == "/api/heroes" }.count }
        XCTAssertEqual(heroCreates(), 2)
        let outcome = await h.manager.startMigration()
        XCTAssertEqual(outcome, .completed)
        XCTAssertEqual(heroCreates(), 2, "heroes in the ledger are not sent again")
        XCTAssertEqual(h.rows("heroes").count, 2)
        XCTAssertEqual(h.rows("stories").count, 2)
    }

    func testLocalParentIdsAreRefusedAndRolledBack() async throws {
        let h = try StoriesHarness(variant: StoriesVariant(defects: [.localParentIds]))
        try await h.signUp()
        guard case .failed(let error, let rolledBack) = await h.manager.startMigration() else { return XCTFail("migrated with local ids") }
        XCTAssertTrue(error.description.contains("422"), error.description)
        XCTAssertTrue(rolledBack)
        XCTAssertTrue(h.server.admin.rows("heroes").isEmpty, "the rollback removed the heroes it created")
    }

    func testSelfComparingIllustrationFilterAttachesEveryFileToEveryIllustratedStory() async throws {
        let h = try StoriesHarness(variant: StoriesVariant(defects: [.illustrationFilterSelfCompare])) { cache, files in
            try StoriesHarness.smallStore(cache, files)
            files.files["Documents/Illustrations/i3.png"] = Data([3, 3, 3])
            var other = try XCTUnwrap(cache.fetch(Story.self, id: "s2"))
            other.illustrations = [StoryIllustration(id: "i3", timestamp: 2, imagePrompt: "a bus", imagePath: "i3.png", displayOrder: 0)]
            try cache.save(other)
        }
        try await h.signUp()
        _ = await h.manager.startMigration()
        XCTAssertEqual(h.server.admin.rows("illustrations").count, 6, "3 files uploaded to each of the 2 stories")
    }

    func testFixedRollbackRemovesOnlyThisRunsRowsAndTheSeedsRemovesTheWebsToo() async throws {
        for (variant, webLeft) in [(StoriesVariant.fixed, 1), (StoriesVariant(defects: [.rollbackDeletesAll]), 0)] {
            let h = try StoriesHarness(variant: variant)
            try await h.signUp()
            let token = h.webToken()
            h.web(.post, "/api/heroes", ["name": "Web hero", "age": 4], token: token)
            let export = try h.manager.exportLocalData()
            try await h.manager.uploadToBackend(export)
            let finished = await h.manager.rollbackMigration()
            XCTAssertTrue(finished)
            XCTAssertEqual(h.server.admin.rows("heroes").count, webLeft, "\(variant)")
            XCTAssertTrue(h.server.admin.rows("stories").isEmpty, "\(variant)")
            XCTAssertFalse(h.auth.isAuthenticated)
            XCTAssertTrue(h.cache.fetchAll(Story.self).allSatisfy { $0.serverId == nil && $0.serverSyncStatus == .pending }, "\(variant)")
        }
    }

    func testMarkAllSyncedClaimsAHeroTheUploadNeverSaw() async throws {
        let h = try StoriesHarness(variant: StoriesVariant(defects: [.markAllSynced]))
        try await h.signUp()
        let export = try h.manager.exportLocalData()
        try await h.manager.uploadToBackend(export)
        try h.cache.save(Hero(id: "h9", name: "Late", age: 4, traits: [], createdAtMilliseconds: 9))
        try await h.manager.markAsMigrated()
        let late = try XCTUnwrap(h.cache.fetch(Hero.self, id: "h9"))
        XCTAssertEqual(late.serverSyncStatus, .synced)
        XCTAssertNil(late.serverId)
    }

    func testFixedMarkLeavesAnUnsentHeroPendingUntilItIsSent() async throws {
        let h = try StoriesHarness()
        try await h.signUp()
        let export = try h.manager.exportLocalData()
        try await h.manager.uploadToBackend(export)
        try h.cache.save(Hero(id: "h9", name: "Late", age: 4, traits: [], createdAtMilliseconds: 9))
        try await h.manager.markAsMigrated()
        let late = try XCTUnwrap(h.cache.fetch(Hero.self, id: "h9"))
        XCTAssertEqual(late.serverSyncStatus, .synced, "the mark phase loops back to send it")
        XCTAssertNotNil(h.rows("heroes").first { $0.fields["local_id"] == "h9" })
    }

    func testSeedDetectionSkipsASignedInUserAndFixedDoesNot() async throws {
        let seed = try StoriesHarness(variant: StoriesVariant(defects: [.skipWhenAuthenticated]))
        try await seed.signUp()
        XCTAssertFalse(seed.manager.checkMigrationNeeded())
        let fixed = try StoriesHarness()
        try await fixed.signUp()
        XCTAssertTrue(fixed.manager.checkMigrationNeeded())
    }

    func testAStoreClaimedByOneAccountIsNotMigratedIntoAnother() async throws {
        let h = try StoriesHarness()
        try await h.signUp("ann@example.com")
        let outcome = await h.manager.startMigration()
        XCTAssertEqual(outcome, .completed)
        await h.auth.signOut()
        try await h.signUp("bob@example.com")
        XCTAssertFalse(h.manager.canMigrate(into: h.userId))
        XCTAssertTrue(h.rows("heroes").isEmpty, "nothing in Bob's account")
    }
}
