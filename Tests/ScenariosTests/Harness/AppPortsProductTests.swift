import AppPorts
import XCTest

/// App code imports AppPorts only: the plain values the ports speak in come with it (this file
/// imports no other simrun module, so it does not compile if they do not).
final class AppPortsProductTests: XCTestCase {
    func testJSONValueComesWithTheAppPortsProduct() {
        let row: JSONValue = ["id": "note-1", "text": "hello"]
        XCTAssertEqual(row["text"]?.stringValue, "hello")
    }
}
