import AppPorts
import SimValues

/// Steps 1-3: profile, "me" as a person, other persons (seed l.312-413).
extension MigrationService {
    /// S1, seed l.312-332.
    func migrateProfile() async throws {
        guard let authId = authUserId else { return }
        let localUser = try fetch().person(id: oldCurrentUserId)
        if has(.placeholderProfileOverwrite) {
            let profile: CloudRow = [
                "id": .string(authId),
                "display_name": .string(localUser?.name ?? "Me"),
                "phone": text(localUser?.phoneNumber),
                "color_hex": text(localUser?.colorHex),
            ]
            try await client.upsert(table: "profiles", row: profile)
            entityCounts["Profile"] = 1
            return
        }
        try await fillProfileBlanks(authId: authId, localUser: localUser)
    }

    /// Fixed S1: the auth trigger made the profile; only fill fields the server has no value for, and
    /// never invent a "Me" from an empty local store.
    private func fillProfileBlanks(authId: String, localUser: Person?) async throws {
        guard let localUser else {
            entityCounts["Profile"] = 0
            return
        }
        let local: CloudRow = [
            "display_name": text(localUser.name), "phone": text(localUser.phoneNumber),
            "color_hex": text(localUser.colorHex),
        ]
        let existing = try await client.select(table: "profiles", filters: [.eq("id", .string(authId))],
                                               orderBy: nil, limit: 1).first
        guard let existing else {
            var row = local
            row["id"] = .string(authId)
            try await client.upsert(table: "profiles", row: row, onConflict: "id", ignoreDuplicates: true)
            entityCounts["Profile"] = 1
            return
        }
        let blanks = local.filter { key, value in !value.isNull && (existing[key] ?? .null).isNull }
        if !blanks.isEmpty {
            try await client.update(table: "profiles", values: blanks, filters: [.eq("id", .string(authId))])
        }
        entityCounts["Profile"] = 1
    }

    /// S2, seed l.334-368: the self-referential person whose id is the auth user id.
    func migrateCurrentUserPerson() async throws {
        guard let authId = authUserId else { return }
        let localUser = try fetch().person(id: oldCurrentUserId)
        let selfPerson: CloudRow = [
            "id": .string(authId),
            "owner_id": .string(authId),
            "name": .string(localUser?.name ?? "Me"),
            "phone_number": text(localUser?.phoneNumber),
            "color_hex": text(localUser?.colorHex),
            "is_archived": .bool(false),
        ]
        if has(.placeholderProfileOverwrite) {
            try await client.upsert(table: "persons", row: selfPerson)  // seed: always a full-row merge
        } else {
            try await upsertEntity("persons", selfPerson)
        }
        if let photoData = localUser?.photoData {
            try await uploadPhoto(photoData, entityType: "persons", table: "persons", entityId: authId)
        }
        entityCounts["Current User"] = 1
    }

    /// S3, seed l.370-413: every person except the local "me".
    func migratePersons() async throws {
        guard let authId = authUserId else { return }
        let persons = try fetch().persons.filter { $0.id != oldCurrentUserId }
        var count = 0
        for person in persons {
            guard let personId = person.id else {
                skip("persons", nil, "person without id")
                continue
            }
            let dto: CloudRow = [
                "id": .string(personId),
                "owner_id": .string(authId),
                "name": .string(person.name ?? ""),
                "phone_number": text(person.phoneNumber),
                "color_hex": text(person.colorHex),
                "is_archived": .bool(person.isArchived),
                "last_viewed_date": timestamp(person.lastViewedDate),
            ]
            try await upsertEntity("persons", dto)
            if let photoData = person.photoData {
                try await uploadPhoto(photoData, entityType: "persons", table: "persons", entityId: personId)
            }
            count += 1
        }
        entityCounts["Persons"] = count
    }
}
