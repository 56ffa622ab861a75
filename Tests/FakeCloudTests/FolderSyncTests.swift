import FakeCloud
import SimCore
import XCTest

/// Two devices sharing a provider-synced folder: conflicts, propagation, deletions, kills,
/// offline periods, iCloud placeholders and determinism.
final class FolderSyncTests: XCTestCase {
    static let path = "Minuta/2026/01.automerge"

    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Two devices, Ann five hours behind UTC (her wall clock still shows 2026-01-14 at the
    /// default epoch), no faults unless asked.
    private struct Bed {
        let sim: Simulator
        let folder: CloudFolder
        let ann: Device
        let bob: Device

        init(_ provider: FolderProvider, seed: UInt64 = 1, faults: FaultSource = .plan(.none), annSkewMilliseconds: Int64 = 0) {
            sim = Simulator(seed: seed, options: SimulatorOptions(recordTrace: true, faultSource: faults))
            ann = sim.addDevice("ann", config: DeviceConfig(utcOffsetSeconds: -5 * 3600, clockSkewMilliseconds: annSkewMilliseconds))
            bob = sim.addDevice("bob")
            folder = CloudFolder(provider: provider, simulator: sim, prefix: "Minuta/")
            folder.attach(ann, editor: "Ann")
            folder.attach(bob, editor: "Bob")
        }

        /// The device's synced files.
        func files(_ device: Device) -> [String: [UInt8]] {
            var out: [String: [UInt8]] = [:]
            for path in device.files.list(prefix: "Minuta/") { out[path] = device.files.read(path) }
            return out
        }

        /// The device's version store: version id → bytes, for `path`.
        func versions(_ device: Device, _ path: String = FolderSyncTests.path) -> [Int: [UInt8]] {
            var out: [Int: [UInt8]] = [:]
            for file in device.files.list(prefix: ICloudVersionStore.prefix(of: path)) {
                out[ICloudVersionStore.id(in: file, of: path)!] = device.files.read(file)
            }
            return out
        }

        var server: [String: [UInt8]] {
            var out: [String: [UInt8]] = [:]
            for file in folder.serverFiles { out[file.path] = file.bytes }
            return out
        }
    }

    private static func wait(_ sim: Simulator, _ duration: Duration) async {
        await sim.sleep(for: duration)
    }

    // MARK: Conflicts

    /// Inside a run: both devices sync `v1`, then edit it while Ann is offline; Bob's upload lands
    /// first, so Ann's later upload is the conflicting one. Ends settled.
    private static func editBothWhileAnnOffline(_ sim: Simulator, _ folder: CloudFolder, _ ann: Device, _ bob: Device) async {
        ann.files.write(Self.path, Self.bytes("v1"))
        let first = await folder.settle(within: .seconds(60))
        XCTAssertTrue(first)
        sim.network.setOffline(ann, true)
        ann.files.write(Self.path, Self.bytes("ann's edit"))
        bob.files.write(Self.path, Self.bytes("bob's edit"))
        await Self.wait(sim, .seconds(30))
        sim.network.setOffline(ann, false)
        let settled = await folder.settle(within: .seconds(120))
        XCTAssertTrue(settled)
    }

    /// Ann is offline while both edit the synced file; Bob's upload lands first, so Ann's later
    /// upload is the conflicting one.
    private func editWhileAnnOffline(_ provider: FolderProvider, annSkewMilliseconds: Int64 = 0) throws -> Bed {
        let bed = Bed(provider, annSkewMilliseconds: annSkewMilliseconds)
        let folder = bed.folder, ann = bed.ann, bob = bed.bob
        try bed.sim.run { sim in await Self.editBothWhileAnnOffline(sim, folder, ann, bob) }
        XCTAssertEqual(bed.files(bed.ann), bed.server, "Ann converged to the server")
        XCTAssertEqual(bed.files(bed.bob), bed.server, "Bob converged to the server")
        return bed
    }

    func testDropboxConcurrentEditMakesEditorsDatedConflictedCopy() throws {
        let bed = try editWhileAnnOffline(.dropbox)
        XCTAssertEqual(bed.server, [
            Self.path: Self.bytes("bob's edit"),
            "Minuta/2026/01 (Ann's conflicted copy 2026-01-14).automerge": Self.bytes("ann's edit"),
        ], "the later writer gets the copy, dated by her own clock (UTC-5)")
        XCTAssertEqual(bed.folder.conflicts, 1)
    }

    /// Both saved at the same instant (a tie by modification date): the path keeps the server's
    /// bytes, and Ann's write lives on only as a hidden version, on both devices, with no copy.
    func testICloudConcurrentEditKeepsTheLosingWriteAsAHiddenVersion() throws {
        let bed = try editWhileAnnOffline(.icloud)
        XCTAssertEqual(bed.server, [Self.path: Self.bytes("bob's edit")], "no visible copy")
        let hidden = bed.folder.server.entries[Self.path]!.conflictVersions
        XCTAssertEqual(hidden.map(\.bytes), [Self.bytes("ann's edit")])
        XCTAssertEqual(bed.versions(bed.ann), [hidden[0].id: Self.bytes("ann's edit")])
        XCTAssertEqual(bed.versions(bed.bob), [hidden[0].id: Self.bytes("ann's edit")])
        XCTAssertEqual(bed.folder.conflicts, 1)
    }

    /// Ann's clock runs an hour ahead, so her save is the later one and takes the path although
    /// it uploaded last; Bob's edit becomes the hidden version.
    func testICloudEditConflictIsWonByTheLaterModificationDate() throws {
        let bed = try editWhileAnnOffline(.icloud, annSkewMilliseconds: 3_600_000)
        XCTAssertEqual(bed.server, [Self.path: Self.bytes("ann's edit")])
        XCTAssertEqual(Array(bed.versions(bed.bob).values), [Self.bytes("bob's edit")])
        XCTAssertEqual(Array(bed.versions(bed.ann).values), [Self.bytes("bob's edit")])
    }

    /// An app on one device resolves the version (removes it from its version store): the server
    /// and the other device drop it too, and a later edit of the file is not a conflict.
    func testICloudResolvedVersionIsRemovedEverywhere() throws {
        let bed = Bed(.icloud)
        let folder = bed.folder, ann = bed.ann, bob = bed.bob
        try bed.sim.run { sim in
            await Self.editBothWhileAnnOffline(sim, folder, ann, bob)
            let id = folder.server.entries[Self.path]!.conflictVersions[0].id
            XCTAssertTrue(bob.files.remove(ICloudVersionStore.path(of: Self.path, id: id)))
            XCTAssertFalse(folder.isQuiet, "the resolution has not reached the server yet")
            let settled = await folder.settle(within: .seconds(60))
            XCTAssertTrue(settled)
            ann.files.write(Self.path, Self.bytes("ann again"))
            let again = await folder.settle(within: .seconds(60))
            XCTAssertTrue(again)
        }
        XCTAssertEqual(bed.folder.server.entries[Self.path]!.conflictVersions, [])
        XCTAssertEqual(bed.versions(bed.ann), [:])
        XCTAssertEqual(bed.versions(bed.bob), [:])
        XCTAssertEqual(bed.server, [Self.path: Self.bytes("ann again")])
        XCTAssertEqual(bed.folder.conflicts, 1, "the edit after the resolution was based on the current bytes")
    }

    /// Ann resolves a version while offline, and meanwhile Bob's stale upload lost and added a
    /// newer hidden version: back online, Ann must still download that one (her base is not
    /// moved past a change she never read).
    func testICloudResolvingDoesNotSkipANewerHiddenVersion() throws {
        let bed = Bed(.icloud)
        let folder = bed.folder, ann = bed.ann, bob = bed.bob
        try bed.sim.run { sim in
            await Self.editBothWhileAnnOffline(sim, folder, ann, bob)
            let first = folder.server.entries[Self.path]!.conflictVersions[0].id
            sim.network.setOffline(bob, true)
            bob.files.write(Self.path, Self.bytes("bob's second"))
            await Self.wait(sim, .seconds(1))
            ann.files.write(Self.path, Self.bytes("ann's second"))
            await Self.wait(sim, .seconds(30))
            sim.network.setOffline(ann, true)
            XCTAssertTrue(ann.files.remove(ICloudVersionStore.path(of: Self.path, id: first)), "Ann's app resolves the first version")
            sim.network.setOffline(bob, false)
            await Self.wait(sim, .seconds(30))
            sim.network.setOffline(ann, false)
            let settled = await folder.settle(within: .seconds(120))
            XCTAssertTrue(settled, "Ann never read the newer version")
        }
        let hidden = bed.folder.server.entries[Self.path]!.conflictVersions
        XCTAssertEqual(hidden.map(\.bytes), [Self.bytes("bob's second")])
        XCTAssertEqual(bed.versions(bed.ann), [hidden[0].id: Self.bytes("bob's second")])
        XCTAssertEqual(bed.server, [Self.path: Self.bytes("ann's second")])
    }

    /// Ann deletes the file without having seen a hidden version Bob's losing upload made: the
    /// deletion is refused (it would erase Bob's edit everywhere) and the file comes back.
    func testICloudDeletionIsRefusedWhileAHiddenVersionIsUnseen() throws {
        let bed = Bed(.icloud)
        let folder = bed.folder, ann = bed.ann, bob = bed.bob
        try bed.sim.run { sim in
            ann.files.write(Self.path, Self.bytes("v1"))
            _ = await folder.settle(within: .seconds(60))
            sim.network.setOffline(bob, true)
            bob.files.write(Self.path, Self.bytes("bob's edit"))
            await Self.wait(sim, .seconds(1))
            ann.files.write(Self.path, Self.bytes("ann's edit"))
            await Self.wait(sim, .seconds(30))
            sim.network.setOffline(ann, true)
            XCTAssertTrue(ann.files.remove(Self.path))
            sim.network.setOffline(bob, false)
            await Self.wait(sim, .seconds(30))
            sim.network.setOffline(ann, false)
            let settled = await folder.settle(within: .seconds(120))
            XCTAssertTrue(settled)
        }
        XCTAssertEqual(bed.server, [Self.path: Self.bytes("ann's edit")], "the file came back")
        XCTAssertEqual(bed.folder.server.entries[Self.path]!.conflictVersions.map(\.bytes), [Self.bytes("bob's edit")])
        XCTAssertEqual(Array(bed.versions(bed.ann).values), [Self.bytes("bob's edit")])
    }

    /// A file whose versions every device has seen is deleted: its versions go with it, on every
    /// device.
    func testICloudDeletingAFileDeletesItsVersions() throws {
        let bed = Bed(.icloud)
        let folder = bed.folder, ann = bed.ann, bob = bed.bob
        try bed.sim.run { sim in
            await Self.editBothWhileAnnOffline(sim, folder, ann, bob)
            XCTAssertEqual(folder.server.entries[Self.path]!.conflictVersions.count, 1)
            XCTAssertTrue(ann.files.remove(Self.path))
            let settled = await folder.settle(within: .seconds(60))
            XCTAssertTrue(settled)
        }
        XCTAssertEqual(bed.server, [:])
        XCTAssertEqual(bed.versions(bed.ann), [:])
        XCTAssertEqual(bed.versions(bed.bob), [:])
    }

    /// Both devices create the same new file with different bytes: iCloud bounces the later one to
    /// `name 2` (a new-file conflict in the document scope), with no hidden version.
    func testICloudNewFileConflictMakesNumberedCopy() throws {
        let bed = Bed(.icloud)
        let folder = bed.folder, ann = bed.ann, bob = bed.bob
        try bed.sim.run { sim in
            sim.network.setOffline(ann, true)
            ann.files.write(Self.path, Self.bytes("ann's new file"))
            bob.files.write(Self.path, Self.bytes("bob's new file"))
            await Self.wait(sim, .seconds(30))
            sim.network.setOffline(ann, false)
            let settled = await folder.settle(within: .seconds(120))
            XCTAssertTrue(settled)
        }
        XCTAssertEqual(bed.server, [
            Self.path: Self.bytes("bob's new file"),
            "Minuta/2026/01 2.automerge": Self.bytes("ann's new file"),
        ])
        XCTAssertEqual(bed.folder.server.entries[Self.path]!.conflictVersions, [])
        XCTAssertEqual(bed.files(bed.ann), bed.server)
    }

    func testGoogleDriveConcurrentEditMakesParenthesisedCopy() throws {
        let bed = try editWhileAnnOffline(.gdrive)
        XCTAssertEqual(bed.server, [
            Self.path: Self.bytes("bob's edit"),
            "Minuta/2026/01 (1).automerge": Self.bytes("ann's edit"),
        ])
    }

    func testReplaceConcurrentEditLetsTheLastUploadWinWithoutACopy() throws {
        let bed = try editWhileAnnOffline(.replace)
        XCTAssertEqual(bed.server, [Self.path: Self.bytes("ann's edit")], "Bob's edit is silently lost")
        XCTAssertEqual(bed.folder.conflicts, 1)
    }

    func testSimultaneousEditsOnlineMakeExactlyOneCopyAndConverge() throws {
        for provider in [FolderProvider.dropbox, .icloud, .gdrive] {
            for seed: UInt64 in 1...6 {
                let bed = Bed(provider, seed: seed)
                let folder = bed.folder, ann = bed.ann, bob = bed.bob
                try bed.sim.run { _ in
                    ann.files.write(Self.path, Self.bytes("v1"))
                    _ = await folder.settle(within: .seconds(60))
                    ann.files.write(Self.path, Self.bytes("ann"))
                    bob.files.write(Self.path, Self.bytes("bob"))
                    let settled = await folder.settle(within: .seconds(120))
                    XCTAssertTrue(settled)
                }
                let server = bed.server
                // iCloud keeps the losing edit as a hidden version instead of a copy.
                let hidden = bed.folder.server.entries[Self.path]!.conflictVersions.map(\.bytes)
                XCTAssertEqual(server.count, provider == .icloud ? 1 : 2, "\(provider) seed \(seed): \(server.keys.sorted())")
                XCTAssertEqual(hidden.count, provider == .icloud ? 1 : 0, "\(provider) seed \(seed)")
                XCTAssertEqual(Set(server.values).union(hidden), [Self.bytes("ann"), Self.bytes("bob")], "\(provider) seed \(seed)")
                XCTAssertEqual(bed.versions(bed.ann), bed.versions(bed.bob), "\(provider) seed \(seed)")
                XCTAssertEqual(bed.files(bed.ann), server)
                XCTAssertEqual(bed.files(bed.bob), server)
            }
        }
    }

    // MARK: Propagation

    func testNonConflictingEditReplacesTheOtherDevicesFile() throws {
        for provider in FolderProvider.allCases {
            let bed = Bed(provider)
            let folder = bed.folder, ann = bed.ann, bob = bed.bob
            try bed.sim.run { _ in
                ann.files.write(Self.path, Self.bytes("v1"))
                _ = await folder.settle(within: .seconds(60))
                XCTAssertEqual(bob.files.read(Self.path), Self.bytes("v1"), "\(provider)")
                bob.files.write(Self.path, Self.bytes("v2"))
                let settled = await folder.settle(within: .seconds(60))
                XCTAssertTrue(settled)
            }
            XCTAssertEqual(bed.files(bed.ann), [Self.path: Self.bytes("v2")], "\(provider)")
            XCTAssertEqual(bed.folder.conflicts, 0, "\(provider)")
        }
    }

    func testDeletionPropagates() throws {
        for provider in FolderProvider.allCases {
            let bed = Bed(provider)
            let folder = bed.folder, ann = bed.ann, bob = bed.bob
            try bed.sim.run { _ in
                ann.files.write(Self.path, Self.bytes("v1"))
                _ = await folder.settle(within: .seconds(60))
                XCTAssertNotNil(bob.files.read(Self.path))
                ann.files.remove(Self.path)
                let settled = await folder.settle(within: .seconds(60))
                XCTAssertTrue(settled)
            }
            XCTAssertEqual(bed.files(bed.bob), [:], "\(provider)")
            XCTAssertEqual(bed.server, [:], "\(provider)")
        }
    }

    func testEditBeatsAConcurrentDeletion() throws {
        let bed = Bed(.dropbox)
        let folder = bed.folder, ann = bed.ann, bob = bed.bob
        try bed.sim.run { sim in
            ann.files.write(Self.path, Self.bytes("v1"))
            _ = await folder.settle(within: .seconds(60))
            sim.network.setOffline(ann, true)
            ann.files.remove(Self.path)
            bob.files.write(Self.path, Self.bytes("v2"))
            await Self.wait(sim, .seconds(30))
            sim.network.setOffline(ann, false)
            let settled = await folder.settle(within: .seconds(60))
            XCTAssertTrue(settled)
        }
        XCTAssertEqual(bed.files(bed.ann), [Self.path: Self.bytes("v2")], "the edited file came back")
    }

    func testEditDuringUploadInFlightUploadsTheNewerBytesLater() throws {
        let bed = Bed(.dropbox)
        let folder = bed.folder, ann = bed.ann, bob = bed.bob
        try bed.sim.run { sim in
            ann.files.write(Self.path, Self.bytes("v1"))
            for _ in 0..<1_000 where !sim.trace.records.contains(where: { $0.event.hasPrefix("dropbox ann upload start") }) {
                await Self.wait(sim, .milliseconds(10))
            }
            ann.files.write(Self.path, Self.bytes("v2"))  // the upload of v1 is still in flight
            let settled = await folder.settle(within: .seconds(60))
            XCTAssertTrue(settled)
            XCTAssertEqual(bob.files.read(Self.path), Self.bytes("v2"))
        }
        XCTAssertEqual(bed.folder.conflicts, 0, "the device's own newer bytes are not a conflict")
        let uploads = bed.sim.trace.records.filter { $0.event.hasPrefix("dropbox ann upload start") }
        XCTAssertEqual(uploads.count, 2, "v1 in flight, then v2 on a later tick")
    }

    // MARK: Kills and offline periods

    func testKilledAppsDeviceStillSyncs() throws {
        let bed = Bed(.gdrive)
        let folder = bed.folder, ann = bed.ann
        try bed.sim.run { sim in
            ann.launch { context in
                try? context.writeFile(Self.path, Self.bytes("written before the kill"))
                try? await context.sleep(for: .seconds(3_600))
            }
            await Self.wait(sim, .milliseconds(1))
            ann.kill()
            let settled = await folder.settle(within: .seconds(60))
            XCTAssertTrue(settled)
            XCTAssertEqual(ann.state, .killed)
        }
        XCTAssertEqual(bed.bob.files.read(Self.path), Self.bytes("written before the kill"))
    }

    func testOfflineDeviceSyncsAfterComingBack() throws {
        let bed = Bed(.icloud)
        let folder = bed.folder, ann = bed.ann, bob = bed.bob
        try bed.sim.run { sim in
            sim.network.setOffline(bob, true)
            ann.files.write(Self.path, Self.bytes("v1"))
            await Self.wait(sim, .seconds(60))
            XCTAssertEqual(bob.files.list(prefix: "Minuta/"), [], "nothing arrives while offline")
            XCTAssertFalse(folder.isQuiet)
            sim.network.setOffline(bob, false)
            let settled = await folder.settle(within: .seconds(60))
            XCTAssertTrue(settled)
        }
        XCTAssertEqual(bed.files(bed.bob), [Self.path: Self.bytes("v1")])
        XCTAssertTrue(bed.sim.trace.records.contains { $0.event == "icloud bob pause offline" })
    }

    func testICloudShowsAPlaceholderBeforeTheDownload() throws {
        let bed = Bed(.icloud)
        let folder = bed.folder, ann = bed.ann, bob = bed.bob
        let stub = ICloudPlaceholder.path(for: Self.path)
        try bed.sim.run { sim in
            ann.files.write(Self.path, Self.bytes("v1"))
            var sawPlaceholder = false
            for _ in 0..<6_000 where !sawPlaceholder {
                await Self.wait(sim, .milliseconds(10))
                if bob.files.read(stub) != nil {
                    sawPlaceholder = true
                    XCTAssertNil(bob.files.read(Self.path), "the real file is absent while the stub shows")
                }
            }
            XCTAssertTrue(sawPlaceholder)
            let settled = await folder.settle(within: .seconds(60))
            XCTAssertTrue(settled)
        }
        XCTAssertEqual(bed.files(bed.bob), [Self.path: Self.bytes("v1")], "the stub is gone once downloaded")
    }

    // MARK: Faults

    func testSlowTransfersFireWithFaultsOnAndStopWhileHealing() throws {
        let bed = Bed(.dropbox, faults: .plan(FaultPlan(rates: [.slowResponse: 1_000_000])))
        let folder = bed.folder, ann = bed.ann
        let injectedBeforeHealing = try bed.sim.run { sim -> Int in
            ann.files.write(Self.path, Self.bytes("v1"))
            await Self.wait(sim, .seconds(5))
            let injected = sim.faults.injected.count
            sim.beginHealing()
            ann.files.write(Self.path, Self.bytes("v2"))
            let settled = await folder.settle(within: .seconds(300))
            XCTAssertTrue(settled)
            return injected
        }
        let folderFaults = bed.sim.faults.injected.filter { $0.subject.hasPrefix("folder ") }
        XCTAssertGreaterThan(folderFaults.count, 0, "a slow transfer fired")
        XCTAssertEqual(bed.sim.faults.injected.count, injectedBeforeHealing, "no fault while healing")
        XCTAssertEqual(bed.bob.files.read(Self.path), Self.bytes("v2"))
    }

    // MARK: Determinism

    private func tracedRun(seed: UInt64) throws -> (hash: UInt64, records: Int) {
        let bed = Bed(.dropbox, seed: seed, faults: .swarm)
        let folder = bed.folder, ann = bed.ann, bob = bed.bob
        try bed.sim.run { sim in
            for round in 0..<5 {
                ann.files.write(Self.path, Self.bytes("ann \(round)"))
                bob.files.write("Minuta/tags.automerge", Self.bytes("bob \(round)"))
                if round == 2 { bob.files.write(Self.path, Self.bytes("bob \(round)")) }
                await Self.wait(sim, .milliseconds(700))
            }
            sim.beginHealing()
            _ = await folder.settle(within: .seconds(600))
        }
        return (bed.sim.trace.hash, bed.sim.trace.records.filter { $0.component == "folder" }.count)
    }

    func testSameSeedGivesTheSameTraceHash() throws {
        let first = try tracedRun(seed: 42)
        let second = try tracedRun(seed: 42)
        XCTAssertEqual(first.hash, second.hash)
        XCTAssertGreaterThan(first.records, 10)
    }
}
