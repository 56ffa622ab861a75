import AppleStandIns
import FakeCloud
import SimCore
import XCTest

/// The storage family of SimCore's fault plan reaches the store fake's disk: seeded, logged as
/// injected faults, replayed from a schedule, and a malformed scheduled detail is refused.
final class SimulatedStorageFaultTests: XCTestCase {
    /// Writes `writes` files atomically through a disk wired to the simulator; returns the errors.
    private func write(_ sim: Simulator, writes: Int) throws -> [StoreDiskError?] {
        let device = sim.addDevice("phone")
        return try sim.run { sim in
            let disk = StoreDisk(files: device.files, faults: SimulatedStorageFaults(sim, device: "phone"))
            return (1...writes).map { index in
                do { try disk.writeAtomically("store-\(index)", [1, 2, 3]); return nil } catch let error as StoreDiskError {
                    return error
                } catch { return nil }
            }
        }
    }

    func testForcedStorageFaultsFailEveryWriteAndAreLoggedAsInjected() throws {
        let sim = Simulator(seed: 7, options: SimulatorOptions(faultSource: .plan(FaultPlan(rates: [.storage: 1_000_000]))))
        let errors = try write(sim, writes: 3)
        XCTAssertTrue(errors.allSatisfy { $0 != nil }, "\(errors)")
        XCTAssertEqual(sim.faults.injected.map(\.subject), ["phone#write1 store-1", "phone#write2 store-2", "phone#write3 store-3"])
        XCTAssertTrue(sim.faults.injected.allSatisfy { $0.family == .storage && ["disk-full", "torn-write"].contains($0.detail) })
    }

    func testAScheduleReplaysExactlyItsStorageFaultsAndRefusesAMalformedOne() throws {
        let schedule = FaultSchedule([
            InjectedFault(family: .storage, subject: "phone#write2 store-2", detail: "disk-full"),
            InjectedFault(family: .storage, subject: "phone#write3 store-3", detail: "full-disk"),
        ])
        let sim = Simulator(seed: 7, options: SimulatorOptions(faultSource: .schedule(schedule)))
        let errors = try write(sim, writes: 3)
        XCTAssertNil(errors[0])
        XCTAssertEqual(errors[1], .diskFull(path: "store-2"))
        XCTAssertNil(errors[2], "a detail the type cannot parse fires nothing")
        XCTAssertEqual(sim.faults.malformed.map(\.detail), ["full-disk"])
    }

    func testStorageFaultDetailTextRoundTrips() {
        for fault in [StorageFault.diskFull, .tornWrite] {
            XCTAssertEqual(StorageFaultDetail(text: StorageFaultDetail(fault).text)?.fault, fault)
        }
        XCTAssertNil(StorageFaultDetail(text: ""))
    }
}
