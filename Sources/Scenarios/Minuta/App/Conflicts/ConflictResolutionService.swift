import AppPorts
import CRDT

extension Minuta {
    /// The seed's `ConflictResolutionService` (l.740-822): finds every `.automerge` file, groups a
    /// file with its conflict copies by base name, merges each group into the primary, deletes the
    /// copies.
    ///
    /// `fixed`: a group may be copies only (the primary is then created); a copy that does not
    /// load is left for later while the others are merged; the merged primary is written (with a
    /// coordinated read-merge-write, and only if it changed) before any copy is deleted (MI-6).
    /// It also merges each file's hidden conflict versions (iCloud keeps an edit conflict's losing
    /// write as one, with no visible copy) and resolves them once the merge is written.
    public actor ConflictResolutionService {
        let files: any CoordinatedFileStore
        let ids: any IDGenerator
        let variant: MinutaVariant
        let names: ConflictNames

        /// Seed l.755-759.
        public struct ResolutionResult: Sendable, Equatable {
            public let filesProcessed: Int
            public let conflictsResolved: Int
            public let errors: [String]
        }

        public init(files: any CoordinatedFileStore, ids: any IDGenerator, variant: MinutaVariant) {
            self.files = files
            self.ids = ids
            self.variant = variant
            self.names = ConflictNames(variant: variant)
        }

        public func resolveConflicts() async throws -> ResolutionResult {
            var conflictsResolved = 0
            var errors: [String] = []
            // Hidden versions first: a copy's versions are merged into the copy before the copy
            // is merged into its primary and removed (removing a file removes its versions).
            if !variant.has(.icloudVersionsIgnored) {
                let conflicted = try await files.pathsWithUnresolvedConflicts(prefix: StoragePaths.folder)
                for path in conflicted.map({ String($0.dropFirst(StoragePaths.folder.count)) }) where path.hasSuffix(".automerge") {
                    do {
                        conflictsResolved += try await mergeHiddenVersions(path)
                    } catch {
                        errors.append("Merge of versions failed: \(error)")
                    }
                }
            }
            let automergeFiles = try await findAutomergeFiles()
            let groups = groupConflictFiles(automergeFiles)
            let minimum = variant.has(.deleteCopyBeforeWrite) ? 2 : 1
            for key in groups.keys.sorted() {
                let group = groups[key]!
                guard group.count >= minimum, group.contains(where: isConflictFile) || group.count > 1 else { continue }
                do {
                    conflictsResolved += try await mergeConflictFiles(group, primary: key)
                } catch {
                    errors.append("Merge failed: \(error)")
                }
            }
            return ResolutionResult(filesProcessed: automergeFiles.count, conflictsResolved: conflictsResolved, errors: errors)
        }

        /// Merges the file's unresolved conflict versions into it (a coordinated read-merge-write),
        /// then resolves them; a version that does not load is resolved only once it does (never:
        /// it is left, and reported). Returns how many versions it resolved.
        func mergeHiddenVersions(_ path: String) async throws -> Int {
            let versions = try await files.unresolvedConflictVersions(StoragePaths.folder + path)
            if versions.isEmpty { return 0 }
            let actor = ids.actorId()
            var merged: Document?
            var resolved: [String] = []
            for version in versions {
                guard let document = try? Document(version.bytes, actor: actor) else { continue }
                if let merged { try merged.merge(other: document) } else { merged = document }
                resolved.append(version.id)
            }
            guard let merged else { return 0 }
            try await files.coordinatedWrite(StoragePaths.folder + path) { disk in
                guard let disk else { return merged.save() }
                let current = try Document(disk, actor: actor)
                let before = current.heads
                try current.merge(other: merged)
                return current.heads == before ? nil : current.save()
            }
            try await files.resolveConflictVersions(StoragePaths.folder + path, ids: resolved)
            return resolved.count
        }

        /// Every `.automerge` file under the folder, hidden files skipped (seed l.782-790), sorted.
        func findAutomergeFiles() async throws -> [String] {
            try await files.list(prefix: StoragePaths.folder).map { String($0.dropFirst(StoragePaths.folder.count)) }
                .filter { $0.hasSuffix(".automerge") && !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
        }

        /// Base path → the files that share it (seed l.792-799).
        func groupConflictFiles(_ paths: [String]) -> [String: [String]] {
            var groups: [String: [String]] = [:]
            for path in paths { groups[names.primaryPath(path), default: []].append(path) }
            return groups
        }

        func isConflictFile(_ path: String) -> Bool { names.isConflictCopy(path) }

        func load(_ path: String) async throws -> Document? {
            guard let bytes = try await files.read(StoragePaths.folder + path) else { return nil }
            do { return try Document(bytes, actor: ids.actorId()) } catch {
                throw StorageError.documentCorrupted(path: path, details: "\(error)")
            }
        }

        /// Merges one group; returns how many copies it resolved.
        func mergeConflictFiles(_ group: [String], primary: String) async throws -> Int {
            if variant.has(.deleteCopyBeforeWrite) { return try await seedMerge(group) }
            var merged = try await load(primary)
            let before = merged?.heads
            var resolved: [String] = []
            for copy in group where copy != primary {
                guard let document = try? await load(copy) else { continue }  // still downloading: later
                if let merged { try merged.merge(other: document) } else { merged = document }
                resolved.append(copy)
            }
            guard let merged, !resolved.isEmpty else { return 0 }
            if merged.heads != before {
                let actor = ids.actorId()
                try await files.coordinatedWrite(StoragePaths.folder + primary) { disk in
                    if let disk { try merged.merge(other: Document(disk, actor: actor)) }
                    return merged.save()
                }
            }
            for copy in resolved { try await files.remove(StoragePaths.folder + copy) }
            return resolved.count
        }

        /// The seed's `mergeConflictFiles` (l.808-821): each copy deleted right after its merge; the
        /// primary written at the end.
        func seedMerge(_ group: [String]) async throws -> Int {
            let primaryPath = group.first { !isConflictFile($0) } ?? group[0]
            guard let primaryDoc = try await load(primaryPath) else { return 0 }
            var resolved = 0
            for conflictPath in group where conflictPath != primaryPath {
                guard let conflictDoc = try await load(conflictPath) else { continue }
                try primaryDoc.merge(other: conflictDoc)
                try await files.remove(StoragePaths.folder + conflictPath)
                resolved += 1
            }
            try await files.write(StoragePaths.folder + primaryPath, primaryDoc.save())
            return resolved
        }
    }
}
