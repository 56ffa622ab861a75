import AppPorts
import AppleStandIns
import FakeCloud
import SimCore
import Swiff
import XCTest

/// The V2→V3 upgrade killed after every await point it has (pre-migration backup, each stage's
/// willMigrate and didMigrate, every saved batch), then reopened: the fixed app always ends with
/// every amount in cents and every balance derived; the seed-style captured transform loses them
/// when the kill lands between the schema step and didMigrate's save (SW-6).
final class SwiffCrashPointTests: XCTestCase {
    typealias F = SwiffAppFixtures

    static func app(_ variant: String) -> @Sendable (DeviceContext) async -> Void {
        { context in
            let app = SwiffApplication(build: SwiffBuild(3, variant: try! SwiffVariant.parse(variant)),
                                       disk: StoreDisk(files: context), clock: F.FixedClock())
            _ = await app.launch()
        }
    }

    /// Per kill point: the amounts in the store after the reopened app finished.
    private func sweep(_ variant: String) throws -> [Int: [StoreValue?]] {
        var outcomes: [Int: [StoreValue?]] = [:]
        for jobs in 1...400 {
            let sim = Simulator(seed: 1, options: SimulatorOptions(policy: .fifo))
            let device = sim.addDevice("phone")
            let result = try sim.run { _ -> [StoreValue?]? in
                try await F.install(device, build: 2, variant: variant)
                device.launch(Self.app(variant))
                device.killAfter(jobs: jobs)
                await device.waitUntilStopped()
                guard device.state == .killed else { return nil }
                device.relaunch()
                await device.waitUntilStopped()
                return F.rows(device, "GroupExpenseModel").map { $0["amountCents"] }
            }
            guard let result else { break }
            outcomes[jobs] = result
        }
        XCTAssertGreaterThan(outcomes.count, 8, "the upgrade must offer many kill points")
        return outcomes
    }

    func testTheFixedUpgradeResumesFromEveryKillPoint() throws {
        let outcomes = try sweep("fixed")
        for (jobs, amounts) in outcomes.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(amounts, [.int(1_000), .int(2_501), .int(999)], "killed after job \(jobs)")
        }
    }

    func testTheCapturedTransformKilledAfterTheSchemaStepLosesTheAmountsForGood() throws {
        let outcomes = try sweep("transform-in-did-migrate")
        let lost = outcomes.filter { $0.value == [.int(0), .int(0), .int(0)] }
        XCTAssertFalse(lost.isEmpty, "some kill point lands between the schema step and didMigrate's save")
        XCTAssertTrue(outcomes.values.allSatisfy { $0 == [.int(0), .int(0), .int(0)] || $0 == [.int(1_000), .int(2_501), .int(999)] })
    }
}
