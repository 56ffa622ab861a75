import FakeCloud
import SimCore
import XCTest

/// An import meets a record the mirror already holds at that change tag (its own export coming
/// back): it is skipped by default, so an unexported local edit stands; a newer server copy
/// replaces the local edit and the mirror says so (`onServerWins`).
final class CloudKitMirrorEchoTests: XCTestCase {
    /// phone exports goal "Trip", then renames it locally to "Beach" and imports (its token is
    /// from before its own export, so the goal comes back). `laptopRenames`: the laptop renamed
    /// it to "Lake" and exported first. Returns the phone's goal name and the drops it heard of.
    private func echo(appliesUnchanged: Bool, laptopRenames: Bool) throws -> (name: String?, drops: Int) {
        let bed = MirrorTestBed()
        bed.options.appliesUnchangedRecords = appliesUnchanged
        let drops = MirrorBox(0)
        try bed.run { bed in
            await bed.step(bed.phone) { context, mirror in
                context.insert("Goal", ["name": "Trip"])
                try context.save()
                try await mirror.launch()
            }
            if laptopRenames {
                await bed.step(bed.laptop) { context, mirror in
                    try await mirror.launch()
                    let goal = try XCTUnwrap(try context.fetch("Goal").first)
                    context.set(goal.id, "name", "Lake")
                    try context.save()
                    _ = try await mirror.exportChanges()
                }
            }
            await bed.step(bed.phone) { context, mirror in
                mirror.onServerWins = { drops.value += $0 }
                let goal = try XCTUnwrap(try context.fetch("Goal").first)
                context.set(goal.id, "name", "Beach")
                try context.save()
                try await mirror.importChanges()
            }
        }
        return (bed.goalNames(bed.phone).first, drops.value)
    }

    func testItsOwnExportComingBackDoesNotRevertAnUnexportedEdit() throws {
        let result = try echo(appliesUnchanged: false, laptopRenames: false)
        XCTAssertEqual(result.name, "Beach")
        XCTAssertEqual(result.drops, 0)
    }

    func testTheHarsherReadingRevertsItAndSaysSo() throws {
        let result = try echo(appliesUnchanged: true, laptopRenames: false)
        XCTAssertEqual(result.name, "Trip")
        XCTAssertEqual(result.drops, 1)
    }

    func testANewerServerCopyReplacesTheLocalEditAndSaysSo() throws {
        let result = try echo(appliesUnchanged: false, laptopRenames: true)
        XCTAssertEqual(result.name, "Lake")
        XCTAssertEqual(result.drops, 1)
    }
}
