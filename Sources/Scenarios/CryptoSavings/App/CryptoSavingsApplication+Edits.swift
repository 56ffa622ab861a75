import AppPorts
import AppleStandIns
import Foundation

/// The user's edits: each one saved in one context save, noted in the edit journal first, then
/// exported (V2). Returns whether the app confirmed the edit (false: the object it needs is not
/// on this device, or the save failed).
extension CryptoSavingsApplication {
    public func perform(_ action: SavingsAction) async -> Bool {
        guard let container else { return false }
        probe.enter("edit")
        await Task.yield()
        if case .sync = action {
            await synchronize()
            return true
        }
        let context = container.makeContext()
        let view = self.view()
        guard let notes = apply(action, context, view), !notes.isEmpty else { return false }
        do {
            if build >= 2 { for note in notes { try journal.note(note) } }
            try context.save()
        } catch {
            context.rollback()
            return false
        }
        await export()
        return true
    }

    /// Applies the action to `context`; returns the journal notes (nil: not possible here).
    private func apply(_ action: SavingsAction, _ context: ModelContext, _ view: SavingsView) -> [String]? {
        let now = StoreValue.date(clock.nowMilliseconds)
        switch action {
        case .addGoal(let id, let name, let currency, let target, let deadline):
            var values: [String: StoreValue] = ["id": .uuid(id), "name": .string(name), "currency": .string(currency),
                                                "deadline": .date(deadline), "startDate": now]
            values.merge(money(target, currency, "targetAmount", "targetUnits")) { $1 }
            context.insert("Goal", values)
            return ["Goal \(id)"]
        case .editGoal(let id, let name, let target):
            guard let goal = find(view, "Goal", id) else { return nil }
            context.set(goal.id, "name", .string(name))
            for (key, value) in money(target, goal["currency"]?.stringValue ?? "", "targetAmount", "targetUnits") { context.set(goal.id, key, value) }
            return ["Goal \(id)"]
        case .addAsset(let id, let currency):
            context.insert("Asset", ["id": .uuid(id), "currency": .string(currency)])
            return ["Asset \(id)"]
        case .addTransaction(let id, let assetID, let amount):
            guard let asset = find(view, "Asset", assetID) else { return nil }
            var values: [String: StoreValue] = ["id": .uuid(id), "date": now]
            values.merge(money(amount, asset["currency"]?.stringValue ?? "", "amount", "amountUnits")) { $1 }
            context.relate(context.insert("Transaction", values), "asset", to: [asset.id])
            return ["Transaction \(id)"]
        case .allocate(let assetID, let goalID, let amount, let historyID, let freshID):
            return allocate(assetID, goalID, amount, historyID: historyID, freshID: freshID, context, view)
        case .planMonth(let goalID, let freshID):
            return planMonth(goalID, freshID: freshID, context, view)
        case .completeMonth(let snapshotID, let freshIDs, let bytes):
            return completeMonth(snapshotID: snapshotID, freshIDs: freshIDs, bytes: bytes, context, view)
        case .sync:
            return []
        }
    }

    private func allocate(_ assetID: String, _ goalID: String, _ amount: Units, historyID: String, freshID: String,
                          _ context: ModelContext, _ view: SavingsView) -> [String]? {
        guard let asset = find(view, "Asset", assetID), let goal = find(view, "Goal", goalID) else { return nil }
        let currency = asset["currency"]?.stringValue ?? ""
        let now = StoreValue.date(clock.nowMilliseconds)
        let id = naturalID(["allocation", assetID, goalID], fresh: freshID)
        let existing = (view.visible["AssetAllocation"] ?? []).first {
            variant.has(.randomNaturalKeyIds) ? $0.targets("asset") == [asset.id] && $0.targets("goal") == [goal.id] : $0["id"]?.uuidValue == id
        }
        let allocation = existing?.id ?? context.insert("AssetAllocation", ["id": .uuid(id), "createdDate": now])
        for (key, value) in money(amount, currency, "amount", "amountUnits") { context.set(allocation, key, value) }
        context.set(allocation, "lastModifiedDate", now)
        if existing == nil {
            context.relate(allocation, "asset", to: [asset.id])
            context.relate(allocation, "goal", to: [goal.id])
        }
        var values: [String: StoreValue] = ["id": .uuid(historyID), "timestamp": now, "monthLabel": .string(currentMonth)]
        values.merge(money(amount, currency, "amount", "amountUnits")) { $1 }
        let history = context.insert("AllocationHistory", values)
        context.relate(history, "asset", to: [asset.id])
        context.relate(history, "goal", to: [goal.id])
        return ["AssetAllocation \(existing?["id"]?.uuidValue ?? id)", "AllocationHistory \(historyID)"]
    }

    private func planMonth(_ goalID: String, freshID: String, _ context: ModelContext, _ view: SavingsView) -> [String]? {
        guard let line = view.goals[goalID] else { return nil }
        let month = currentMonth
        let id = naturalID(["plan", goalID, month], fresh: freshID)
        let now = StoreValue.date(clock.nowMilliseconds)
        let existing = (view.visible["MonthlyPlan"] ?? []).first {
            variant.has(.randomNaturalKeyIds) ? $0["goalId"]?.uuidValue == goalID && $0["monthLabel"]?.stringValue == month : $0["id"]?.uuidValue == id
        }
        let plan = existing?.id ?? context.insert("MonthlyPlan", ["id": .uuid(id), "goalId": .uuid(goalID), "monthLabel": .string(month), "createdDate": now])
        var values = money(line.requiredMonthly, line.currency, "requiredMonthly", "requiredUnits")
        values.merge(money(line.remaining, line.currency, "remainingAmount", "remainingUnits")) { $1 }
        values["monthsRemaining"] = .int(Int64(line.monthsRemaining))
        values["currency"] = .string(line.currency)
        values["lastCalculated"] = now
        values["lastModifiedDate"] = now
        for key in values.keys.sorted() { context.set(plan, key, values[key]!) }
        return ["MonthlyPlan \(existing?["id"]?.uuidValue ?? id)"]
    }

    private func completeMonth(snapshotID: String, freshIDs: [String], bytes: Int, _ context: ModelContext, _ view: SavingsView) -> [String]? {
        precondition(freshIDs.count == 2, "a record and a completed execution")
        let month = currentMonth
        let now = StoreValue.date(clock.nowMilliseconds)
        let goals = view.goals.keys.sorted()
        let lines = goals.map { "\($0) \(view.goals[$0]!.allocated)/\(view.goals[$0]!.target)" }
        let recordID = naturalID(["execution", month], fresh: freshIDs[0])
        let doneID = naturalID(["completed", month], fresh: freshIDs[1])
        let record = find(view, "MonthlyExecutionRecord", recordID)?.id
            ?? context.insert("MonthlyExecutionRecord", ["id": .uuid(recordID), "monthLabel": .string(month), "createdAt": now])
        context.set(record, "statusRawValue", "closed")
        context.set(record, "trackedGoalIds", .data(EditJournal.encode(goals)))
        let existingDone = find(view, "CompletedExecution", doneID)
        let done = existingDone?.id ?? context.insert("CompletedExecution", ["id": .uuid(doneID), "monthLabel": .string(month)])
        context.set(done, "completedAt", now)
        for field in ["goalSnapshotsData", "exchangeRatesSnapshotData", "contributionSnapshotsData"] {
            var blob = EditJournal.encode(lines) + Array(repeating: 0x20, count: bytes)
            if variant.has(.appendsExecutionSnapshots) { blob = (existingDone?[field]?.dataValue ?? []) + blob }
            context.set(done, field, .data(blob))
        }
        if existingDone == nil { context.relate(done, "executionRecord", to: [record]) }
        for plan in (view.visible["MonthlyPlan"] ?? []) where plan["monthLabel"]?.stringValue == month {
            context.relate(plan.id, "executionRecord", to: [record])
        }
        context.insert("ExecutionSnapshot", ["id": .uuid(snapshotID), "capturedAt": now, "snapshotData": .data(EditJournal.encode(lines))])
        return ["MonthlyExecutionRecord \(recordID)", "CompletedExecution \(doneID)", "ExecutionSnapshot \(snapshotID)"]
    }

    /// A natural key's stable id (fixed), or the fresh one (`random-natural-key-ids`).
    func naturalID(_ parts: [String], fresh: String) -> String {
        variant.has(.randomNaturalKeyIds) ? fresh : DeterministicID.uuid(parts)
    }

    /// The shown object of `entity` with stable id `id`.
    func find(_ view: SavingsView, _ entity: String, _ id: String) -> ModelRow? {
        (view.visible[entity] ?? []).first { $0["id"]?.uuidValue == id }
    }

    /// The columns an amount is stored in, by build (V1 has only the Double column).
    private func money(_ units: Units, _ currency: String, _ double: String, _ exact: String) -> [String: StoreValue] {
        if build == 1 { return [double: .double(Amounts.double(units, currency))] }
        return Amounts(floating: variant.has(.floatingPointAmounts)).values(units, currency: currency, double: double, exact: exact)
    }
}
