import SimCore

/// One device's sync daemon (the Dropbox app, iCloud's `bird`, Drive for desktop): a process of
/// its own, so it is driven by simulator timers, not by the app's tasks — killing the app does
/// not stop it. It pauses while the device is offline and wakes on seeded intervals.
///
/// It remembers, per path, the server version and bytes it last synced (its base). Each tick:
/// upload local files whose bytes differ from the base (with the base version); propagate local
/// deletions of synced files; download newer server versions into files the device has not
/// changed; apply remote deletions. Transfers take seeded latency and at most one transfer per
/// path is in flight; a file that changes while its upload is in flight is uploaded again on a
/// later tick, and a download whose target changed meanwhile is dropped (the local change wins
/// the next upload, and the server then decides about a conflict).
final class SyncAgent {
    /// What the agent last synced for one path.
    struct Base: Equatable {
        var version: Int
        /// nil: the synced state is "deleted".
        var bytes: [UInt8]?
    }

    let device: Device
    let editor: String
    private unowned let folder: CloudFolder
    private var random: SimRandom
    private(set) var bases: [String: Base] = [:]
    private(set) var inFlight: Set<String> = []
    /// Real paths whose iCloud placeholder is on the device.
    private(set) var placeholders: Set<String> = []
    /// iCloud: per path, the ids of the hidden conflict versions this device holds in its version
    /// store (`ICloudVersionStore`), as last synced.
    private(set) var versionsHeld: [String: [Int]] = [:]
    /// iCloud: version ids an app on this device resolved (never put back by a stale download).
    private var resolvedHere: Set<Int> = []
    private var paused = false
    private var stopped = false

    /// Seeded timing bounds, in milliseconds.
    static let tickInterval: ClosedRange<Int> = 200...2_000
    static let transferLatency: ClosedRange<Int> = 50...1_500
    static let placeholderDelay: ClosedRange<Int> = 500...5_000
    static let slowTransferExtra: ClosedRange<Int> = 5_000...60_000

    init(device: Device, editor: String, folder: CloudFolder) {
        self.device = device
        self.editor = editor
        self.folder = folder
        self.random = folder.simulator.random.fork("folder:\(folder.provider.rawValue):\(device.name)")
    }

    private var simulator: Simulator { folder.simulator }
    private var server: ServerFolder { folder.server }
    private var files: FileStore { device.files }

    private func record(_ event: String) {
        simulator.record("folder", "\(folder.provider.rawValue) \(device.name) \(event)")
    }

    // MARK: Ticks

    func start() { scheduleTick() }

    func stop() { stopped = true }

    private func scheduleTick() {
        guard !stopped else { return }
        let delay = random.int(in: SyncAgent.tickInterval)
        simulator.schedule(after: .milliseconds(delay)) { [weak self] in self?.tick() }
    }

    private func tick() {
        guard !stopped else { return }
        defer { scheduleTick() }
        if simulator.network.isOffline(device) {
            if !paused { record("pause offline") }
            paused = true
            return
        }
        if paused { record("resume online") }
        paused = false
        pushLocalChanges()
        pullServerChanges()
    }

    /// The device's synced files (placeholders excluded), sorted.
    private func localPaths() -> [String] {
        files.list(prefix: folder.prefix).filter { !(folder.provider == .icloud && ICloudPlaceholder.isPlaceholder($0)) }
    }

    private func pushLocalChanges() {
        // A file the app wrote itself at a placeholder's path replaces the stub (its lost
        // download is moot: the local bytes now upload, or conflict, like any local edit).
        for path in placeholders.sorted() where files.read(path) != nil { removePlaceholder(of: path) }
        pushResolvedVersions()
        for path in localPaths() where !inFlight.contains(path) {
            guard let bytes = files.read(path) else { continue }
            if let base = bases[path], base.bytes == bytes { continue }
            upload(path, bytes)
        }
        for (path, base) in bases.sorted(by: { $0.key < $1.key }) where base.bytes != nil && !inFlight.contains(path) {
            if files.read(path) == nil { delete(path, base: base.version) }
        }
    }

    private func pullServerChanges() {
        for (path, entry) in server.entries.sorted(by: { $0.key < $1.key }) where path.hasPrefix(folder.prefix) {
            guard !inFlight.contains(path) else { continue }
            let base = bases[path]
            if base?.version == entry.version { continue }
            // Only a file the device has not changed since its base may be overwritten.
            guard files.read(path) == base?.bytes else { continue }
            if entry.isDeleted {
                if files.remove(path) { record("apply remote delete \(path) v=\(entry.version)") }
                removePlaceholder(of: path)
                holdVersions(path, [])
                bases[path] = Base(version: entry.version, bytes: nil)
            } else {
                download(path, entry)
            }
        }
    }

    // MARK: Transfers

    /// A seeded transfer time; with faults on, sometimes a long stall (a slow link or a busy daemon).
    private func transferDelay(_ path: String, extra: ClosedRange<Int>? = nil) -> Int {
        var milliseconds = random.int(in: SyncAgent.transferLatency)
        if let extra { milliseconds += random.int(in: extra) }
        let slow = simulator.faults.decide(.slowResponse, subject: "folder \(device.name) \(path)") { stream in
            IntegerDetail(stream.int(in: SyncAgent.slowTransferExtra))
        }
        if let slow { milliseconds += Int(slow.value) }
        return milliseconds
    }

    private func upload(_ path: String, _ bytes: [UInt8]) {
        let base = bases[path]?.version
        // The file's modification date, on the device's own clock (iCloud picks a conflict's winner by it).
        let modified = WallClockDate.milliseconds(device.config, at: files.modificationTime(path) ?? simulator.now)
        let delay = transferDelay(path)
        inFlight.insert(path)
        record("upload start \(path) base=\(base.map(String.init) ?? "none") bytes=\(bytes.count) ms=\(delay)")
        simulator.schedule(after: .milliseconds(delay)) { [weak self] in
            self?.finishUpload(path, bytes, base: base, modified: modified)
        }
    }

    private func finishUpload(_ path: String, _ bytes: [UInt8], base: Int?, modified: Int64) {
        inFlight.remove(path)
        guard !stopped else { return }
        if simulator.network.isOffline(device) {
            record("upload lost offline \(path)")
            return
        }
        let outcome = server.upload(path, bytes: bytes, base: base, modified: modified) { taken in
            CloudFolder.conflictCopyName(
                of: path, provider: folder.provider, editor: editor,
                civilDate: WallClockDate.civilDate(device.config, at: simulator.now),
                taken: { taken($0) || self.files.read($0) != nil })
        }
        switch outcome {
        case .accepted(let version):
            bases[path] = Base(version: version, bytes: bytes)
            record("upload done \(path) v=\(version)")
            holdVersions(path, server.entries[path]?.conflictVersions ?? [])
        case .versioned(let entry, let won):
            simulator.sometimes("folder.icloud-conflict-version")
            record("conflict \(path) v=\(entry.version) upload \(won ? "current" : "hidden") versions=\(entry.conflictVersions.map(\.id))")
            // The losing write lives on only as a hidden version; the path holds the later save.
            if won {
                bases[path] = Base(version: entry.version, bytes: bytes)
            } else if files.read(path) == bytes {
                files.write(path, entry.bytes)
                bases[path] = Base(version: entry.version, bytes: entry.bytes)
            }
            holdVersions(path, entry.conflictVersions)
        case .conflict(let current, let copyPath, let copyVersion):
            simulator.sometimes("folder.conflict-copy.\(folder.provider.rawValue)")
            record("conflict \(path) server-v=\(current.version) copy=\(copyPath) v=\(copyVersion)")
            // The device's own bytes live on under the copy name; the path takes the server's
            // version, unless the app changed the file again meanwhile: then the base stays
            // stale and the next upload conflicts again (another copy, nothing lost).
            files.write(copyPath, bytes)
            bases[copyPath] = Base(version: copyVersion, bytes: bytes)
            if files.read(path) == bytes {
                files.write(path, current.bytes)
                bases[path] = Base(version: current.version, bytes: current.bytes)
            }
        }
    }

    private func delete(_ path: String, base: Int) {
        let delay = transferDelay(path)
        inFlight.insert(path)
        record("delete start \(path) base=\(base) ms=\(delay)")
        simulator.schedule(after: .milliseconds(delay)) { [weak self] in
            guard let self else { return }
            inFlight.remove(path)
            guard !stopped else { return }
            if simulator.network.isOffline(device) {
                record("delete lost offline \(path)")
                return
            }
            switch server.delete(path, base: base) {
            case .deleted(let version):
                if files.read(path) == nil {
                    bases[path] = Base(version: version, bytes: nil)
                    holdVersions(path, [])  // deleting a file deletes its versions
                }
                record("delete done \(path) v=\(version)")
            case .refused(let current):
                // A newer version exists: forget the base so the file downloads back.
                if files.read(path) == nil { bases[path] = nil }
                record("delete refused \(path) server-v=\(current.version)")
            }
        }
    }

    private func download(_ path: String, _ entry: ServerEntry) {
        let before = files.read(path)
        let showsPlaceholder = folder.provider == .icloud && before == nil
        let delay = transferDelay(path, extra: showsPlaceholder ? SyncAgent.placeholderDelay : nil)
        inFlight.insert(path)
        if showsPlaceholder && !placeholders.contains(path) {
            placeholders.insert(path)
            files.write(ICloudPlaceholder.path(for: path), ICloudPlaceholder.bytes)
            simulator.sometimes("folder.icloud-placeholder")
        }
        record("download start \(path) v=\(entry.version) bytes=\(entry.bytes.count) ms=\(delay)")
        simulator.schedule(after: .milliseconds(delay)) { [weak self] in
            self?.finishDownload(path, entry, expecting: before)
        }
    }

    private func finishDownload(_ path: String, _ entry: ServerEntry, expecting before: [UInt8]?) {
        inFlight.remove(path)
        guard !stopped else { return }
        if simulator.network.isOffline(device) {
            record("download lost offline \(path)")
            return
        }
        guard files.read(path) == before else {
            // The file changed between the two reads: keep the local bytes, upload them later.
            simulator.sometimes("folder.download-raced-local-write")
            removePlaceholder(of: path)
            record("download dropped local-changed \(path) v=\(entry.version)")
            return
        }
        files.write(path, entry.bytes)
        removePlaceholder(of: path)
        bases[path] = Base(version: entry.version, bytes: entry.bytes)
        record("download done \(path) v=\(entry.version)")
        holdVersions(path, entry.conflictVersions)
    }

    // MARK: Hidden versions (iCloud)

    /// Makes the device's version store hold `versions` of `path` (those resolved here excepted).
    private func holdVersions(_ path: String, _ versions: [HiddenVersion]) {
        let wanted = versions.filter { !resolvedHere.contains($0.id) }
        let held = versionsHeld[path] ?? []
        if wanted.isEmpty && held.isEmpty { return }
        for version in wanted where !held.contains(version.id) {
            files.write(ICloudVersionStore.path(of: path, id: version.id), version.bytes)
        }
        for id in held where !wanted.contains(where: { $0.id == id }) {
            files.remove(ICloudVersionStore.path(of: path, id: id))
        }
        versionsHeld[path] = wanted.isEmpty ? nil : wanted.map(\.id)
    }

    /// Versions an app removed from the version store (resolved them) are removed on the server,
    /// so every other device drops them too.
    private func pushResolvedVersions() {
        for (path, ids) in versionsHeld.sorted(by: { $0.key < $1.key }) {
            let gone = ids.filter { !files.contains(ICloudVersionStore.path(of: path, id: $0)) }
            if gone.isEmpty { continue }
            resolvedHere.formUnion(gone)
            let kept = ids.filter { !gone.contains($0) }
            versionsHeld[path] = kept.isEmpty ? nil : kept
            let before = server.entries[path]?.version
            guard let version = server.resolve(path, ids: gone) else { continue }
            record("resolve versions \(path) ids=\(gone) v=\(version)")
            // Only a device that had synced the entry as it was can skip re-reading it: another
            // change (a newer hidden version) may have come in since its base.
            if let base = bases[path], base.version == before, base.bytes == server.entries[path]?.bytes {
                bases[path] = Base(version: version, bytes: base.bytes)
            }
        }
    }

    private func removePlaceholder(of path: String) {
        guard placeholders.remove(path) != nil else { return }
        files.remove(ICloudPlaceholder.path(for: path))
    }

    // MARK: Quiescence

    /// True when nothing is in flight and the device holds exactly the server's live files, each
    /// at the server's version.
    func isSynced() -> Bool {
        guard inFlight.isEmpty, placeholders.isEmpty else { return false }
        let local = localPaths()
        for path in local where !server.isLive(path) { return false }
        for (path, entry) in server.entries.sorted(by: { $0.key < $1.key }) where path.hasPrefix(folder.prefix) {
            if entry.isDeleted {
                if files.read(path) != nil || versionsHeld[path] != nil { return false } else { continue }
            }
            guard files.read(path) == entry.bytes, bases[path]?.version == entry.version else { return false }
            let hidden = entry.conflictVersions.map(\.id)
            guard versionsHeld[path] ?? [] == hidden,
                  hidden.allSatisfy({ files.contains(ICloudVersionStore.path(of: path, id: $0)) }) else { return false }
        }
        return true
    }
}
