import AppPorts
/// What a request's method and path resolve to.
enum RESTRoute {
    case signUp, signIn, refresh, signOut, me
    case list(RESTCollection), create(RESTCollection)
    case read(RESTCollection, id: String), replace(RESTCollection, id: String)
    case patch(RESTCollection, id: String), delete(RESTCollection, id: String)
    case bulkDelete(RESTCollection)
    case startUpload
    case putUpload(key: String)
    case download(key: String)

    /// Whether the route needs a bearer token.
    var needsUser: Bool {
        switch self {
        case .signUp, .signIn, .refresh, .putUpload, .download: return false
        default: return true
        }
    }

    /// A path-free label for the trace (`POST heroes`, `GET heroes/:id`).
    var label: String {
        switch self {
        case .signUp: return "auth/signup"
        case .signIn: return "auth/signin"
        case .refresh: return "auth/refresh"
        case .signOut: return "auth/signout"
        case .me: return "auth/me"
        case .list(let c), .create(let c): return c.name
        case .read(let c, _), .replace(let c, _), .patch(let c, _), .delete(let c, _): return c.name + "/:id"
        case .bulkDelete(let c): return c.name + "/all"
        case .startUpload: return "uploads"
        case .putUpload: return "storage/uploads/:key"
        case .download: return "storage/files/:key"
        }
    }
}

/// Matches method + path against the routes a `RESTBackendDefinition` declares: 404 for a path no
/// route has, 405 + `Allow` for a known path with another method (RFC 9110 §15.5.6: "The origin
/// server MUST generate an Allow header field in a 405 response"). A trailing `/` is ignored, as
/// Express's non-strict routing does.
struct RESTRouter {
    let definition: RESTBackendDefinition

    func match(_ method: HTTPMethod, _ rawPath: String) -> Result<RESTRoute, RESTFailure> {
        let path = rawPath.count > 1 && rawPath.hasSuffix("/") ? String(rawPath.dropLast()) : rawPath
        let candidates = routes(for: path)
        guard !candidates.isEmpty else {
            return .failure(RESTFailure(status: 404, code: "route_not_found", message: "no route for \(method) \(path)"))
        }
        if let route = candidates.first(where: { $0.method == method }) { return .success(route.route) }
        let allow = candidates.map(\.method.rawValue).joined(separator: ", ")
        return .failure(
            RESTFailure(
                status: 405, code: "method_not_allowed", message: "\(method) is not allowed here", headers: ["Allow": allow]))
    }

    private func routes(for path: String) -> [(method: HTTPMethod, route: RESTRoute)] {
        let auth = definition.authPath
        switch path {
        case auth + "/signup": return [(.post, .signUp)]
        case auth + "/signin": return [(.post, .signIn)]
        case auth + "/refresh": return [(.post, .refresh)]
        case auth + "/signout": return [(.post, .signOut)]
        case auth + "/me": return [(.get, .me)]
        case definition.uploadsPath: return [(.post, .startUpload)]
        default: break
        }
        if let key = tail(of: path, after: definition.storagePath + "/uploads/") { return [(.put, .putUpload(key: key))] }
        if let key = tail(of: path, after: definition.storagePath + "/files/") { return [(.get, .download(key: key))] }
        var found: [(HTTPMethod, RESTRoute)] = []
        for c in definition.collections {
            if path == c.path { found += [(.get, .list(c)), (.post, .create(c))] }
            if path == c.bulkDeletePath { found.append((.delete, .bulkDelete(c))) }
        }
        if !found.isEmpty { return found }
        for c in definition.collections {
            if let id = tail(of: path, after: c.path + "/") {
                return [(.get, .read(c, id: id)), (.put, .replace(c, id: id)), (.patch, .patch(c, id: id)), (.delete, .delete(c, id: id))]
            }
        }
        return []
    }

    /// The single segment after `prefix`, if `path` is exactly `prefix` + one non-empty segment.
    private func tail(of path: String, after prefix: String) -> String? {
        guard path.hasPrefix(prefix) else { return nil }
        let rest = path.dropFirst(prefix.count)
        return rest.isEmpty || rest.contains("/") ? nil : String(rest)
    }
}
