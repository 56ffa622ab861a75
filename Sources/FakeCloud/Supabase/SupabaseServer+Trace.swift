import SimCore

/// Trace lines for `SupabaseServer`: names and integers only, no floating point, no dictionary order.
extension SupabaseServer {
    public func summary(of request: SupabaseRequest) -> String {
        let who = request.accessToken == nil ? "anon" : (request.accessToken == config.serviceRoleKey ? "service" : "user")
        switch request.operation {
        case .auth(let authRequest):
            switch authRequest {
            case .signUp: return "auth sign-up"
            case .signIn: return "auth sign-in"
            case .refresh: return "auth refresh"
            case .signOut(let scope): return "auth sign-out scope=\(scope == .global ? "global" : "local")"
            case .adminRevokeSessions: return "auth admin-revoke"
            }
        case .table(let table):
            return "rest \(verb(table.action)) \(table.table) rows=\(rowCount(table.action)) filters=\(table.filters.count) as=\(who)"
        case .storage(let storageRequest):
            switch storageRequest {
            case .upload(let bucket, _, let data, let upsert): return "storage upload \(bucket) bytes=\(data.count) upsert=\(upsert ? 1 : 0) as=\(who)"
            case .download(let bucket, _): return "storage download \(bucket) as=\(who)"
            case .remove(let bucket, let paths): return "storage remove \(bucket) paths=\(paths.count) as=\(who)"
            case .list(let bucket, _): return "storage list \(bucket) as=\(who)"
            }
        case .function(let functionName, _):
            return "function \(functionName) as=\(who)"
        }
    }

    /// `summary(of: request)` written piece by piece (the same bytes, so the same hash), without
    /// building a string per request when the trace keeps no text.
    public func writeSummary(of request: SupabaseRequest, into text: inout TraceText) {
        guard case .table(let table) = request.operation else { return text.append(summary(of: request)) }
        text.append("rest ")
        text.append(verb(table.action))
        text.append(" ")
        text.append(table.table)
        text.append(" rows=")
        text.append(rowCount(table.action))
        text.append(" filters=")
        text.append(table.filters.count)
        text.append(" as=")
        text.append(request.accessToken == nil ? "anon" : (request.accessToken == config.serviceRoleKey ? "service" : "user"))
    }

    /// `summary(of: response)` written piece by piece (see `writeSummary(of:into:)` for requests).
    public func writeSummary(of response: SupabaseResponse, into text: inout TraceText) {
        text.append("status=")
        text.append(response.status)
        if let error = response.error {
            text.append(" code=")
            text.append(error.code)
        }
        if case .array(let items) = response.body {
            text.append(" rows=")
            text.append(items.count)
        }
    }

    public func summary(of response: SupabaseResponse) -> String {
        var line = "status=\(response.status)"
        if let error = response.error { line += " code=\(error.code)" }
        if case .array(let items) = response.body { line += " rows=\(items.count)" }
        return line
    }

    private func verb(_ action: TableRequest.Action) -> String {
        switch action {
        case .select: return "select"
        case .insert: return "insert"
        case .upsert(_, _, let ignore): return ignore ? "upsert-ignore" : "upsert"
        case .update: return "update"
        case .delete: return "delete"
        }
    }

    private func rowCount(_ action: TableRequest.Action) -> Int {
        switch action {
        case .insert(let rows), .upsert(let rows, _, _): return rows.count
        case .update: return 1
        case .select, .delete: return 0
        }
    }
}
