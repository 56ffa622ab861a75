import AppPorts
import SimCore
import SimHarness

extension StoriesScenario {
    /// The server applies writes whose responses never arrive: the client times out and retries.
    static let lostResponse = StoriesScenario(
        name: "lost-response",
        summary: "the server creates a hero (or story, event, file) but the response is lost; the client times out and retries",
        faults: .lostResponses(15_000, duplicates: 5_000),
        script: { stage in
            stage.addAccount("alice")
            let device = stage.addDevice("device-1", owner: "alice", label: "d1")
            stage.launch(device)
            await device.waitUntilStopped()
        })
}
