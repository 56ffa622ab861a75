import AppPorts
import SimCore

/// The routes derived from each collection. Every lookup is scoped to the caller: another user's
/// row answers exactly like a missing one (404).
extension RESTServer {
    /// `POST path` → 201 + `Location` + the created resource (RFC 9110 §15.3.2: "the primary resource
    /// created by the request is identified by either a Location header field ... or ... the
    /// target URI"). Each call assigns a new id: a retry without a key makes a second row.
    func create(_ c: RESTCollection, _ call: RESTCall) throws(RESTFailure) -> HTTPResponse {
        let fields = try checkedFields(c, try call.object(), mode: .create, call: call, excluding: nil)
        let row = store.insert(c.name, id: nextServerId(), fields: fields, origin: call.origin)
        return HTTPResponse(status: 201, headers: ["Location": c.path + "/" + row.id], body: RESTEnvelope.data(resourceJSON(row)))
    }

    /// `GET path/<id>` → 200.
    func read(_ c: RESTCollection, id: String, _ call: RESTCall) throws(RESTFailure) -> HTTPResponse {
        guard let row = store.row(c.name, id: id, owner: call.user.id) else { throw RESTFailure.notFound(c.name) }
        return HTTPResponse(status: 200, body: RESTEnvelope.data(resourceJSON(row)))
    }

    /// `PUT` (full replace, validated as a create) or `PATCH` (the fields sent) → 200. The row is
    /// looked up first (404), then validated (422), as Rails' `find` runs before `update`.
    func write(_ c: RESTCollection, id: String, mode: RESTWriteMode, _ call: RESTCall) throws(RESTFailure) -> HTTPResponse {
        guard let existing = store.row(c.name, id: id, owner: call.user.id) else { throw RESTFailure.notFound(c.name) }
        var fields = try checkedFields(c, try call.object(), mode: mode, call: call, excluding: id, base: existing.fields)
        if mode == .patch { fields = existing.fields.merging(fields) { $1 } }
        let row = store.update(id, fields: fields, kind: mode == .patch ? .update : .replace, origin: call.origin)
        return HTTPResponse(status: 200, body: RESTEnvelope.data(resourceJSON(row)))
    }

    /// `DELETE path/<id>` → 204 (RFC 9110 §15.3.5: "no additional content to send").
    func delete(_ c: RESTCollection, id: String, _ call: RESTCall) throws(RESTFailure) -> HTTPResponse {
        guard store.row(c.name, id: id, owner: call.user.id) != nil else { throw RESTFailure.notFound(c.name) }
        purgeFiles(of: try store.delete(c.name, ids: [id], kind: .delete, origin: call.origin))
        return HTTPResponse(status: 204)
    }

    /// `DELETE bulkDeletePath` → 200 `{data: {deleted: n}}`: the caller's rows only, never another
    /// user's (the seed's rollback calls these, l.1109-1117).
    func bulkDelete(_ c: RESTCollection, _ call: RESTCall) throws(RESTFailure) -> HTTPResponse {
        let ids = store.rows(c.name, owner: call.user.id).map(\.id)
        let deleted = try store.delete(c.name, ids: ids, kind: .bulkDelete, origin: call.origin)
        purgeFiles(of: deleted)
        return HTTPResponse(status: 200, body: RESTEnvelope.data(["deleted": .int(Int64(ids.count))]))
    }

    /// `GET path?limit=&offset=&<field>=<value>` → 200 `{data: [...], pagination: {total, limit,
    /// offset, next}}` in creation order. `limit` is capped at `maxPageSize` without an error
    /// (Microsoft REST API Guidelines §9.8: clients "MUST be prepared to handle responses that
    /// contain a different page size"); `next` is the path of the following page, null on the last.
    /// Equality filters on declared scalar fields; other query names are ignored, as Rails and
    /// Express ignore unknown parameters. A non-integer or out-of-range limit/offset → 400.
    func list(_ c: RESTCollection, _ call: RESTCall) throws(RESTFailure) -> HTTPResponse {
        let limit = min(try queryInt(call.request, "limit", default: config.defaultPageSize, minimum: 1), config.maxPageSize)
        let offset = try queryInt(call.request, "offset", default: 0, minimum: 0)
        let filters = call.request.query.filter { item in
            guard let field = c.field(item.name) else { return false }
            return ![.json, .stringArray, .double].contains(field.type)
        }
        let rows = store.rows(c.name, owner: call.user.id).filter { row in
            filters.allSatisfy { Self.text(of: row.fields[$0.name]) == $0.value }
        }
        let page = rows.dropFirst(offset).prefix(limit)
        var next: JSONValue = .null
        if offset < rows.count && rows.count - offset > limit {
            let kept = filters.map { "\($0.name)=\($0.value)" }
            next = .string(c.path + "?" + (kept + ["limit=\(limit)", "offset=\(offset + limit)"]).joined(separator: "&"))
        }
        let pagination: JSONValue = ["total": .int(Int64(rows.count)), "limit": .int(Int64(limit)), "offset": .int(Int64(offset)), "next": next]
        return HTTPResponse(status: 200, body: .json(["data": .array(page.map(resourceJSON)), "pagination": pagination]))
    }

    /// The resource as sent: declared fields plus `id`, `owner_id`, `created_at`, `updated_at`.
    func resourceJSON(_ row: RESTRow) -> JSONValue {
        var object = row.fields
        object["id"] = .string(row.id)
        object["owner_id"] = .string(row.ownerId)
        object["created_at"] = .string(RESTTimestamp.text(nanoseconds: row.createdAtNanoseconds, epochMilliseconds: config.epochMilliseconds))
        object["updated_at"] = .string(RESTTimestamp.text(nanoseconds: row.updatedAtNanoseconds, epochMilliseconds: config.epochMilliseconds))
        return .object(object)
    }

    /// Validates a body: types and presence, then references and file URLs (the caller's own only),
    /// then unique sets. All field errors come back together in one 422, as Rails runs every
    /// validation before answering.
    private func checkedFields(
        _ c: RESTCollection, _ body: [String: JSONValue], mode: RESTWriteMode, call: RESTCall, excluding id: String?,
        base: [String: JSONValue] = [:]
    ) throws(RESTFailure) -> [String: JSONValue] {
        let (fields, typeErrors) = RESTValidator(collection: c, unknownFields: config.unknownFields).validate(body, mode: mode)
        let linkErrors = linkErrors(c, fields, owner: call.user.id, skipping: Set(typeErrors.map(\.field)))
        if config.missingParent == .notFound, let missing = linkErrors.first(where: { c.field($0.field)?.type != .fileURL }) {
            throw RESTFailure.notFound("parent of \(missing.field)")
        }
        if !(typeErrors + linkErrors).isEmpty { throw RESTFailure.unprocessable(typeErrors + linkErrors) }
        let merged = base.merging(fields) { $1 }
        if let set = store.uniqueConflict(c, fields: merged, owner: call.user.id, excluding: id) {
            throw RESTFailure(
                status: config.uniqueViolationStatus, code: "unique_violation", message: "\(set.joined(separator: ", ")) already taken",
                fields: set.map { RESTFieldError($0, "taken") })
        }
        return fields
    }

    /// `not_found` for a reference to no row of the caller's, `file_not_found` for a file URL that is
    /// not a completed upload of the caller's.
    private func linkErrors(_ c: RESTCollection, _ fields: [String: JSONValue], owner: String, skipping: Set<String>) -> [RESTFieldError] {
        var errors: [RESTFieldError] = []
        for field in c.fields where !skipping.contains(field.name) {
            guard let value = fields[field.name]?.stringValue else { continue }
            switch field.type {
            case .reference(let target):
                if store.row(target, id: value, owner: owner) == nil { errors.append(RESTFieldError(field.name, "not_found")) }
            case .fileURL:
                if media.completedFile(url: value, owner: owner) == nil { errors.append(RESTFieldError(field.name, "file_not_found")) }
            default: continue
            }
        }
        return errors
    }

    /// With `deleteFilesWithResource`, purges the files the deleted rows' `.fileURL` fields name.
    private func purgeFiles(of rows: [RESTRow]) {
        guard config.media.deleteFilesWithResource else { return }
        for row in rows {
            guard let c = definition.collection(named: row.collection) else { continue }
            for field in c.fields where field.type == .fileURL {
                if let url = row.fields[field.name]?.stringValue { media.delete(url: url) }
            }
        }
    }

    private func queryInt(_ request: HTTPRequest, _ name: String, default value: Int, minimum: Int) throws(RESTFailure) -> Int {
        guard let text = request.queryValue(name) else { return value }
        guard let number = Int(text), number >= minimum else {
            throw RESTFailure.badRequest("invalid_query", "\(name) must be an integer ≥ \(minimum)")
        }
        return number
    }

    /// A scalar field value as it appears in a query string.
    private static func text(of value: JSONValue?) -> String? {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }
}
