import AppPorts
import CRDT

extension Minuta {
    /// The fixed migration's unit of work: one tag or record written as a change of its own, by an
    /// actor derived from the entity's content, into a fresh document. Every device, every re-run
    /// and every relaunch produces the byte-identical change for the same legacy entity, so merging
    /// it twice is a no-op (Automerge applies a change once, by hash): migration is idempotent on
    /// any number of devices, and a re-run can neither fork an object (MI-15) nor revert a later
    /// edit or resurrect a later delete (MI-16).
    enum MigrationDocuments {
        static func actor(_ parts: [String]) -> ActorId {
            ActorId(DeterministicID.uuid(["minuta-migration-v1"] + parts).replacingOccurrences(of: "-", with: ""))
        }

        static func tag(_ tag: Tag) throws -> Document {
            let document = Document(actor: actor(["tag", String(decoding: LocalFileStorageService.encode(tag), as: UTF8.self)]))
            _ = try AutomergeTag.create(in: document, at: .ROOT, tag: tag)
            return document
        }

        static func record(_ record: TimeRecord) throws -> Document {
            let document = Document(actor: actor(["record", String(decoding: LocalFileStorageService.encode(record), as: UTF8.self)]))
            _ = try AutomergeTimeRecord.create(in: document, at: .ROOT, record: record, recreateImages: false)
            return document
        }

        /// Whether `stored` already holds every change of `change` (merging it would add nothing).
        static func contains(_ stored: Document, _ change: Document) -> Bool {
            let probe = stored.fork(actor: actor(["probe"]))
            guard (try? probe.merge(other: change)) != nil else { return false }
            return probe.heads == stored.heads
        }
    }
}
