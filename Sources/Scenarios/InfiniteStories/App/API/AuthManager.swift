import AppPorts
import SimValues
import Foundation

/// The signed-in session (the seed's `AuthManager`, not shown): email/password sign-up and
/// sign-in against the backend's `/auth` routes, the access and refresh tokens kept in the
/// Keychain (a file written at once: it survives a kill), refresh with rotation, sign-out.
public final class AuthManager: @unchecked Sendable {
    /// Where the Keychain's session is kept on the device.
    public static let keychainPath = "Library/Keychain/session.json"

    /// What the Keychain holds.
    public struct Session: Codable, Sendable, Equatable {
        public var accessToken: String
        public var refreshToken: String
        public var userId: String
    }

    let transport: any HTTPTransport
    let files: any LocalFileStore
    /// The Keychain's session (nil: signed out).
    public private(set) var session: Session?

    /// Restores the session the Keychain holds.
    public init(transport: any HTTPTransport, files: any LocalFileStore) {
        self.transport = transport
        self.files = files
        if let data = try? files.read(path: Self.keychainPath) {
            session = try? JSONDecoder().decode(Session.self, from: data)
        }
    }

    /// Whether a session is held.
    public var isAuthenticated: Bool { session != nil }
    /// The signed-in account's id.
    public var userId: String? { session?.userId }

    /// `POST /auth/signup`; 409 when the email is taken.
    public func signUp(email: String, password: String, name: String?) async throws {
        var body: [String: JSONValue] = ["email": .string(email), "password": .string(password)]
        if let name { body["name"] = .string(name) }
        try await start(try await post("/auth/signup", .object(body)))
    }

    /// `POST /auth/signin`; 401 for wrong credentials.
    public func signIn(email: String, password: String) async throws {
        try await start(try await post("/auth/signin", ["email": .string(email), "password": .string(password)]))
    }

    /// Clears the session at once (the Keychain entry first, as SDKs do even when the server call
    /// fails), then tells the server, best effort.
    public func signOut() async {
        guard let token = session?.accessToken else { return }
        session = nil
        try? files.remove(path: Self.keychainPath)
        _ = try? await transport.send(HTTPRequest(.post, "/auth/signout").bearer(token))
    }

    /// Exchanges the refresh token of `sent` (the session a refused request went out with).
    /// Returns whether a request may be retried with the current session: false when the session
    /// changed meanwhile to another account, or the server refused the refresh (then the session
    /// is gone: the user must sign in again).
    func refresh(after sent: Session) async -> Bool {
        guard let current = session, current.userId == sent.userId else { return false }
        if current.accessToken != sent.accessToken { return true }  // refreshed meanwhile
        guard let response = try? await transport.send(HTTPRequest(.post, "/auth/refresh", body: .json(["refresh_token": .string(current.refreshToken)])))
        else { return false }
        guard session == current else { return session?.userId == sent.userId }
        guard response.isSuccess, let data = response.json?["data"], let refreshed = Self.session(from: data) else {
            if response.status == 401 { clear() }
            return false
        }
        store(refreshed)
        return true
    }

    private func post(_ path: String, _ body: JSONValue) async throws -> HTTPResponse {
        do {
            return try await transport.send(HTTPRequest(.post, path, body: .json(body)))
        } catch let error as HTTPTransportError {
            throw APIError.transport(error)
        }
    }

    private func start(_ response: HTTPResponse) async throws {
        guard response.isSuccess else {
            throw APIError.http(status: response.status, code: response.json?["error"]?["code"]?.stringValue, retryAfterSeconds: response.retryAfterSeconds)
        }
        guard let data = response.json?["data"], let started = Self.session(from: data) else { throw APIError.malformedResponse("session") }
        store(started)
    }

    private func store(_ new: Session) {
        session = new
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try? files.write(path: Self.keychainPath, data: (try? encoder.encode(new)) ?? Data())
    }

    private func clear() {
        session = nil
        try? files.remove(path: Self.keychainPath)
    }

    static func session(from data: JSONValue) -> Session? {
        guard let access = data["access_token"]?.stringValue, let refresh = data["refresh_token"]?.stringValue,
              let user = data["user"]?["id"]?.stringValue else { return nil }
        return Session(accessToken: access, refreshToken: refresh, userId: user)
    }
}
