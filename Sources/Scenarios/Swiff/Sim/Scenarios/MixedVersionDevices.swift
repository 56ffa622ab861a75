import FakeCloud
import SimCore
import SimHarness

extension SwiffScenario {
    /// Two devices on build 2 with the same data. Device A updates to build 3, edits, maybe backs
    /// up, then the user reinstalls build 2 over the V3 store (a downgrade) and later build 3
    /// again. Device B, still on build 2, restores a backup A made (a V2 or a V3 one, copied over
    /// as a file: AirDrop, Files).
    static let mixedVersionDevices = SwiffScenario(
        name: "mixed-version-devices",
        summary: "a downgrade opens a newer store; a device on an older build restores a backup another version made",
        faults: FaultPolicy(off: [.storage]),
        coverageMarks: ["swiff: a restore the app refused"],
        script: { stage in
            let a = await stage.setUp("phone-a", build: 2)
            let b = await stage.setUp("phone-b", build: 2)
            await stage.pause(days: 1)
            stage.install(a, build: 3)
            await stage.session(a, stage.edits(a, 3), kill: SwiffKill.migration, maxKills: 1)
            if stage.draw(2) == 0 { await stage.session(a, [.backupNow]) }
            await stage.pause(days: 1 + stage.draw(5))
            stage.install(a, build: 2)
            await stage.session(a, stage.edits(a, 1), kill: ["launch", "open", "restore"], maxKills: 1)
            stage.install(a, build: 3)
            await stage.session(a, stage.edits(a, 1))
            let backups = a.files.list(prefix: "Backups/").filter { $0.hasSuffix(".store") }
            guard !backups.isEmpty else { return }
            // Backup names start with the time taken: mostly the newest, else any.
            let chosen = stage.draw(4) < 3 ? backups.count - 1 : stage.draw(backups.count)
            b.files.write("Imports/from-phone-a.store", a.files.read(backups[chosen])!)
            await stage.session(b, [.restore(path: "Imports/from-phone-a.store")], kill: ["restore"], maxKills: 1)
            await stage.session(b, stage.edits(b, 2))
        })
}
