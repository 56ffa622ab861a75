import AppPorts
import CRDT
import Minuta
import SimCore
import SimHarness

/// file-layout: on every device and on the server, each record id is in exactly one month
/// document, and that document is the month of the record's start in the declared zone (UTC).
/// Bug zoo MI-12 (a move leaves the old copy), MI-13 (the device's zone picks the file).
struct MinutaFileLayoutChecker: InvariantChecker {
    let name = "file-layout"

    func check(_ world: MinutaWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for (location, files) in world.fileSets {
            var holders: [String: [String]] = [:]
            for (path, bytes) in files {
                guard let month = Minuta.StoragePaths.month(of: path, ext: "automerge"), let document = MinutaWorld.document(bytes) else { continue }
                for record in Minuta.AutomergeTimeRecord.all(in: document) {
                    holders[record.id, default: []].append(path)
                    let home = Minuta.YearMonth(milliseconds: record.startTime, utcOffsetSeconds: 0)
                    if home != month {
                        diffs.append(EntityDiff(entity: "record \(record.id.prefix(8))", location: "\(location) \(path)",
                                                expected: Minuta.StoragePaths.recordDocument(home), actual: path))
                    }
                }
            }
            for id in holders.keys.sorted() where holders[id]!.count > 1 {
                diffs.append(EntityDiff(entity: "record \(id.prefix(8))", location: location, expected: "in 1 month document",
                                        actual: holders[id]!.joined(separator: ", ")))
            }
        }
        return ViolationReport.of(name, diffs) { "\($0) records are misfiled or filed twice" }
    }
}
