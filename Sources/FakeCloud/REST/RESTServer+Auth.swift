import AppPorts
import SimCore

/// `POST <auth>/signup`, `/signin`, `/refresh` (public); `/signout` and `GET /me` go through
/// `dispatch` with the bearer token.
extension RESTServer {
    /// 201 `{data: {access_token, refresh_token, token_type, expires_in, expires_at, user}}`; 422 for a missing or
    /// malformed email or a short password; 409 for an email already registered.
    func signUp(_ json: JSONValue?, now: Int64) throws(RESTFailure) -> HTTPResponse {
        let (email, password) = try credentials(json)
        let name = json?["name"]?.stringValue
        let tokens = try auth.signUp(email: email, password: password, name: name, id: nextServerId(), now: now)
        return HTTPResponse(status: 201, body: RESTEnvelope.data(auth.tokensJSON(tokens)))
    }

    /// 200 with tokens; 401 for wrong credentials.
    func signIn(_ json: JSONValue?, now: Int64) throws(RESTFailure) -> HTTPResponse {
        let (email, password) = try credentials(json)
        let tokens = try auth.signIn(email: email, password: password, now: now)
        return HTTPResponse(status: 200, body: RESTEnvelope.data(auth.tokensJSON(tokens)))
    }

    /// `{refresh_token}` → 200 with a new pair (the old refresh token is spent); 401 otherwise.
    func refresh(_ json: JSONValue?, now: Int64) throws(RESTFailure) -> HTTPResponse {
        guard let token = json?["refresh_token"]?.stringValue else {
            throw RESTFailure.unprocessable([RESTFieldError("refresh_token", "required")])
        }
        let tokens = try auth.refresh(token, now: now)
        return HTTPResponse(status: 200, body: RESTEnvelope.data(auth.tokensJSON(tokens)))
    }

    private func credentials(_ json: JSONValue?) throws(RESTFailure) -> (String, String) {
        guard let object = json?.objectValue else { throw RESTFailure.badRequest("invalid_body", "the body must be a JSON object") }
        var errors: [RESTFieldError] = []
        let email = object["email"]?.stringValue
        let password = object["password"]?.stringValue
        if email == nil { errors.append(RESTFieldError("email", "required")) }
        if password == nil { errors.append(RESTFieldError("password", "required")) }
        guard let email, let password else { throw RESTFailure.unprocessable(errors) }
        return (email, password)
    }
}
