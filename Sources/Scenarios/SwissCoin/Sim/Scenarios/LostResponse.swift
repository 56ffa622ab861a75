import AppPorts
import SimCore
import SimHarness

extension SwissCoinScenario {
    /// The server applies writes whose responses never arrive: the client times out and retries.
    static var lostResponse: SwissCoinScenario {
        SwissCoinScenario(
            name: "lost-response",
            summary: "the server applies a write but the response is lost (client timeout), then the user retries",
            // Low enough (0.4% of responses, other request faults capped) that attempts reach the
            // later steps: a lost response at step 9-16 or on the last upsert is what retries must
            // survive (bug zoo SC-1, SC-6). At 4% every attempt ended within the first steps.
            faults: .lostResponses(4_000),
            script: { stage in
                stage.createAccount("alice")
                let device = stage.addDevice("device-1", owner: "alice")
                stage.launch(device)
                await device.waitUntilStopped()
            })
        }
    }
