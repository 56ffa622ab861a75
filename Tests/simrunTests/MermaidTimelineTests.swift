import SimCore
@testable import SimrunCLI
import XCTest

/// The Mermaid timeline: notes sit over the run's own lanes, and `#` reads as written.
final class MermaidTimelineTests: XCTestCase {
    let lanes: Set<String> = ["phone", "tablet", "supabase"]

    func testAFaultNoteSitsOverTheDeviceItNamesAndOtherwiseOverTheFirstLane() {
        let kill = TraceRecord(time: 1, component: "faults", event: "inject kill tablet@life1 sync.pull+job35")
        XCTAssertEqual(MermaidTimeline.message(kill, lanes: lanes, fallback: "phone"),
                       "Note over tablet: faults inject kill tablet@life1 sync.pull+job35")
        let partition = TraceRecord(time: 2, component: "faults", event: "inject partition phone#2 at=5")
        XCTAssertEqual(MermaidTimeline.message(partition, lanes: lanes, fallback: "tablet"),
                       "Note over phone: faults inject partition phone#35;2 at=5")
        let anonymous = TraceRecord(time: 3, component: "faults", event: "inject server-error req#13 503")
        XCTAssertEqual(MermaidTimeline.message(anonymous, lanes: lanes, fallback: "phone"),
                       "Note over phone: faults inject server-error req#35;13 503", "no device_1 lane that the run never had")
    }

    func testAHashIsMermaidsEntityCodeAndOtherBreakingCharactersAreReplaced() {
        XCTAssertEqual(MermaidTimeline.sanitize("req#15; \"x\" <y>"), "req#35;15, x (y)")
        let request = TraceRecord(time: 4, component: "phone", event: "→supabase #12 POST /rest/v1/persons")
        XCTAssertEqual(MermaidTimeline.message(request, lanes: lanes, fallback: "phone"), "phone->>supabase: #35;12 POST /rest/v1/persons")
    }
}
