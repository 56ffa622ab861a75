import AppPorts
import FakeCloud
import Foundation
@testable import InfiniteStories
@testable import InfiniteStoriesSim
import SimCore
import SimHarness
import XCTest

/// Every InfiniteStories checker, fed a world built by hand to break exactly its invariant.
final class StoriesCheckerTests: XCTestCase {
    /// A backend with Alice and Bob, and Alice's device-1 whose store holds one hero and one story.
    final class Bed {
        let server = RESTServer(definition: StoriesBackend.definition(StoriesBackend.Options()))
        var tokens: [String: String] = [:]
        var users: [String: String] = [:]
        var hero = Hero(id: "h1", name: "d1 Hero 1", age: 6, traits: ["kind"], createdAtMilliseconds: 1_000)
        var story = Story(id: "s1", title: "d1 Story 1", content: "text", heroId: "h1", createdAtMilliseconds: 2_000)
        var report = StoriesReports.Report()
        var cloudSyncEnabled = true

        init() {
            for label in ["alice", "bob"] {
                let response = send(HTTPRequest(.post, "/auth/signup", body: .json(["email": .string("\(label)@x.com"), "password": "password-1"])), "setup")
                tokens[label] = response.json?["data"]?["access_token"]?.stringValue
                users[label] = response.json?["data"]?["user"]?["id"]?.stringValue
            }
        }

        @discardableResult
        func send(_ request: HTTPRequest, _ caller: String) -> HTTPResponse {
            server.handle(request, context: ServiceContext(now: .zero, caller: caller, requestNumber: 0, trace: Trace(recording: false)))
        }

        /// Creates a row as `label` from `caller`; returns its id.
        @discardableResult
        func create(_ path: String, _ body: [String: JSONValue], as label: String = "alice", from caller: String = "device-1") -> String {
            let response = send(HTTPRequest(.post, path, body: .json(.object(body))).bearer(tokens[label]), caller)
            precondition(response.status == 201, "\(response.status) \(String(describing: response.json))")
            return response.json!["data"]!["id"]!.stringValue!
        }

        /// The hero and story on Alice's server as a correct migration leaves them; marks them synced.
        func migrate() {
            var heroBody = ContentFields.hero(hero)
            heroBody["local_id"] = .string(hero.id)
            hero.serverId = create("/api/heroes", heroBody)
            var storyBody = ContentFields.story(story)
            storyBody["local_id"] = .string(story.id)
            storyBody["hero_id"] = .string(hero.serverId!)
            story.serverId = create("/api/stories", storyBody)
            hero.serverSyncStatus = .synced
            story.serverSyncStatus = .synced
            report.completions = [users["alice"]!]
        }

        var world: StoriesWorld {
            let dataset = StoriesDataset(containerPath: "/c", installId: "i", heroes: [hero], stories: [story], events: [], mediaFiles: [:])
            let device = StoriesWorld.DeviceState(
                name: "device-1", owner: "alice", expectation: .migrated, original: dataset,
                local: LocalData(heroes: [hero], stories: [story], events: [], files: [:]), session: "alice", intended: "alice",
                cloudSyncEnabled: cloudSyncEnabled, rollbackPending: false, report: report)
            return StoriesWorld(admin: server.admin, users: users, devices: [device])
        }
    }

    func invariants(_ violations: [Violation]) -> [String] { violations.map(\.invariant) }

    func testACorrectMigrationSatisfiesEveryChecker() {
        let bed = Bed()
        bed.migrate()
        XCTAssertEqual(StoriesChecks.run(bed.world, history: History()), [])
    }

    func testNoLostUpdateReportsAHeroWithAnOlderNameAndOneThatIsGone() {
        let bed = Bed()
        bed.migrate()
        var world = bed.world
        world.lastNames = ["device-1": [bed.hero.id: "renamed by the user", "h9": "made by the user"]]
        let found = NoLostUpdateChecker().check(world, history: History())
        XCTAssertEqual(invariants(found), ["no-lost-update"])
        XCTAssertEqual(found.first?.entities.map(\.entity), ["hero h1", "hero h9"])
        XCTAssertEqual(found.first?.entities.map(\.actual), ["d1 Hero 1", "gone"])
        world.lastNames = ["device-1": [bed.hero.id: bed.hero.name]]
        XCTAssertEqual(NoLostUpdateChecker().check(world, history: History()), [], "the hero carries the name the user last gave it")
    }

    func testIntendedSessionReportsADeviceSignedInAsTheAccountItsUserLeft() {
        let bed = Bed()
        bed.migrate()
        let world = bed.world
        var handedOver = world.devices[0]
        handedOver.intended = "bob"
        let found = IntendedSessionChecker().check(StoriesWorld(admin: world.admin, users: world.users, devices: [handedOver]), history: History())
        XCTAssertEqual(invariants(found), ["intended-session"])
        XCTAssertEqual(found.first?.entities.first?.actual, "alice")
        var signedOut = handedOver
        signedOut.session = nil
        let signedOutWorld = StoriesWorld(admin: world.admin, users: world.users, devices: [signedOut])
        XCTAssertEqual(IntendedSessionChecker().check(signedOutWorld, history: History()), [])
    }

    func testNoLossReportsAMissingStoryAndADifferentField() {
        let bed = Bed()
        bed.migrate()
        bed.send(HTTPRequest(.delete, "/api/stories/\(bed.story.serverId!)").bearer(bed.tokens["alice"]), "web")
        bed.send(HTTPRequest(.patch, "/api/heroes/\(bed.hero.serverId!)", body: .json(["age": 9])).bearer(bed.tokens["alice"]), "web")
        let found = NoLossChecker().check(bed.world, history: History())
        XCTAssertEqual(invariants(found), ["no-loss"])
        XCTAssertTrue(found[0].entities.contains { $0.entity == "story d1 Story 1" && $0.actual == "missing" }, "\(found)")
        XCTAssertTrue(found[0].entities.contains { $0.entity == "hero d1 Hero 1 age" && $0.actual == "9" }, "\(found)")
    }

    func testNoDuplicateAndIdempotentRetryReportAHeroCreatedTwice() {
        let bed = Bed()
        bed.migrate()
        bed.create("/api/heroes", ContentFields.hero(bed.hero))
        let duplicates = NoDuplicateChecker().check(bed.world, history: History())
        XCTAssertEqual(invariants(duplicates), ["no-duplicate"])
        XCTAssertTrue(duplicates[0].entities.contains { $0.entity == "heroes hero:d1 Hero 1" && $0.actual == "2" }, "\(duplicates)")
        let retry = IdempotentRetryChecker().check(bed.world, history: History())
        XCTAssertEqual(invariants(retry), ["idempotent-retry"])
        XCTAssertEqual(retry[0].entities.first?.actual, "2 (creates: 2)")
    }

    func testReferentialIntegrityReportsAStoryUnderAnotherHero() {
        let bed = Bed()
        bed.migrate()
        let stranger = bed.create("/api/heroes", ["name": "web Hero", "age": 3], from: "web")
        bed.send(HTTPRequest(.patch, "/api/stories/\(bed.story.serverId!)", body: .json(["hero_id": .string(stranger)])).bearer(bed.tokens["alice"]), "web")
        let found = ReferentialIntegrityChecker().check(bed.world, history: History())
        XCTAssertEqual(invariants(found), ["referential-integrity"])
        XCTAssertEqual(found[0].entities.first?.entity, "story d1 Story 1 hero_id")
        XCTAssertEqual(found[0].entities.first?.actual, "hero:web Hero")
    }

    func testNoCrossAccountLeakReportsARowThatWasInTheWrongAccountEvenAfterItsDeletion() {
        let bed = Bed()
        bed.migrate()
        let leaked = bed.create("/api/heroes", ContentFields.hero(bed.hero), as: "bob")
        bed.send(HTTPRequest(.delete, "/api/heroes/\(leaked)").bearer(bed.tokens["bob"]), "device-1")
        let found = NoCrossAccountLeakChecker().check(bed.world, history: History())
        XCTAssertEqual(invariants(found), ["no-cross-account-leak"])
        XCTAssertEqual(found[0].entities.first?.actual, "was in bob's (deleted since)")
    }

    func testStatusTruthfulnessReportsAFalseSyncedClaimEarlyProgressAndSyncLeftOff() {
        let bed = Bed()
        bed.migrate()
        bed.hero.serverId = nil
        bed.report.earlyCompletions = [[EntityDiff(entity: "story d1 Story 2", expected: "on the server", actual: "missing")]]
        bed.report.unfinishedProgress = [(current: 3, total: 5)]
        bed.cloudSyncEnabled = false
        let found = StatusTruthfulnessChecker().check(bed.world, history: History())
        XCTAssertEqual(invariants(found), ["status-truthfulness"])
        let entities = found[0].entities.map(\.entity)
        XCTAssertTrue(entities.contains("hero d1 Hero 1"), "\(found)")
        XCTAssertTrue(entities.contains("story d1 Story 2"), "\(found)")
        XCTAssertTrue(entities.contains("device-1 upload progress"), "\(found)")
        XCTAssertTrue(entities.contains("device-1 cloudSyncEnabled"), "\(found)")
    }

    func testRollbackSafetyReportsADeleteOfAnotherDevicesRowAndARollbackLeftover() {
        let bed = Bed()
        bed.migrate()
        let web = bed.create("/api/heroes", ["name": "web Hero", "age": 3], from: "web")
        bed.send(HTTPRequest(.delete, "/api/heroes/\(web)").bearer(bed.tokens["alice"]), "device-1")
        bed.report.rollbackLeftovers = [[EntityDiff(entity: "stories story:d1 Story 1", expected: "deleted by the rollback", actual: "still on the server")]]
        let found = RollbackSafetyChecker().check(bed.world, history: History())
        XCTAssertEqual(invariants(found), ["rollback-safety"])
        XCTAssertTrue(found[0].entities.contains { $0.location.hasPrefix("deleted by device-1") && $0.expected == "kept (created by web)" }, "\(found)")
        XCTAssertTrue(found[0].entities.contains { $0.location == "device-1 rollback" }, "\(found)")
    }

    func testEventualCompletionReportsAMigrationThatNeverFinished() {
        let bed = Bed()
        bed.migrate()
        bed.report.completions = []
        bed.story.serverSyncStatus = .pending
        let found = EventualCompletionChecker().check(bed.world, history: History())
        XCTAssertEqual(invariants(found), ["eventual-completion"])
        XCTAssertEqual(found[0].kind, .liveness)
        XCTAssertTrue(found[0].entities[0].actual.hasPrefix("never completed, 1 unsynced"), "\(found)")
    }

    func testEventualCompletionListsWhatHealingLeftPending() {
        let bed = Bed()
        bed.migrate()
        var world = bed.world
        XCTAssertEqual(EventualCompletionChecker().check(world, history: History()), [], "a completed migration and nothing pending")
        world.healing = HealingOutcome(pending: ["device-1 not settled after 4 reopens: rollback pending"])
        let found = EventualCompletionChecker().check(world, history: History())
        XCTAssertEqual(invariants(found), ["eventual-completion"])
        XCTAssertEqual(found[0].kind, .liveness)
        XCTAssertEqual(found[0].entities.map(\.actual), ["device-1 not settled after 4 reopens: rollback pending"])
    }

    func testVerifierSoundnessReportsAVerificationThatPassedWrongData() {
        let bed = Bed()
        bed.migrate()
        bed.report.unsoundVerifications = [[EntityDiff(entity: "story d1 Story 1 play_count", expected: "3", actual: "absent")]]
        let found = VerifierSoundnessChecker().check(bed.world, history: History())
        XCTAssertEqual(invariants(found), ["verifier-soundness"])
        XCTAssertEqual(found[0].entities.first?.location, "device-1 verification passed")
    }
}
