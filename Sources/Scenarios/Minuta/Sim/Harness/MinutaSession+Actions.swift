import AppPorts
import CRDT
import Minuta
import SimCore
import SimHarness

extension MinutaSession {
    func perform(_ action: MinutaAction) async {
        if busy > 0 { context.sometimes("minuta: two processes busy at once on one device") }
        busy += 1
        defer { busy -= 1 }
        if action != .refresh { probe.enter(action.phase) }
        switch action {
        case .refresh: await refresh()
        case .createRecord(let record): await createRecord(record)
        case .editRecord(let id, let edit): await editRecord(id, edit)
        case .deleteRecord(let id): await deleteRecord(id)
        case .createTag(let tag): await saveTags(view.tags + [tag], entry: (tag.id, .create, tag.ledgerFields))
        case .editTag(let id, let edit): await editTag(id, edit)
        case .deleteTag(let id):
            guard view.tags.contains(where: { $0.id == id }) else { return }
            await saveTags(view.tags.filter { $0.id != id }, entry: (id, .delete, []))
        case .intentStartTimer(let tagId): await startTimer(tagId)
        case .intentStopTimer: await stopTimer()
        }
    }

    /// Runs a storage call for an edit: acknowledged (`ok`) when it returns; `indeterminate` when
    /// it throws (a failed save may have written part of its files); left open when the process
    /// dies inside it (the kill makes it indeterminate).
    func ledgered(_ entry: Int, _ body: () async throws -> Void) async -> Bool {
        do {
            try await body()
            guard context.isAlive else { return false }
            context.complete(entry, .ok)
            return true
        } catch {
            if context.isAlive {
                let refusal: MinutaEdit.Refusal = if case Minuta.StorageError.recordDeleted = error { .deletedElsewhere } else { .other("\(error)") }
                context.complete(entry, .indeterminate, result: refusal)
                context.record("app write failed: \(error)")
            }
            return false
        }
    }

    /// Records the start of an edit in the run's history; returns its operation id.
    func begin(_ entity: MinutaEdit.Entity, _ id: String, _ kind: MinutaEdit.Kind, _ fields: [(String, String)], movesMonth: Bool = false,
               stoppedTimerStart: Int64? = nil) -> Int {
        let edit = MinutaEdit(entity: entity, entityId: id, kind: kind, fields: fields.map { (field: $0.0, value: $0.1) },
                              movesMonth: movesMonth, onlineSettles: stage.onlineSettles, stoppedTimerStart: stoppedTimerStart)
        return context.begin(MinutaEdit.operationName, edit, epoch: stage.epoch)
    }

    func createRecord(_ record: Minuta.TimeRecord) async {
        let entry = begin(.record, record.id, .create, record.ledgerFields)
        if await ledgered(entry, { try await storage.saveRecord(record) }) { view.records.append(record) }
    }

    func editRecord(_ id: String, _ edit: MinutaAction.RecordEdit) async {
        guard let before = view.records.first(where: { $0.id == id }) else { return }
        var after = before
        var fields: [(String, String)] = []
        switch edit {
        case .comment(let text): after.comment = text
        case .tag(let tag): after.tagId = tag
        case .shiftStart(let delta):
            after.startTime += delta
            after.endTime = after.endTime.map { $0 + delta }
        case .end(let end): after.endTime = end
        case .addImage(let name):
            guard !after.images.contains(name) else { return }
            after.images.append(name)
            fields.append(("image+", name))
        case .removeImage(let name):
            guard after.images.contains(name) else { return }
            after.images.removeAll { $0 == name }
            fields.append(("image-", name))
        }
        for field in ["startTime", "endTime", "tagId", "comment"] where before.ledgerValue(field) != after.ledgerValue(field) {
            fields.append((field, after.ledgerValue(field)!))
        }
        let moves = Minuta.YearMonth(milliseconds: before.startTime, utcOffsetSeconds: 0)
            != Minuta.YearMonth(milliseconds: after.startTime, utcOffsetSeconds: 0)
        if moves { context.sometimes("minuta: record moved to another month") }
        let entry = begin(.record, id, .edit, fields, movesMonth: moves)
        if await ledgered(entry, { try await storage.updateRecord(after, previous: before) }) {
            view.records = view.records.map { $0.id == id ? after : $0 }
        }
    }

    func deleteRecord(_ id: String) async {
        guard let record = view.records.first(where: { $0.id == id }) else { return }
        let entry = begin(.record, id, .delete, [])
        if await ledgered(entry, { try await storage.deleteRecord(record) }) { view.records.removeAll { $0.id == id } }
    }

    func editTag(_ id: String, _ edit: MinutaAction.TagEdit) async {
        guard let before = view.tags.first(where: { $0.id == id }) else { return }
        var after = before
        switch edit {
        case .name(let name): after.name = name
        case .color(let color): after.color = color
        case .archived(let archived): after.isArchived = archived
        }
        let fields = ["name", "color", "isArchived"].filter { before.ledgerValue($0) != after.ledgerValue($0) }
            .map { ($0, after.ledgerValue($0)!) }
        await saveTags(view.tags.map { $0.id == id ? after : $0 }, entry: (id, .edit, fields))
    }

    /// The tag screen saves the whole list it shows (seed `saveTags`), with what it loaded as
    /// `previous`.
    func saveTags(_ tags: [Minuta.Tag], entry: (id: String, kind: MinutaEdit.Kind, fields: [(String, String)])) async {
        let ledgerEntry = begin(.tag, entry.id, entry.kind, entry.fields)
        let previous = view.tags
        if await ledgered(ledgerEntry, { try await storage.saveTags(tags, previous: previous) }) { view.tags = tags }
    }

    /// `StartTimerIntent`: the record it creates is known only when it returns.
    func startTimer(_ tagId: String?) async {
        guard let record = try? await intents.startTimer(tagId: tagId), context.isAlive else { return }
        let entry = begin(.record, record.id, .create, record.ledgerFields)
        context.complete(entry, .ok)
        context.sometimes("minuta: timer started by an App Intent")
    }

    /// `StopTimerIntent`: which timers it stops is known only when it returns; until then the
    /// ledger holds a wildcard end-time edit (any record's end may have changed).
    func stopTimer() async {
        let wildcard = begin(.record, "*", .edit, [("endTime", "*")])
        guard let stopped = try? await intents.stopTimer(), context.isAlive else { return }
        context.complete(wildcard, .failed)  // resolved: the edits below are what it did
        for record in stopped {
            let entry = begin(.record, record.id, .edit, [("endTime", record.ledgerValue("endTime")!)], stoppedTimerStart: record.startTime)
            context.complete(entry, .ok)
        }
        if !stopped.isEmpty { context.sometimes("minuta: timer stopped by an App Intent") }
    }
}
