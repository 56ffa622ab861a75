import FakeCloud
import SimCore
import XCTest

/// The names each provider gives a conflict copy, the iCloud placeholder name, and the civil
/// date a device's wall clock shows.
final class FolderConflictNameTests: XCTestCase {
    private func name(
        _ path: String, _ provider: FolderProvider, editor: String = "Ann", taken: Set<String> = []
    ) -> String {
        CloudFolder.conflictCopyName(of: path, provider: provider, editor: editor, civilDate: "2026-01-15") { taken.contains($0) }
    }

    func testDropboxPutsEditorConflictedCopyAndDateBeforeTheExtension() {
        XCTAssertEqual(name("Minuta/2026/01.automerge", .dropbox), "Minuta/2026/01 (Ann's conflicted copy 2026-01-15).automerge")
        XCTAssertEqual(name("Minuta/tags", .dropbox), "Minuta/tags (Ann's conflicted copy 2026-01-15)")
    }

    func testDropboxKeepsParenthesesAndApostrophesOfNameAndEditor() {
        XCTAssertEqual(
            name("Minuta/it's (draft).automerge", .dropbox, editor: "Ann (Work)"),
            "Minuta/it's (draft) (Ann (Work)'s conflicted copy 2026-01-15).automerge")
        XCTAssertEqual(
            name("Minuta/notes.automerge", .dropbox, editor: "Greg's MacBook Air"),
            "Minuta/notes (Greg's MacBook Air's conflicted copy 2026-01-15).automerge")
    }

    func testDropboxCountsAfterTheParenthesisWhenTheNameIsTaken() {
        let first = "Minuta/01 (Ann's conflicted copy 2026-01-15).automerge"
        let second = "Minuta/01 (Ann's conflicted copy 2026-01-15) (1).automerge"
        XCTAssertEqual(name("Minuta/01.automerge", .dropbox, taken: [first]), second)
        XCTAssertEqual(
            name("Minuta/01.automerge", .dropbox, taken: [first, second]),
            "Minuta/01 (Ann's conflicted copy 2026-01-15) (2).automerge")
    }

    func testICloudAppendsTheNextFreeNumberFromTwo() {
        XCTAssertEqual(name("Minuta/tags.automerge", .icloud), "Minuta/tags 2.automerge")
        XCTAssertEqual(name("Minuta/tags.automerge", .icloud, taken: ["Minuta/tags 2.automerge"]), "Minuta/tags 3.automerge")
        XCTAssertEqual(name("Minuta/tags", .icloud), "Minuta/tags 2")
        XCTAssertEqual(name("Minuta/it's (1).automerge", .icloud), "Minuta/it's (1) 2.automerge")
    }

    func testGoogleDriveAppendsACounterInParenthesesFromOne() {
        XCTAssertEqual(name("Minuta/tags.automerge", .gdrive), "Minuta/tags (1).automerge")
        XCTAssertEqual(name("Minuta/tags.automerge", .gdrive, taken: ["Minuta/tags (1).automerge"]), "Minuta/tags (2).automerge")
        XCTAssertEqual(name("Minuta/tags", .gdrive), "Minuta/tags (1)")
    }

    func testOnlyTheLastExtensionOfTheLastComponentCounts() {
        XCTAssertEqual(name("Minuta/backup.tar.gz", .gdrive), "Minuta/backup.tar (1).gz")
        XCTAssertEqual(name("Min.uta/tags", .icloud), "Min.uta/tags 2")
        XCTAssertEqual(name("Minuta/.hidden", .icloud), "Minuta/.hidden 2", "a leading dot is not an extension")
        XCTAssertEqual(name("Minuta/odd.", .icloud), "Minuta/odd. 2", "a trailing dot is not an extension")
    }

    func testReplaceMakesNoCopy() {
        XCTAssertEqual(name("Minuta/tags.automerge", .replace), "Minuta/tags.automerge")
    }

    func testICloudPlaceholderIsAHiddenStubNextToTheFile() {
        XCTAssertEqual(ICloudPlaceholder.path(for: "Minuta/2026/01.automerge"), "Minuta/2026/.01.automerge.icloud")
        XCTAssertEqual(ICloudPlaceholder.path(for: "tags"), ".tags.icloud")
        XCTAssertTrue(ICloudPlaceholder.isPlaceholder("Minuta/2026/.01.automerge.icloud"))
        XCTAssertFalse(ICloudPlaceholder.isPlaceholder("Minuta/2026/01.automerge"))
        XCTAssertFalse(ICloudPlaceholder.isPlaceholder("Minuta/.icloud"))
    }

    func testWallClockDateUsesSkewAndUTCOffsetOfTheDevice() {
        let utc = DeviceConfig()  // 2026-01-15T00:00:00Z at virtual time zero
        XCTAssertEqual(WallClockDate.civilDate(utc, at: .zero), "2026-01-15")
        XCTAssertEqual(WallClockDate.civilDate(DeviceConfig(utcOffsetSeconds: -1), at: .zero), "2026-01-14")
        XCTAssertEqual(WallClockDate.civilDate(DeviceConfig(clockSkewMilliseconds: -86_400_001), at: .zero), "2026-01-13")
        let newYear = DeviceConfig(utcOffsetSeconds: 14 * 3600, epochMilliseconds: 1_767_225_600_000 - 14 * 3_600_000)
        XCTAssertEqual(WallClockDate.civilDate(newYear, at: .zero), "2026-01-01", "UTC+14 reaches the new year first")
        XCTAssertEqual(WallClockDate.civilDate(DeviceConfig(epochMilliseconds: -1), at: .zero), "1969-12-31")
    }
}
