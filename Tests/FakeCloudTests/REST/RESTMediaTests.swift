import FakeCloud
import SimCore
import XCTest

/// Two-step presigned uploads, downloads, the file-URL field and file deletion with resources.
final class RESTMediaTests: XCTestCase {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3, 4]

    /// Step 1 then step 2; returns (file_url, upload response).
    func upload(_ bed: RESTTestBed, _ token: String, _ bytes: [UInt8], type: String = "image/png") -> (url: String, put: HTTPResponse) {
        let start = bed.request(.post, token, "/api/uploads", ["filename": "avatar.png", "content_type": .string(type), "byte_size": .int(Int64(bytes.count))])
        XCTAssertEqual(start.status, 201, "\(String(describing: start.json))")
        let target = start.data?["upload_url"]?.stringValue ?? ""
        let put = bed.send(HTTPRequest(.put, target: target, body: .bytes(bytes, contentType: type)))
        return (start.data?["file_url"]?.stringValue ?? "", put)
    }

    func testUploadThenDownloadReturnsTheSameBytesAndContentType() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let (url, put) = upload(bed, alice.token, png)
        XCTAssertEqual(put.status, 200)
        XCTAssertNotNil(put.headers["etag"])
        let download = bed.send(HTTPRequest(.get, url))
        XCTAssertEqual(download.status, 200)
        XCTAssertEqual(download.body, .bytes(png, contentType: "image/png"))
        XCTAssertEqual(download.headers["ETag"], put.headers["ETag"])
        let file = bed.server.admin.files.first
        XCTAssertEqual(file?.byteCount, png.count)
        XCTAssertEqual(file?.ownerId, alice.id)
        XCTAssertEqual(file?.contentType, "image/png")
        XCTAssertNotNil(file?.contentHash)
    }

    func testFileBeforeItsUploadIs404AndTamperedOrExpiredOrDifferentUploadsAre403() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let start = bed.request(.post, alice.token, "/api/uploads", ["filename": "a.png", "content_type": "image/png", "byte_size": .int(Int64(png.count))])
        let target = start.data?["upload_url"]?.stringValue ?? ""
        XCTAssertEqual(bed.send(HTTPRequest(.get, start.data?["file_url"]?.stringValue ?? "")).status, 404, "nothing uploaded yet")
        let tampered = bed.send(HTTPRequest(.put, target: target.replacingOccurrences(of: "expires=", with: "expires=9"), body: .bytes(png, contentType: "image/png")))
        XCTAssertEqual(tampered.status, 403)
        XCTAssertEqual(tampered.body.contentType, "application/xml", "S3 errors are XML")
        XCTAssertEqual(bed.send(HTTPRequest(.put, target: target, body: .bytes(png, contentType: "image/jpeg"))).status, 403, "content type is signed")
        XCTAssertEqual(bed.send(HTTPRequest(.put, target: target, body: .bytes(png + [0], contentType: "image/png"))).status, 403, "length is signed")
        bed.advance(seconds: 301)
        let expired = bed.send(HTTPRequest(.put, target: target, body: .bytes(png, contentType: "image/png")))
        XCTAssertEqual(expired.status, 403)
        XCTAssertTrue(String(decoding: expired.body.bytes ?? [], as: UTF8.self).contains("Request has expired"))
        XCTAssertNil(bed.server.admin.files.first?.byteCount)
    }

    func testDisallowedContentTypeIs422AndOversizeFileIs413() {
        var config = RESTServerConfig()
        config.media.maxFileBytes = 8
        let bed = RESTTestBed(config: config)
        let alice = bed.signUp("alice@example.com")
        let pdf = bed.request(.post, alice.token, "/api/uploads", ["filename": "a.pdf", "content_type": "application/pdf", "byte_size": 1])
        XCTAssertEqual(pdf.status, 422)
        XCTAssertEqual(pdf.fieldErrors, ["content_type:not_allowed"])
        XCTAssertEqual(bed.request(.post, alice.token, "/api/uploads", ["filename": "a.png", "content_type": "image/png", "byte_size": 9]).status, 413)
        let start = bed.request(.post, alice.token, "/api/uploads", ["filename": "a.png", "content_type": "image/png", "byte_size": 8])
        let tooBig = bed.send(HTTPRequest(.put, target: start.data?["upload_url"]?.stringValue ?? "", body: .bytes(Array(repeating: 7, count: 9), contentType: "image/png")))
        XCTAssertEqual(tooBig.status, 413, "the bytes themselves are capped too")
    }

    func testFileURLFieldAcceptsOnlyTheCallersCompletedUploads() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let bob = bed.signUp("bob@example.com")
        let (url, _) = upload(bed, alice.token, png)
        let hero = bed.hero(alice.token, "Luna")
        XCTAssertEqual(bed.request(.patch, alice.token, "/api/heroes/" + hero, ["avatar_url": .string(url)]).data?["avatar_url"]?.stringValue, url)
        let bobs = bed.request(.post, bob.token, "/api/heroes", ["name": "B", "age": 1, "avatar_url": .string(url)])
        XCTAssertEqual(bobs.fieldErrors, ["avatar_url:file_not_found"], "another user's file")
        let pending = bed.request(.post, alice.token, "/api/uploads", ["filename": "b.png", "content_type": "image/png", "byte_size": 1])
        let early = bed.request(.post, alice.token, "/api/heroes", ["name": "Sol", "age": 1, "avatar_url": pending.data?["file_url"] ?? .null])
        XCTAssertEqual(early.fieldErrors, ["avatar_url:file_not_found"], "an upload not yet finished")
    }

    func testDeletingAResourceKeepsItsFilesByDefaultAndPurgesThemAsAnOption() {
        for purge in [false, true] {
            var config = RESTServerConfig()
            config.media.deleteFilesWithResource = purge
            let bed = RESTTestBed(config: config)
            let alice = bed.signUp("alice@example.com")
            let (url, _) = upload(bed, alice.token, png)
            let hero = bed.request(.post, alice.token, "/api/heroes", ["name": "L", "age": 1, "avatar_url": .string(url)]).data?["id"]?.stringValue ?? ""
            XCTAssertEqual(bed.request(.delete, alice.token, "/api/heroes/" + hero).status, 204)
            XCTAssertEqual(bed.send(HTTPRequest(.get, url)).status, purge ? 404 : 200, "purge=\(purge)")
            XCTAssertEqual(bed.server.admin.files.first?.deleted, purge)
        }
    }
}
