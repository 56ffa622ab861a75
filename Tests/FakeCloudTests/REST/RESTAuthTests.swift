import FakeCloud
import SimCore
import XCTest

/// Sign-up, sign-in, refresh, sign-out, and the 401s of a missing, expired, revoked or unknown token.
final class RESTAuthTests: XCTestCase {
    func testSignUpReturnsTokensWithExpiryAndDuplicateEmailIs409() {
        let bed = RESTTestBed()
        bed.advance(seconds: 30)
        let response = bed.send(HTTPRequest(.post, "/auth/signup", body: .json(["email": "Alice@Example.com", "password": "password-1", "name": "Alice"])))
        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(response.data?["token_type"], "Bearer")
        XCTAssertEqual(response.data?["expires_in"], 3600)
        XCTAssertEqual(response.data?["expires_at"], "2025-01-01T01:00:30.000Z", "virtual time + one hour")
        XCTAssertEqual(response.data?["user"]?["email"], "alice@example.com")
        XCTAssertNotNil(response.data?["refresh_token"]?.stringValue)
        let again = bed.send(HTTPRequest(.post, "/auth/signup", body: .json(["email": "ALICE@example.com", "password": "password-2"])))
        XCTAssertEqual(again.status, 409)
        XCTAssertEqual(again.errorCode, "email_taken")
        let weak = bed.send(HTTPRequest(.post, "/auth/signup", body: .json(["email": "not-an-email", "password": "short"])))
        XCTAssertEqual(weak.status, 422)
        XCTAssertEqual(weak.fieldErrors, ["email:invalid_format", "password:too_short"])
        XCTAssertEqual(bed.send(HTTPRequest(.post, "/auth/signup", body: .json(["email": "x@y.z"]))).fieldErrors, ["password:required"])
        XCTAssertEqual(bed.server.admin.users.map(\.email), ["alice@example.com"])
    }

    func testSignInWithRightPasswordWorksAndWrongPasswordIs401() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let signIn = bed.send(HTTPRequest(.post, "/auth/signin", body: .json(["email": "alice@example.com", "password": "password-1"])))
        XCTAssertEqual(signIn.status, 200)
        let token = signIn.data?["access_token"]?.stringValue
        XCTAssertNotEqual(token, alice.token, "a new session")
        XCTAssertEqual(bed.request(.get, token, "/auth/me").data?["id"]?.stringValue, alice.id)
        let wrong = bed.send(HTTPRequest(.post, "/auth/signin", body: .json(["email": "alice@example.com", "password": "nope-nope"])))
        XCTAssertEqual(wrong.status, 401)
        XCTAssertEqual(wrong.errorCode, "invalid_credentials")
        let nobody = bed.send(HTTPRequest(.post, "/auth/signin", body: .json(["email": "bob@example.com", "password": "password-1"])))
        XCTAssertEqual(nobody.body, wrong.body, "an unknown email looks like a wrong password")
    }

    func testMissingUnknownExpiredAndRevokedTokensAre401WithAChallenge() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let missing = bed.request(.get, nil, "/api/heroes")
        XCTAssertEqual(missing.status, 401)
        XCTAssertEqual(missing.errorCode, "missing_token")
        XCTAssertEqual(missing.headers["www-authenticate"], "Bearer realm=\"api\"")
        let unknown = bed.request(.get, "at-forged", "/api/heroes")
        XCTAssertEqual(unknown.errorCode, "invalid_token")
        XCTAssertEqual(unknown.headers["WWW-Authenticate"], "Bearer realm=\"api\", error=\"invalid_token\"")
        bed.advance(seconds: 3599)
        XCTAssertEqual(bed.request(.get, alice.token, "/api/heroes").status, 200, "valid until the last second")
        bed.advance(seconds: 1)
        let expired = bed.request(.get, alice.token, "/api/heroes")
        XCTAssertEqual(expired.status, 401)
        XCTAssertEqual(expired.errorCode, "token_expired")
        XCTAssertTrue(bed.trace.records.contains { $0.event == "auth-rejected token_expired" })
    }

    func testSignOutRevokesTheAccessAndRefreshTokens() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let other = bed.send(HTTPRequest(.post, "/auth/signin", body: .json(["email": "alice@example.com", "password": "password-1"])))
        XCTAssertEqual(bed.request(.post, alice.token, "/auth/signout").status, 204)
        let revoked = bed.request(.get, alice.token, "/api/heroes")
        XCTAssertEqual(revoked.status, 401)
        XCTAssertEqual(revoked.errorCode, "token_revoked")
        let refresh = bed.send(HTTPRequest(.post, "/auth/refresh", body: .json(["refresh_token": .string(alice.refresh)])))
        XCTAssertEqual(refresh.status, 401)
        XCTAssertEqual(bed.request(.get, other.data?["access_token"]?.stringValue, "/api/heroes").status, 200, "only that session ends")
    }

    func testRefreshRotatesTheRefreshTokenAndRenewsExpiry() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        bed.advance(seconds: 3000)
        let refreshed = bed.send(HTTPRequest(.post, "/auth/refresh", body: .json(["refresh_token": .string(alice.refresh)])))
        XCTAssertEqual(refreshed.status, 200)
        let token = refreshed.data?["access_token"]?.stringValue
        bed.advance(seconds: 1000)
        XCTAssertEqual(bed.request(.get, alice.token, "/api/heroes").status, 401, "the first token expired")
        XCTAssertEqual(bed.request(.get, token, "/api/heroes").status, 200, "the refreshed one has a new hour")
        let reused = bed.send(HTTPRequest(.post, "/auth/refresh", body: .json(["refresh_token": .string(alice.refresh)])))
        XCTAssertEqual(reused.status, 401, "a refresh token is spent by its first use")
        XCTAssertEqual(reused.errorCode, "invalid_refresh_token")
        XCTAssertEqual(bed.send(HTTPRequest(.post, "/auth/refresh", body: .json([:]))).fieldErrors, ["refresh_token:required"])
    }
}
