import FakeCloud
import SimCore
import XCTest

/// Sessions, storage and triggers of the fake Supabase.
final class AuthStorageFunctionTests: XCTestCase {
    func testExpiredSessionIs401ThenRefreshWorksThenSignOutIs401() {
        let bed = SupabaseTestBed()
        let a = bed.signUp("a@example.com")
        XCTAssertEqual(bed.select(a.token, "t").status, 200)
        bed.nowNanoseconds = 3_600 * 1_000_000_000
        let expired = bed.select(a.token, "t")
        XCTAssertEqual(expired.status, 401)
        XCTAssertEqual(expired.error?.code, "PGRST303")
        let refreshed = bed.send(SupabaseRequest(accessToken: nil, .auth(.refresh(refreshToken: a.refresh))))
        XCTAssertEqual(refreshed.status, 200)
        let token = refreshed.body["access_token"]!.stringValue!
        XCTAssertEqual(bed.select(token, "t").status, 200)
        XCTAssertEqual(bed.send(SupabaseRequest(accessToken: token, .auth(.signOut(scope: .global)))).status, 204)
        let signedOut = bed.select(token, "t")
        XCTAssertEqual(signedOut.status, 401)
        XCTAssertEqual(signedOut.error?.code, "PGRST301")
    }

    /// GoTrue's reuse rules (supabase/auth `token_refresh.go`): the parent of the active token may
    /// be presented again at any time (a lost refresh response); another spent token only within
    /// the reuse interval; later, the whole session is revoked.
    func testRefreshTokenReuseFollowsGoTrue() {
        let bed = SupabaseTestBed()
        let a = bed.signUp("a@example.com")
        func refresh(_ token: String) -> SupabaseResponse {
            bed.send(SupabaseRequest(accessToken: nil, .auth(.refresh(refreshToken: token))))
        }
        let first = refresh(a.refresh)
        XCTAssertEqual(first.status, 200)
        let child = first.body["refresh_token"]!.stringValue!
        XCTAssertNotEqual(child, a.refresh)

        // The response was lost: the same (spent) token again, long after, gets the active token back.
        bed.nowNanoseconds += 600 * 1_000_000_000
        let again = refresh(a.refresh)
        XCTAssertEqual(again.status, 200)
        XCTAssertEqual(again.body["refresh_token"]?.stringValue, child, "no new refresh token for the active one's parent")
        XCTAssertNotEqual(again.body["access_token"]?.stringValue, first.body["access_token"]?.stringValue)
        XCTAssertEqual(bed.select(again.body["access_token"]!.stringValue!, "t").status, 200)

        // The chain moves on; the grandparent within the reuse interval starts a new branch.
        let second = refresh(child)
        XCTAssertEqual(second.status, 200)
        let grandchild = second.body["refresh_token"]!.stringValue!
        bed.nowNanoseconds += 5 * 1_000_000_000
        let withinInterval = refresh(a.refresh)
        XCTAssertEqual(withinInterval.status, 400, "a.refresh was spent 600 s ago: outside the interval")
        XCTAssertEqual(withinInterval.error?.code, "refresh_token_already_used")
        // Reuse detection revoked the session: every token of it is gone.
        XCTAssertEqual(refresh(grandchild).error?.code, "refresh_token_not_found")
        XCTAssertEqual(bed.select(second.body["access_token"]!.stringValue!, "t").error?.code, "PGRST301")
    }

    func testSpentTokenWithinReuseIntervalStartsABranchAndRevokedSessionsCannotRefresh() {
        let bed = SupabaseTestBed()
        let a = bed.signUp("a@example.com")
        func refresh(_ token: String) -> SupabaseResponse {
            bed.send(SupabaseRequest(accessToken: nil, .auth(.refresh(refreshToken: token))))
        }
        let child = refresh(a.refresh).body["refresh_token"]!.stringValue!
        let grandchild = refresh(child).body["refresh_token"]!.stringValue!
        bed.nowNanoseconds += 9 * 1_000_000_000
        let branch = refresh(a.refresh)
        XCTAssertEqual(branch.status, 200, "spent 9 s ago: inside the 10 s interval")
        XCTAssertNotEqual(branch.body["refresh_token"]?.stringValue, grandchild)
        XCTAssertNotEqual(branch.body["refresh_token"]?.stringValue, child)

        let admin = bed.send(SupabaseRequest(accessToken: SupabaseConfig().serviceRoleKey, .auth(.adminRevokeSessions(userId: a.id))))
        XCTAssertEqual(admin.status, 204)
        let afterRevoke = refresh(branch.body["refresh_token"]!.stringValue!)
        XCTAssertEqual(afterRevoke.status, 400)
        XCTAssertEqual(afterRevoke.error?.code, "refresh_token_not_found")
        XCTAssertEqual(bed.select(branch.body["access_token"]!.stringValue!, "t").error?.code, "PGRST301")
    }

    func testSignUpTriggerCreatesProfileRow() {
        let bed = SupabaseTestBed()
        let a = bed.signUp("a@example.com")
        XCTAssertEqual(bed.server.admin.row("profiles", key: a.id)?["display_name"], "a@example.com")
        XCTAssertEqual(bed.server.admin.provenance.last?.operation, .trigger)
        XCTAssertTrue(bed.trace.recordCount > 0)
        let duplicate = bed.send(SupabaseRequest(accessToken: nil, .auth(.signUp(email: "A@example.com", password: "secret-1"))))
        XCTAssertEqual(duplicate.status, 422)
        let wrong = bed.send(SupabaseRequest(accessToken: nil, .auth(.signIn(email: "a@example.com", password: "nope-nope"))))
        XCTAssertEqual(wrong.status, 400)
        XCTAssertEqual(wrong.error?.code, "invalid_credentials")
    }

    func testStorageDuplicateWithoutUpsertIs409AndWithUpsertReplaces() {
        let bed = SupabaseTestBed()
        let a = bed.signUp("a@example.com")
        let path = a.id + "/p.jpg"
        let upload = { (bytes: [UInt8], upsert: Bool) in
            bed.send(SupabaseRequest(accessToken: a.token, .storage(.upload(bucket: "photos", path: path, data: bytes, upsert: upsert))))
        }
        XCTAssertEqual(upload([1, 2], false).status, 200)
        let duplicate = upload([3], false)
        XCTAssertEqual(duplicate.status, 409)
        XCTAssertEqual(duplicate.error?.code, "Duplicate")
        XCTAssertEqual(upload([3], true).status, 200)
        let download = bed.send(SupabaseRequest(accessToken: a.token, .storage(.download(bucket: "photos", path: path))))
        XCTAssertEqual(download.data, [3])
    }

    func testStorageOwnerFolderPolicySizeLimitAndMissingObject() {
        let bed = SupabaseTestBed()
        let a = bed.signUp("a@example.com"), b = bed.signUp("b@example.com")
        let intoA = bed.send(SupabaseRequest(accessToken: b.token, .storage(.upload(bucket: "photos", path: a.id + "/x", data: [1], upsert: false))))
        XCTAssertEqual(intoA.status, 403)
        let big = bed.send(SupabaseRequest(accessToken: a.token, .storage(.upload(bucket: "photos", path: a.id + "/x", data: Array(repeating: 0, count: 11), upsert: false))))
        XCTAssertEqual(big.status, 413)
        let missing = bed.send(SupabaseRequest(accessToken: a.token, .storage(.download(bucket: "photos", path: a.id + "/none"))))
        XCTAssertEqual(missing.status, 404)
        _ = bed.send(SupabaseRequest(accessToken: a.token, .storage(.upload(bucket: "photos", path: a.id + "/x", data: [1], upsert: false))))
        let removedByB = bed.send(SupabaseRequest(accessToken: b.token, .storage(.remove(bucket: "photos", paths: [a.id + "/x"]))))
        XCTAssertEqual(removedByB.rows.count, 0)
        XCTAssertEqual(bed.server.admin.objects.count, 1)
    }

    func testSameSeedGivesSameServerIds() {
        let first = SupabaseTestBed(), second = SupabaseTestBed()
        XCTAssertEqual(first.signUp("a@example.com").id, second.signUp("a@example.com").id)
    }
}
