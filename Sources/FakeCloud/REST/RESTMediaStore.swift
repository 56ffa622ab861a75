import AppPorts
import SimCore

/// A file of the fake object storage, from the presign request on.
public struct RESTStoredFile: Sendable, Hashable {
    public var key: String
    public var ownerId: String
    public var filename: String
    public var contentType: String
    /// The size announced in step 1; the upload must match it.
    public var declaredByteCount: Int
    /// nil until the presigned `PUT` succeeds, and again once deleted.
    public var data: [UInt8]?
    public var createdAtNanoseconds: Int64
    public var uploadedAtNanoseconds: Int64?
    public var deleted = false
    public var createdByRequest: UInt64
    /// What a resource's `.fileURL` field stores and `GET` downloads.
    public var url: String

    /// FNV-1a of the stored bytes.
    public var contentHash: UInt64? { data.map(RESTMediaStore.hash) }
}

/// Media as a two-step presigned upload, the way Rails Active Storage direct uploads and S3
/// presigned URLs work: chosen over multipart because many teams keep file bytes off the API
/// server, and because the two steps open the failure window the harness should exercise (a file
/// uploaded but never attached: an orphan; an attach whose upload never finished).
/// 1. `POST <uploadsPath>` `{filename, content_type, byte_size}` (bearer) → 201 `{upload_url,
///    file_url, expires_at, headers}`; type outside the allow list → 422, size over the cap → 413.
/// 2. `PUT upload_url` with the bytes and the same `Content-Type`, no bearer (the URL is the
///    authorization, as an S3 presigned URL is) → 200 + `ETag`. Active Storage signs content type,
///    length and checksum ("All these attributes will be validated by the service upon upload",
///    `ActiveStorage::Service#url_for_direct_upload`), so a different type or length, a tampered or
///    expired URL → 403 with an S3-style XML error (`SignatureDoesNotMatch`, `AccessDenied`).
/// 3. `GET file_url` (no bearer: an unguessable public-read URL in real life; here ids are
///    counters) → the same bytes and content type; not yet uploaded or deleted → 404 `NoSuchKey`.
struct RESTMediaStore {
    let options: MediaOptions
    let storagePath: String
    let epochMilliseconds: Int64
    private(set) var files: [RESTStoredFile] = []
    private var indexByKey: [String: Int] = [:]

    init(options: MediaOptions, storagePath: String, epochMilliseconds: Int64) {
        self.options = options
        self.storagePath = storagePath
        self.epochMilliseconds = epochMilliseconds
    }

    /// Step 1; `key` comes from the server's id counter.
    mutating func start(_ body: [String: JSONValue], key: String, owner: String, now: Int64, requestNumber: UInt64) throws(RESTFailure) -> JSONValue {
        var errors: [RESTFieldError] = []
        let filename = body["filename"]?.stringValue ?? ""
        let type = body["content_type"]?.stringValue ?? ""
        let size = body["byte_size"]?.intValue ?? -1
        if filename.isEmpty { errors.append(RESTFieldError("filename", "required")) }
        if type.isEmpty { errors.append(RESTFieldError("content_type", "required")) }
        else if !options.allowedContentTypes.contains(type) { errors.append(RESTFieldError("content_type", "not_allowed")) }
        if size < 0 { errors.append(RESTFieldError("byte_size", "required")) }
        if !errors.isEmpty { throw RESTFailure.unprocessable(errors) }
        if size > options.maxFileBytes { throw RESTFailure.tooLarge(options.maxFileBytes) }
        let file = RESTStoredFile(
            key: key, ownerId: owner, filename: filename, contentType: type, declaredByteCount: Int(size),
            createdAtNanoseconds: now, createdByRequest: requestNumber, url: storagePath + "/files/" + key)
        indexByKey[key] = files.count
        files.append(file)
        let expires = unixSeconds(now) + options.uploadURLSeconds
        let target = storagePath + "/uploads/" + key + "?expires=\(expires)&signature=" + signature(key, expires)
        return [
            "upload_url": .string(target), "file_url": .string(file.url), "expires_at": .int(expires),
            "headers": ["Content-Type": .string(type)],
        ]
    }

    /// Step 2.
    mutating func put(key: String, request: HTTPRequest, now: Int64) -> HTTPResponse {
        guard let index = indexByKey[key], !files[index].deleted else { return Self.s3Error(404, "NoSuchUpload", "unknown upload") }
        let file = files[index]
        guard let expiresText = request.queryValue("expires"), let expires = Int64(expiresText),
            request.queryValue("signature") == signature(key, expires)
        else { return Self.s3Error(403, "SignatureDoesNotMatch", "the request signature does not match") }
        if unixSeconds(now) > expires { return Self.s3Error(403, "AccessDenied", "Request has expired") }
        guard case .bytes(let bytes, let type) = request.body, type == file.contentType, bytes.count == file.declaredByteCount else {
            return Self.s3Error(403, "SignatureDoesNotMatch", "content type or length differs from the signed values")
        }
        files[index].data = bytes
        files[index].uploadedAtNanoseconds = now
        return HTTPResponse(status: 200, headers: ["ETag": "\"\(Self.hex(Self.hash(bytes)))\""])
    }

    /// Step 3.
    func download(key: String) -> HTTPResponse {
        guard let index = indexByKey[key], let data = files[index].data else { return Self.s3Error(404, "NoSuchKey", "no such file") }
        let file = files[index]
        return HTTPResponse(status: 200, headers: ["ETag": "\"\(Self.hex(Self.hash(data)))\""], body: .bytes(data, contentType: file.contentType))
    }

    /// The uploaded, not deleted file at `url`, if `owner` owns it.
    func completedFile(url: String, owner: String) -> RESTStoredFile? {
        guard url.hasPrefix(storagePath + "/files/"), let index = indexByKey[String(url.dropFirst(storagePath.count + 7))] else { return nil }
        let file = files[index]
        return file.ownerId == owner && file.data != nil ? file : nil
    }

    /// Purges the file at `url` (a resource holding it was deleted with `deleteFilesWithResource`).
    mutating func delete(url: String) {
        guard url.hasPrefix(storagePath + "/files/"), let index = indexByKey[String(url.dropFirst(storagePath.count + 7))] else { return }
        files[index].data = nil
        files[index].deleted = true
    }

    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var hash = StableHash.offsetBasis
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* StableHash.prime }
        return hash
    }

    private func unixSeconds(_ now: Int64) -> Int64 { (epochMilliseconds + now / 1_000_000) / 1000 }

    private func signature(_ key: String, _ expires: Int64) -> String {
        Self.hex(StableHash.fnv1a("\(key)|\(expires)|fake-storage-secret"))
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// S3 answers errors with an XML document, not JSON (Amazon S3 API Reference, "Error responses").
    private static func s3Error(_ status: Int, _ code: String, _ message: String) -> HTTPResponse {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>\(code)</Code><Message>\(message)</Message></Error>"
        return HTTPResponse(status: status, body: .bytes(Array(xml.utf8), contentType: "application/xml"))
    }
}
