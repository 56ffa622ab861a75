import FakeCloud
import SimCore
import XCTest

/// The SQL generated from a `BackendDefinition` (schema) and from a `TableRequest` (PostgREST's
/// statement), checked as text; the PostgreSQL differential runs it on a real server.
final class PostgresScriptTests: XCTestCase {
    func testSchemaScriptDeclaresKeysPoliciesTriggersAndGrants() {
        let backend = BackendDefinition { b in
            b.table("parents") { t in
                t.column("id", .uuid, .primaryKey, .default(.randomUUID))
                t.column("owner_id", .uuid, .notNull, .default(.authUID))
                t.column("code", .text, .notNull)
                t.column("amount", .numeric(12, 2), .default(.value("0")))
                t.column("seq", .bigint, .notNull, .stampedOnWrite(.sequence))
                t.unique("owner_id", "code")
                t.ownerPolicy()
            }
            b.table("children") { t in
                t.column("id", .uuid, .primaryKey)
                t.column("parent_id", .uuid, .references("parents", onDelete: .setNull))
                t.parentPolicy(column: "parent_id", parent: "parents")
            }
        }
        let text = PostgresSchemaScript(backend: backend, clock: .setting("simrun.now")).text
        XCTAssertTrue(text.contains("\"id\" uuid not null default gen_random_uuid()"))
        XCTAssertTrue(text.contains("\"owner_id\" uuid not null default auth.uid()"))
        XCTAssertTrue(text.contains("\"amount\" numeric(12,2) default '0'::numeric(12,2)"))
        XCTAssertTrue(text.contains("constraint \"parents_owner_id_code_key\" unique (\"owner_id\", \"code\")"))
        XCTAssertTrue(text.contains("foreign key (\"parent_id\") references public.\"parents\" (\"id\") on delete set null"))
        XCTAssertTrue(text.contains("new.\"seq\" := nextval('public.simrun_write_sequence');"))
        XCTAssertTrue(text.contains("create policy \"parents_owner\" on public.\"parents\" for all using (\"owner_id\" = auth.uid())"))
        XCTAssertTrue(text.contains("exists (select 1 from public.\"parents\" p where p.id = \"children\".\"parent_id\")"))
        XCTAssertTrue(text.contains("grant all on all tables in schema public to anon, authenticated, service_role"))
    }

    func testPolicyWithoutSQLTwinIsReported() {
        let backend = BackendDefinition { b in
            b.table("t") { t in
                t.column("id", .uuid, .primaryKey)
                t.policy("open", .select, using: { _, _ in true })
            }
        }
        XCTAssertEqual(PostgresSchemaScript(backend: backend).unsupportedTables, ["t"])
    }

    private var table: TableSchema {
        BackendDefinition { b in
            b.table("t") { t in
                t.column("id", .uuid, .primaryKey)
                t.column("code", .text, .unique)
                t.column("amount", .numeric(12, 2))
                t.ownerPolicy(column: "id")
            }
        }.tables[0]
    }

    func testUpsertModesBecomeOnConflictClauses() throws {
        let rows: [Row] = [["id": "x", "code": "a"]]
        let merge = try PostgrestQuery.statement(
            TableRequest(table: "t", action: .upsert(rows, onConflict: ["code"], ignoreDuplicates: false), returnRepresentation: true), table: table)
        XCTAssertTrue(merge.contains("ON CONFLICT(\"code\") DO UPDATE SET \"id\" = EXCLUDED.\"id\", \"code\" = EXCLUDED.\"code\""))
        XCTAssertTrue(merge.contains("json_to_recordset(pgrst_uniform_json.val) AS _(\"id\" uuid, \"code\" text)"))
        XCTAssertTrue(merge.contains("RETURNING public.\"t\".*"))
        let ignore = try PostgrestQuery.statement(TableRequest(table: "t", action: .upsert(rows, onConflict: nil, ignoreDuplicates: true)), table: table)
        XCTAssertTrue(ignore.contains("ON CONFLICT(\"id\") DO NOTHING RETURNING 1"))
        let empty = try PostgrestQuery.statement(TableRequest(table: "t", action: .upsert([[:]], onConflict: nil, ignoreDuplicates: false)), table: table)
        XCTAssertTrue(empty.contains("LATERAL (SELECT FROM json_array_elements(pgrst_uniform_json.val) _) pgrst_body ON CONFLICT(\"id\") DO NOTHING"))
    }

    func testFiltersOrderAndUnknownBodyColumn() throws {
        let request = TableRequest(
            table: "t", action: .select, filters: [.eq("code", "o'k"), .in("id", ["a", "b\""]), .isNotNull("amount")],
            order: [OrderTerm("amount", ascending: false)], limit: 2)
        let sql = try PostgrestQuery.statement(request, table: table)
        XCTAssertTrue(sql.contains("WHERE \"t\".\"code\" = 'o''k' AND \"t\".\"id\" = ANY ('{\"a\",\"b\\\"\"}') AND NOT \"t\".\"amount\" IS NULL"))
        XCTAssertTrue(sql.contains("ORDER BY \"t\".\"amount\" DESC LIMIT 2 OFFSET 0"))
        XCTAssertThrowsError(try PostgrestQuery.statement(TableRequest(table: "t", action: .insert([["nope": 1]])), table: table)) { error in
            XCTAssertEqual((error as? PostgrestError)?.code, "PGRST204")
        }
    }
}
