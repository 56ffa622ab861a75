@testable import FakeCloud
import SimCore

/// One request of a differential sequence: who sends it and what.
struct Step: CustomStringConvertible {
    var actor: Int
    var request: TableRequest

    var description: String { "actor #\(actor) \(RequestText.describe(request))" }
}

/// Seeded random request sequences for a fixture: inserts, upserts on the primary key and on
/// natural keys in both duplicate modes, updates and deletes with filters, selects, and the edge
/// values a migration sends (money with too many decimals, as a JSON number or a string, negative
/// and zero; dates as instants with offsets; timestamps without a zone; empty bodies; multi-row
/// bodies with one bad row). The steps depend only on the seed, so any prefix replays exactly.
struct RequestGenerator {
    let fixture: Fixture
    /// The actors' user ids (nil for anon/service), indexed like `FakeSide.actors`.
    let uids: [String?]
    var random: SimRandom

    /// Ids the generator may send for table `table` (a small pool, so keys collide often).
    static func ids(_ table: String, in fixture: Fixture) -> [String] {
        let index = fixture.backend.tables.firstIndex { $0.name == table } ?? 99
        return (1...4).map { "0000\(String(format2: index))00-0000-4000-8000-0000000000\(String(format2: $0))" }
    }

    func sequence(length: Int) -> [Step] {
        var copy = self
        return (0..<length).map { _ in copy.step() }
    }

    private mutating func step() -> Step {
        let actor = random.below(uids.count)
        let tables = fixture.backend.tables
        if random.chance(1, in: 80) { return Step(actor: actor, request: TableRequest(table: "missing_table", action: .select)) }
        let table = tables[random.below(tables.count)]
        let kind = random.below(12)
        var request: TableRequest
        switch kind {
        case 0, 1, 2: request = TableRequest(table: table.name, action: .insert(rows(table, actor: actor)))
        case 3, 4: request = TableRequest(table: table.name, action: .upsert(rows(table, actor: actor), onConflict: nil, ignoreDuplicates: random.chance(1, in: 3)))
        case 5, 6: request = TableRequest(table: table.name, action: .upsert(rows(table, actor: actor), onConflict: conflictTarget(table), ignoreDuplicates: random.chance(1, in: 3)))
        case 7, 8: request = TableRequest(table: table.name, action: .update(updateValues(table, actor: actor)), filters: filters(table))
        case 9: request = TableRequest(table: table.name, action: .delete, filters: filters(table))
        default: request = select(table)
        }
        request.returnRepresentation = random.chance(2, in: 3)
        if case .insert = request.action, random.chance(1, in: 4) { request.missingDefault = true }
        if case .upsert = request.action, random.chance(1, in: 6) { request.missingDefault = true }
        return Step(actor: actor, request: request)
    }

    /// A natural key of the table, or (rarely) columns matching no constraint (42P10).
    private mutating func conflictTarget(_ table: TableSchema) -> [String] {
        if random.chance(1, in: 15) { return [table.columns.last!.name] == table.primaryKey.columns ? ["id"] : [table.columns.last!.name] }
        return random.pick(table.uniques)?.columns ?? table.primaryKey.columns
    }

    /// 1 row mostly, up to 3; empty bodies and an unknown column now and then.
    private mutating func rows(_ table: TableSchema, actor: Int) -> [Row] {
        let count = random.chance(1, in: 25) ? 0 : (random.chance(3, in: 4) ? 1 : random.int(in: 2...3))
        var out: [Row] = []
        for _ in 0..<count { out.append(row(table, actor: actor)) }
        if random.chance(1, in: 60) { out.append(["no_such_column": "x"]) }
        if random.chance(1, in: 40) { out.append([:]) }
        return out
    }

    private mutating func row(_ table: TableSchema, actor: Int) -> Row {
        var row: Row = [:]
        for column in table.columns {
            let required = table.primaryKey.columns.contains(column.name) && column.defaultValue == nil
            if !required && random.chance(1, in: 3) { continue }
            if required && random.chance(1, in: 40) { continue }
            row[column.name] = value(for: column, in: table, actor: actor)
        }
        return row
    }

    private mutating func updateValues(_ table: TableSchema, actor: Int) -> Row {
        var values: Row = [:]
        let count = random.chance(1, in: 15) ? 0 : random.int(in: 1...2)
        for _ in 0..<count {
            let column = table.columns[random.below(table.columns.count)]
            values[column.name] = value(for: column, in: table, actor: actor)
        }
        if random.chance(1, in: 60) { values["no_such_column"] = 1 }
        return values
    }

    /// A value for `column`: an owner id, a pooled key, or an edge value of its type.
    mutating func value(for column: ColumnSchema, in table: TableSchema, actor: Int) -> JSONValue {
        if random.chance(1, in: 20) { return .null }
        if fixture.ownerColumns[table.name] == column.name {
            if random.chance(4, in: 5), let uid = uids[actor] { return .string(uid) }
            return random.pick(uids.compactMap { $0 }).map(JSONValue.string) ?? .null
        }
        if let key = table.foreignKeys.first(where: { $0.columns == [column.name] }) {
            return .string(random.pick(Self.ids(key.referencedTable, in: fixture))!)
        }
        if column.type == .uuid {
            if random.chance(1, in: 40) { return "not-a-uuid" }
            return .string(random.pick(Self.ids(table.name, in: fixture))!)
        }
        return EdgeValues.pick(column.type, &random)
    }

    private mutating func filters(_ table: TableSchema) -> [RowFilter] {
        var out: [RowFilter] = []
        let count = random.below(3)
        for _ in 0..<count { out.append(filter(table)) }
        if random.chance(1, in: 60) { out.append(.eq("no_such_column", 1)) }
        return out
    }

    private mutating func filter(_ table: TableSchema) -> RowFilter {
        let column = table.columns[random.below(table.columns.count)]
        let ids = Self.ids(table.name, in: fixture)
        if column.name == table.primaryKey.columns.first, column.type == .uuid {
            if random.chance(1, in: 3) { return .in(column.name, ids.prefix(random.int(in: 0...3)).map(JSONValue.string)) }
            return .eq(column.name, .string(random.pick(ids)!))
        }
        if random.chance(1, in: 5) { return random.chance(1, in: 2) ? .isNull(column.name) : .isNotNull(column.name) }
        var literal = value(for: column, in: table, actor: random.below(uids.count))
        if literal.isNull { literal = EdgeValues.pick(column.type, &random) }
        if literal.isNull { return .isNull(column.name) }
        switch random.below(6) {
        case 0: return .neq(column.name, literal)
        case 1: return .gt(column.name, literal)
        case 2: return .lte(column.name, literal)
        default: return .eq(column.name, literal)
        }
    }

    private mutating func select(_ table: TableSchema) -> TableRequest {
        var request = TableRequest(table: table.name, action: .select, filters: filters(table))
        if random.chance(1, in: 2) {
            let column = table.columns[random.below(table.columns.count)]
            request.order = [OrderTerm(column.name, ascending: random.chance(1, in: 2))]
            // A total order, so a limit or offset picks the same rows on both sides.
            request.order += table.primaryKey.columns.map { OrderTerm($0) }
            // Not where ids are drawn by a default: the two sides draw different ones, so ties on
            // the other columns break differently and a limit could keep different rows.
            let drawnIDs = table.columns.contains { $0.defaultValue == .randomUUID }
            if !drawnIDs && random.chance(1, in: 2) { request.limit = random.int(in: 0...3) }
            if !drawnIDs && random.chance(1, in: 3) { request.offset = random.int(in: 0...2) }
        }
        return request
    }
}

extension String {
    /// Two decimal digits, zero-padded.
    init(format2 value: Int) { self = value < 10 ? "0\(value)" : String(value % 100) }
}
