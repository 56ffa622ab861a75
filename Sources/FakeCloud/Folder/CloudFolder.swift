import SimCore

/// A provider-synced folder (Dropbox, iCloud Drive, Google Drive, or a silent last-writer-wins
/// share): the server copy plus one sync daemon per attached device, moving whole files between
/// each device's `Device.files` under `prefix` and the server, with seeded delays, making
/// conflict copies the way the real provider does (see `FolderProvider`).
///
/// The daemons are separate processes from the app: they keep running when the app is killed,
/// pause while their device is offline, and run on simulator timers. Server paths are the
/// devices' paths (prefix included). Every decision is traced under the `folder` component.
/// Like `Simulator`, all state is touched only on the simulation's thread, hence `@unchecked Sendable`
/// (scenario closures given to `sim.run` capture it).
public final class CloudFolder: @unchecked Sendable {
    /// Which provider's behaviour this folder has.
    public let provider: FolderProvider
    /// The synced path prefix on every device (e.g. `Minuta/`).
    public let prefix: String
    /// The provider's server copy.
    public let server: ServerFolder
    let simulator: Simulator
    private var agents: [SyncAgent] = []

    public init(provider: FolderProvider, simulator: Simulator, prefix: String) {
        self.provider = provider
        self.simulator = simulator
        precondition(!prefix.isEmpty && !prefix.hasPrefix(ICloudVersionStore.root), "the synced folder is a folder, not the version store")
        self.prefix = prefix
        self.server = ServerFolder(provider: provider)
    }

    /// Starts syncing `device`'s files under the prefix; `editor` is the account/device name the
    /// provider writes into conflict-copy names (Dropbox: "Ann's conflicted copy").
    public func attach(_ device: Device, editor: String) {
        precondition(!agents.contains { $0.device === device }, "a device is attached once")
        let agent = SyncAgent(device: device, editor: editor, folder: self)
        agents.append(agent)
        simulator.record("folder", "\(provider.rawValue) attach \(device.name)")
        agent.start()
    }

    /// Stops every daemon (no further ticks or transfer completions), e.g. before checks that
    /// must see a frozen folder. Added beyond the agreed API.
    public func stop() {
        for agent in agents { agent.stop() }
        simulator.record("folder", "\(provider.rawValue) stop")
    }

    /// True when no device has an unsynced local change and every device has every server version.
    public var isQuiet: Bool { agents.allSatisfy { $0.isSynced() } }

    /// Waits (on the virtual clock, inside `sim.run`) until `isQuiet` or the bound passes; returns isQuiet.
    public func settle(within bound: Duration) async -> Bool {
        let deadline = simulator.now.advanced(by: bound)
        let clock = simulator.rootClock
        while !isQuiet {
            guard simulator.now < deadline else {
                simulator.record("folder", "\(provider.rawValue) settle timeout")
                return false
            }
            let step = min(SimInstant(nanoseconds: simulator.now.nanoseconds + 100_000_000), deadline)
            do { try await clock.sleep(until: step, tolerance: nil) } catch { return isQuiet }
        }
        simulator.record("folder", "\(provider.rawValue) settled")
        return true
    }

    /// The server's files, sorted by path (for checkers).
    public var serverFiles: [(path: String, bytes: [UInt8])] {
        server.entries.filter { !$0.value.isDeleted }.sorted { $0.key < $1.key }.map { (path: $0.key, bytes: $0.value.bytes) }
    }

    /// Conflicts the server has seen (copies made, or silent overwrites under `replace`).
    public var conflicts: Int { server.conflicts }
}
