import AppPorts
import Foundation
import SimValues

/// How values become row fields and how rows are sent: the seed's `AnyEncodable(...)` encodings and
/// bare `.upsert(dto)` (every step), or the fixed variant's exact money, calendar days and guarded upserts.
extension MigrationService {
    func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    func id(_ value: String?) -> JSONValue { text(value) }

    /// Major-unit money: the seed's binary `Double` (SC-20), or an exact decimal string in the fixed variant.
    func money(_ amount: Double, currency: String) -> JSONValue {
        if has(.doubleMoney) { return .double(amount) }
        return .string(MinorUnits.decimalString(MinorUnits.from(amount, currency: currency), currency: currency))
    }

    /// Money already reconciled to exact minor units (splits, payers); `fallback` is the stored Double.
    func money(minor: Int64, fallback: Double, currency: String) -> JSONValue {
        if has(.doubleMoney) { return .double(fallback) }
        return .string(MinorUnits.decimalString(minor, currency: currency))
    }

    /// A `timestamptz` column: the instant, ISO 8601 in UTC (what supabase-swift sends for `Date`).
    func timestamp(_ ms: Int64?) -> JSONValue {
        ms.map { .string(DateText.isoTimestamp(milliseconds: $0)) } ?? .null
    }

    /// A `date` column: the seed sends the instant (SC-21); the fixed variant sends the calendar day
    /// in the zone the store declares the user entered dates in.
    func calendarDay(_ ms: Int64?, offsetSeconds: Int) -> JSONValue {
        guard let ms else { return .null }
        if has(.timestampForDate) { return timestamp(ms) }
        return .string(DateText.dateOnly(milliseconds: ms, offsetSeconds: offsetSeconds))
    }

    /// An entity row with a client-chosen id. Seed: `.upsert(dto)` (merge on the primary key: the
    /// local copy overwrites whatever the server has, SC-11). Fixed: insert-if-absent on `id`: a row
    /// already on the server was written by this migration or edited since, never overwritten.
    func upsertEntity(_ table: String, _ row: CloudRow) async throws {
        if has(.wholeRowOverwrite) {
            try await client.upsert(table: table, row: row)
        } else {
            try await client.upsert(table: table, row: row, onConflict: "id", ignoreDuplicates: true)
        }
    }

    /// A join-table row. Seed: `.upsert(row)` with no conflict target (SC-9). Fixed: conflict on the
    /// natural key, ignoring duplicates.
    func upsertJoin(_ table: String, _ row: CloudRow, naturalKey: String) async throws {
        if has(.joinUpsertWithoutConflictTarget) {
            try await client.upsert(table: table, row: row)
        } else {
            try await client.upsert(table: table, row: row, onConflict: naturalKey, ignoreDuplicates: true)
        }
    }

    /// `StorageService.shared.uploadPhoto(imageData:entityType:entityId:)` (l.356-360; its body is not
    /// in the seed: the port stores `<entityType>/<entityId>.jpg` in bucket `photos`), then the seed's
    /// `update(["photo_url": path]).eq("id", ...)`. supabase-swift uploads with `upsert: false` by
    /// default, so a retry after a lost response hits 409 forever; the fixed variant overwrites.
    func uploadPhoto(_ data: Data, entityType: String, table: String, entityId: String) async throws {
        // The seed omits its StorageService; Supabase storage policies scope objects by the first
        // path segment = auth.uid() (supabase.com/docs/guides/storage/security/access-control), so a
        // careful client prefixes the owner folder.
        let path = "\(authUserId ?? "anonymous")/\(entityType)/\(entityId).jpg"
        let key = try await client.upload(bucket: "photos", path: path, data: data,
                                          upsert: !has(.photoUploadWithoutUpsert))
        _ = key
        try await client.update(table: table, values: ["photo_url": .string(path)], filters: [.eq("id", .string(entityId))])
    }
}
