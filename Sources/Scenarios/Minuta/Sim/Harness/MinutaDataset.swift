import AppPorts
import CRDT
import Minuta
import SimCore
import SimHarness

/// The legacy JSON data a user has before the migration: a few tags and records from late
/// November 2025 to mid January 2026 (the devices' clocks start at 2026-01-15), with records
/// close to the month ends in every time zone from UTC−12 to UTC+14, running timers, comments
/// and image references. Small on purpose: a run stays well under 100 ms.
struct MinutaDataset: Sendable {
    var tags: [Minuta.Tag]
    var records: [Minuta.TimeRecord]

    static let minute: Int64 = 60_000
    static let hour: Int64 = 3_600_000
    /// Month starts (UTC) the records straddle: 2025-12-01, 2026-01-01.
    static let monthStarts: [Int64] = [1_764_547_200_000, 1_767_225_600_000]
    static let colors = ["#4A90D9", "#E57373", "#81C784", "#FFB74D", "#BA68C8"]

    /// `size` 0 → 6 records, 1 → 12, N → 12 × N.
    static func generate(_ random: inout SimRandom, size: Int) -> MinutaDataset {
        let tagCount = 3 + random.below(2)
        var tags: [Minuta.Tag] = []
        for index in 0..<tagCount {
            tags.append(Minuta.Tag(id: random.uuidString().uppercased(), name: "Tag \(index + 1)",
                                   color: colors[random.below(colors.count)],
                                   createdAt: 1_760_000_000_000 + Int64(index) * hour, isArchived: index == tagCount - 1 && random.chance(1, in: 3)))
        }
        let count = size <= 0 ? 6 : 12 * size
        var records: [Minuta.TimeRecord] = []
        for index in 0..<count {
            let start: Int64
            if index % 3 == 0 {
                // Within 14 hours of a month start: the month differs between UTC−12 and UTC+14.
                let boundary = monthStarts[(index / 3) % monthStarts.count]
                start = boundary + Int64(random.int(in: -14 * 60...14 * 60)) * minute
            } else {
                start = 1_763_640_000_000 + Int64(random.below(54 * 24 * 60)) * minute
            }
            let running = index == count - 1 && random.chance(1, in: 2)
            let images = (0..<random.below(3)).map { "img-\(index)-\($0).jpg" }
            records.append(Minuta.TimeRecord(
                id: random.uuidString().uppercased(), startTime: start,
                endTime: running ? nil : start + Int64(15 + random.below(180)) * minute,
                tagId: random.chance(4, in: 5) ? tags[random.below(tags.count)].id : nil,
                comment: random.chance(1, in: 2) ? "note \(index)" : nil, images: images))
        }
        return MinutaDataset(tags: tags, records: records)
    }

    /// The same records with no tag, and no tags: a user who never made one.
    var untagged: MinutaDataset {
        MinutaDataset(tags: [], records: records.map { record in
            var record = record
            record.tagId = nil
            return record
        })
    }

    /// The legacy files, as the old app wrote them on a device `utcOffsetSeconds` east of UTC.
    func legacyFiles(utcOffsetSeconds: Int) -> [(path: String, bytes: [UInt8])] {
        Minuta.LocalFileStorageService.files(tags: tags, records: records, utcOffsetSeconds: utcOffsetSeconds)
    }
}
