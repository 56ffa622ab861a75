@testable import FakeCloud
import SimCore
import XCTest

/// The insert path builds a row as a copy of its table's `RowTemplate` and writes it through the
/// template's indices. That holds only while a copy keeps the template's layout: these tests fail
/// (or trap on an invalid index) if a copy ever stops doing so.
final class RowTemplateTests: XCTestCase {
    static let columns = ["id", "owner_id", "amount", "title", "created_at", "updated_at", "deleted_at", "currency", "change_seq"]
        .map { ColumnSchema(name: $0, type: .text) }

    func testCopiesWrittenThroughTheIndicesEqualRowsBuiltByName() {
        let template = RowTemplate(Self.columns)
        var first = template.row
        var second = template.row
        for (position, column) in Self.columns.enumerated() {
            first.values[template.indices[position]] = .string("\(column.name)-1")
            if position % 2 == 0 { second.values[template.indices[position]] = .int(Int64(position)) }
        }
        var expectedFirst: Row = [:], expectedSecond: Row = [:]
        for (position, column) in Self.columns.enumerated() {
            expectedFirst[column.name] = .string("\(column.name)-1")
            expectedSecond[column.name] = position % 2 == 0 ? .int(Int64(position)) : .null
        }
        XCTAssertEqual(first, expectedFirst)
        XCTAssertEqual(second, expectedSecond)
        XCTAssertEqual(template.row, Dictionary(uniqueKeysWithValues: Self.columns.map { ($0.name, JSONValue.null) }))
        // A copy of a written copy (a stored row later merged or updated) keeps the layout too.
        var third = first
        third.values[template.indices[2]] = "12.30"
        XCTAssertEqual(third["amount"], "12.30")
        XCTAssertEqual(first["amount"], "amount-1")
    }

    func testATableWithARepeatedColumnNameOrMoreThan64ColumnsHasNoTemplate() {
        XCTAssertNotNil(ColumnLayout(Self.columns).template)
        XCTAssertNil(ColumnLayout(Self.columns + [ColumnSchema(name: "id", type: .text)]).template)
        XCTAssertNil(ColumnLayout((0..<65).map { ColumnSchema(name: "c\($0)", type: .text) }).template)
        XCTAssertNotNil(ColumnLayout((0..<64).map { ColumnSchema(name: "c\($0)", type: .text) }).template)
    }
}
