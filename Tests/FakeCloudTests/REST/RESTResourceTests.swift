import FakeCloud
import SimCore
import XCTest

/// CRUD routes derived from the definition, owner scoping, validation, references, paging, bulk delete.
final class RESTResourceTests: XCTestCase {
    func testCreateAnswers201WithLocationServerIdAndTimestamps() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        bed.advance(seconds: 90)
        let response = bed.request(.post, alice.token, "/api/heroes", ["name": "Luna", "age": 8, "traits": ["brave", "kind"]])
        XCTAssertEqual(response.status, 201)
        let id = response.data?["id"]?.stringValue ?? ""
        XCTAssertEqual(id.count, 36, "a UUID-shaped id")
        XCTAssertEqual(response.headers["location"], "/api/heroes/" + id, "Location, found case-insensitively")
        XCTAssertEqual(response.data?["owner_id"]?.stringValue, alice.id)
        XCTAssertEqual(response.data?["created_at"]?.stringValue, "2025-01-01T00:01:30.000Z")
        XCTAssertEqual(response.data?["updated_at"]?.stringValue, "2025-01-01T00:01:30.000Z")
        XCTAssertEqual(response.data?["special_ability"], .null, "an optional field never set is null")
        XCTAssertEqual(response.data?["traits"], ["brave", "kind"])
    }

    func testReadReplacePatchAndDeleteAnswer200And204() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let id = bed.hero(alice.token, "Luna")
        XCTAssertEqual(bed.request(.get, alice.token, "/api/heroes/" + id).data?["name"], "Luna")
        bed.advance(seconds: 5)
        let patched = bed.request(.patch, alice.token, "/api/heroes/" + id, ["special_ability": "Flying"])
        XCTAssertEqual(patched.status, 200)
        XCTAssertEqual(patched.data?["name"], "Luna", "PATCH keeps the fields not sent")
        XCTAssertEqual(patched.data?["special_ability"], "Flying")
        XCTAssertEqual(patched.data?["updated_at"]?.stringValue, "2025-01-01T00:00:05.000Z")
        XCTAssertEqual(patched.data?["created_at"]?.stringValue, "2025-01-01T00:00:00.000Z")
        let replaced = bed.request(.put, alice.token, "/api/heroes/" + id, ["name": "Sol", "age": 9])
        XCTAssertEqual(replaced.status, 200)
        XCTAssertEqual(replaced.data?["special_ability"], .null, "PUT replaces the whole resource")
        XCTAssertEqual(bed.request(.put, alice.token, "/api/heroes/" + id, ["name": "Sol"]).fieldErrors, ["age:required"], "PUT validates as a create")
        let deleted = bed.request(.delete, alice.token, "/api/heroes/" + id)
        XCTAssertEqual(deleted.status, 204)
        XCTAssertEqual(deleted.body, .none)
        XCTAssertEqual(bed.request(.get, alice.token, "/api/heroes/" + id).status, 404)
        XCTAssertEqual(bed.server.admin.writes.map(\.kind), [.create, .update, .replace, .delete])
    }

    func testAnotherUsersResourceAnswers404LikeAnUnknownId() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let bob = bed.signUp("bob@example.com")
        let id = bed.hero(alice.token, "Luna")
        let unknown = bed.request(.get, bob.token, "/api/heroes/00000000-0000-4000-8000-0000000000ff")
        for method in [HTTPMethod.get, .patch, .put, .delete] {
            let response = bed.request(method, bob.token, "/api/heroes/" + id, method == .get || method == .delete ? nil : ["name": "X", "age": 1])
            XCTAssertEqual(response.status, 404, "\(method)")
            XCTAssertEqual(response.body, unknown.body, "\(method): indistinguishable from a missing id")
        }
        XCTAssertEqual(bed.request(.get, bob.token, "/api/heroes").data, [], "lists show only the caller's rows")
        XCTAssertEqual(bed.server.admin.rows("heroes").first?.fields["name"], "Luna", "bob changed nothing")
    }

    func testRetriedPostWithoutKeyCreatesASecondRowWithANewId() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let body: JSONValue = ["hero_id": .string(bed.hero(alice.token, "Luna")), "title": "Dragons"]
        let first = bed.request(.post, alice.token, "/api/stories", body)
        let retry = bed.request(.post, alice.token, "/api/stories", body)
        XCTAssertEqual([first.status, retry.status], [201, 201])
        XCTAssertNotEqual(first.data?["id"], retry.data?["id"])
        XCTAssertEqual(bed.names("stories"), ["Dragons", "Dragons"])
    }

    func testServerIdsAreTheSameInEveryRun() {
        func ids() -> [String] {
            let bed = RESTTestBed()
            let alice = bed.signUp("alice@example.com")
            return [alice.id, bed.hero(alice.token, "A"), bed.hero(alice.token, "B")]
        }
        XCTAssertEqual(ids(), ids())
        XCTAssertEqual(Set(ids()).count, 3)
    }

    func testValidationErrorsAre422WithEveryFieldAndReason() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let response = bed.request(
            .post, alice.token, "/api/heroes",
            ["name": "a name far longer than twenty", "age": "eight", "traits": ["ok", 3], "special_ability": .null])
        XCTAssertEqual(response.status, 422)
        XCTAssertEqual(response.errorCode, "validation_failed")
        XCTAssertEqual(response.fieldErrors, ["age:invalid_type", "name:too_long", "traits:invalid_type"])
        XCTAssertEqual(bed.request(.post, alice.token, "/api/heroes", [:]).fieldErrors, ["age:required", "name:required"])
        let story = bed.request(.post, alice.token, "/api/stories", ["hero_id": .string(bed.hero(alice.token, "L")), "title": "T", "published_at": "2025-01-06 09:30"])
        XCTAssertEqual(story.fieldErrors, ["published_at:invalid_date_time"])
        let good = bed.request(.post, alice.token, "/api/stories", ["hero_id": .string(bed.server.admin.rows("heroes")[0].id), "title": "T", "published_at": "2025-01-06T09:30:00+01:00", "rating": 4, "meta": ["a": [1]]])
        XCTAssertEqual(good.status, 201, "an int is a valid double; json takes anything")
        XCTAssertEqual(bed.request(.patch, alice.token, "/api/heroes/" + bed.server.admin.rows("heroes")[0].id, ["name": .null]).fieldErrors, ["name:required"])
        XCTAssertEqual(bed.server.admin.rows("heroes").count, 1, "refused creates store nothing")
    }

    func testUnknownFieldsAreIgnoredByDefaultAndRejectedWhenConfigured() {
        let lenient = RESTTestBed()
        let alice = lenient.signUp("alice@example.com")
        let response = lenient.request(.post, alice.token, "/api/heroes", ["name": "L", "age": 1, "color": "red", "id": "mine", "owner_id": "x"])
        XCTAssertEqual(response.status, 201)
        XCTAssertNil(response.data?["color"])
        XCTAssertNotEqual(response.data?["id"], "mine", "the server assigns ids")
        XCTAssertEqual(response.data?["owner_id"]?.stringValue, alice.id)
        var config = RESTServerConfig()
        config.unknownFields = .reject
        let strict = RESTTestBed(config: config)
        let bob = strict.signUp("bob@example.com")
        let refused = strict.request(.post, bob.token, "/api/heroes", ["name": "L", "age": 1, "color": "red", "id": "mine"])
        XCTAssertEqual(refused.status, 422)
        XCTAssertEqual(refused.fieldErrors, ["color:unknown", "id:read_only"])
    }

    func testParentThatIsMissingOrAnotherUsersIs422ByDefaultAnd404AsAnOption() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let bob = bed.signUp("bob@example.com")
        let alicesHero = bed.hero(alice.token, "Luna")
        for parent in [alicesHero, "00000000-0000-4000-8000-0000000000ff"] {
            let response = bed.request(.post, bob.token, "/api/stories", ["hero_id": .string(parent), "title": "T"])
            XCTAssertEqual(response.status, 422)
            XCTAssertEqual(response.fieldErrors, ["hero_id:not_found"])
        }
        var config = RESTServerConfig()
        config.missingParent = .notFound
        let strict = RESTTestBed(config: config)
        let carol = strict.signUp("carol@example.com")
        XCTAssertEqual(strict.request(.post, carol.token, "/api/stories", ["hero_id": "nope", "title": "T"]).status, 404)
        XCTAssertTrue(bed.server.admin.rows("stories").isEmpty && strict.server.admin.rows("stories").isEmpty)
    }

    func testUniqueFieldSetIsPerOwnerAndAnswers409() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let bob = bed.signUp("bob@example.com")
        let luna = bed.hero(alice.token, "Luna")
        let clash = bed.request(.post, alice.token, "/api/heroes", ["name": "Luna", "age": 3])
        XCTAssertEqual(clash.status, 409)
        XCTAssertEqual(clash.fieldErrors, ["name:taken"])
        XCTAssertEqual(bed.request(.post, bob.token, "/api/heroes", ["name": "Luna", "age": 3]).status, 201, "another owner may use the name")
        let sol = bed.hero(alice.token, "Sol")
        XCTAssertEqual(bed.request(.patch, alice.token, "/api/heroes/" + sol, ["name": "Luna"]).status, 409)
        XCTAssertEqual(bed.request(.patch, alice.token, "/api/heroes/" + luna, ["name": "Luna", "age": 4]).status, 200, "a row does not clash with itself")
        var config = RESTServerConfig()
        config.uniqueViolationStatus = 422
        let rails = RESTTestBed(config: config)
        let carol = rails.signUp("carol@example.com")
        _ = rails.hero(carol.token, "Luna")
        XCTAssertEqual(rails.request(.post, carol.token, "/api/heroes", ["name": "Luna", "age": 3]).status, 422)
    }

    func testListCapsThePageSizeAndReportsTotalAndNext() {
        var config = RESTServerConfig()
        config.maxPageSize = 3
        config.defaultPageSize = 2
        let bed = RESTTestBed(config: config)
        let alice = bed.signUp("alice@example.com")
        for index in 0..<7 { _ = bed.hero(alice.token, "H\(index)") }
        let first = bed.request(.get, alice.token, "/api/heroes?limit=1000&offset=0")
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(first.data?.arrayValue?.compactMap { $0["name"]?.stringValue }, ["H0", "H1", "H2"], "capped at the max page size")
        XCTAssertEqual(first.json?["pagination"], ["total": 7, "limit": 3, "offset": 0, "next": "/api/heroes?limit=3&offset=3"])
        var names: [String] = []
        var next = first.json?["pagination"]?["next"]?.stringValue
        names += first.data?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        while let target = next {
            let page = bed.request(.get, alice.token, target)
            names += page.data?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
            next = page.json?["pagination"]?["next"]?.stringValue
        }
        XCTAssertEqual(names, (0..<7).map { "H\($0)" }, "following next visits every row once, in creation order")
        XCTAssertEqual(bed.request(.get, alice.token, "/api/heroes").data?.arrayValue?.count, 2, "default page size")
        XCTAssertEqual(bed.request(.get, alice.token, "/api/heroes?limit=0").status, 400)
        XCTAssertEqual(bed.request(.get, alice.token, "/api/heroes?offset=-1").status, 400)
        XCTAssertEqual(bed.request(.get, alice.token, "/api/heroes?limit=ten").errorCode, "invalid_query")
    }

    func testListFiltersByDeclaredFieldAndKeepsTheFilterInNext() {
        var config = RESTServerConfig()
        config.maxPageSize = 1
        let bed = RESTTestBed(config: config)
        let alice = bed.signUp("alice@example.com")
        let luna = bed.hero(alice.token, "Luna")
        let sol = bed.hero(alice.token, "Sol")
        _ = bed.story(alice.token, hero: luna, "A")
        _ = bed.story(alice.token, hero: sol, "B")
        _ = bed.story(alice.token, hero: luna, "C")
        let page = bed.request(.get, alice.token, "/api/stories?hero_id=\(luna)&unknown=1")
        XCTAssertEqual(page.data?.arrayValue?.first?["title"], "A")
        XCTAssertEqual(page.json?["pagination"]?["total"], 2)
        XCTAssertEqual(page.json?["pagination"]?["next"]?.stringValue, "/api/stories?hero_id=\(luna)&limit=1&offset=1")
    }

    func testBulkDeleteRemovesOnlyTheCallersRows() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let bob = bed.signUp("bob@example.com")
        let aliceHero = bed.hero(alice.token, "A1")
        let bobHero = bed.hero(bob.token, "B1")
        _ = bed.story(alice.token, hero: aliceHero, "a-story")
        _ = bed.story(bob.token, hero: bobHero, "b-story")
        let stories = bed.request(.delete, alice.token, "/api/stories/all")
        XCTAssertEqual(stories.status, 200)
        XCTAssertEqual(stories.data, ["deleted": 1])
        XCTAssertEqual(bed.request(.delete, alice.token, "/api/heroes").data, ["deleted": 1])
        XCTAssertEqual(bed.names("heroes"), ["B1"])
        XCTAssertEqual(bed.names("stories"), ["b-story"])
        XCTAssertEqual(bed.request(.get, alice.token, "/api/stories/all").headers["Allow"], "DELETE", "the declared path is DELETE-only")
        XCTAssertEqual(bed.server.admin.writes.filter { $0.kind == .bulkDelete }.map(\.userId), [alice.id, alice.id])
    }

    func testDeletingAParentRestrictsCascadesOrNullsAsDeclared() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let hero = bed.hero(alice.token, "Luna")
        let story = bed.story(alice.token, hero: hero, "S")
        XCTAssertEqual(bed.request(.post, alice.token, "/api/illustrations", ["story_id": .string(story)]).status, 201)
        XCTAssertEqual(bed.request(.post, alice.token, "/api/events", ["hero_id": .string(hero), "title": "E"]).status, 201)
        let restricted = bed.request(.delete, alice.token, "/api/heroes")
        XCTAssertEqual(restricted.status, 409, "stories.hero_id restricts: the seed's rollback order (heroes first) fails here")
        XCTAssertEqual(restricted.errorCode, "still_referenced")
        XCTAssertEqual(bed.server.admin.rows.count, 4, "a refused delete changes nothing")
        XCTAssertEqual(bed.request(.delete, alice.token, "/api/stories/" + story).status, 204)
        XCTAssertTrue(bed.server.admin.rows("illustrations").isEmpty, "illustrations cascade")
        XCTAssertEqual(bed.request(.delete, alice.token, "/api/heroes/" + hero).status, 204)
        XCTAssertEqual(bed.server.admin.rows("events").first?.fields["hero_id"], .null, "events are nulled")
        XCTAssertEqual(bed.server.admin.writes.map(\.kind), [.create, .create, .create, .create, .delete, .cascadeDelete, .delete, .setNull])
    }
}
