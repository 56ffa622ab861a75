import XCTest
import FakeCloud
import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin

/// The conflict-copy recogniser against the names the folder fake gives copies (which follow
/// the providers' documented forms): `fixed` maps every copy to its primary and no legitimate
/// file to anything else; the seed's patterns miss iCloud (MI-3) and real Dropbox names (MI-4).
final class MinutaConflictNamesTests: XCTestCase {
    static let primaries = ["tags.automerge", "records/2026/01.automerge", "records/2025/12.automerge"]
    static let editors = ["Ann", "Ann (Work)", "DESKTOP-UMS014A"]

    func copies(of path: String) -> [String] {
        var names: [String] = []
        for provider in [FolderProvider.dropbox, .icloud, .gdrive] {
            for editor in Self.editors {
                var taken: Set<String> = [path]
                for _ in 0..<3 {
                    let name = CloudFolder.conflictCopyName(of: path, provider: provider, editor: editor, civilDate: "2026-01-15", taken: { taken.contains($0) })
                    taken.insert(name)
                    names.append(name)
                }
            }
        }
        return names
    }

    func testFixedMapsEveryProvidersCopyToItsPrimary() {
        let names = Minuta.ConflictNames(variant: .fixed)
        for primary in Self.primaries {
            for copy in copies(of: primary) {
                XCTAssertTrue(names.isConflictCopy(copy), copy)
                XCTAssertEqual(names.primaryPath(copy), primary, copy)
            }
        }
    }

    func testFixedTakesNoLegitimateFileForACopy() {
        let names = Minuta.ConflictNames(variant: .fixed)
        for month in 1...12 {
            let path = "records/2026/" + Minuta.pad(month, 2) + ".automerge"
            XCTAssertFalse(names.isConflictCopy(path), path)
        }
        XCTAssertFalse(names.isConflictCopy("tags.automerge"))
        XCTAssertFalse(names.isConflictCopy("records/2026/13 (1).automerge"), "not the copy of a legitimate file")
    }

    func testSeedPatternsMissICloudAndRealDropboxNamesButFindGoogleDrive() {
        let seed = Minuta.ConflictNames(variant: .asWritten)
        XCTAssertFalse(seed.isConflictCopy("tags 2.automerge"), "MI-3: the look-ahead runs after the extension is stripped")
        XCTAssertFalse(seed.isConflictCopy("records/2026/01 (Ann's conflicted copy 2026-01-15).automerge"), "MI-4")
        XCTAssertTrue(seed.isConflictCopy("records/2026/01 (1).automerge"))
        XCTAssertTrue(seed.isConflictCopy("tags (conflicted copy 2026-01-06).automerge"), "the seed's own test name")
        XCTAssertEqual(Minuta.ConflictNames.seedBaseName("tags 2.automerge"), "tags 2.automerge")
    }

    func testEachNameDefectAloneBreaksOnlyItsProvider() {
        let icloud = Minuta.ConflictNames(variant: MinutaVariant(defects: [.icloudPatternAfterStrip]))
        XCTAssertFalse(icloud.isConflictCopy("tags 2.automerge"))
        XCTAssertTrue(icloud.isConflictCopy("tags (Ann's conflicted copy 2026-01-15).automerge"))
        let dropbox = Minuta.ConflictNames(variant: MinutaVariant(defects: [.dropboxPatternMismatch]))
        XCTAssertFalse(dropbox.isConflictCopy("tags (Ann's conflicted copy 2026-01-15).automerge"))
        XCTAssertTrue(dropbox.isConflictCopy("tags 2.automerge"))
    }
}
