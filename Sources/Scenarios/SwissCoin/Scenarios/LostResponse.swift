import SimCore

extension SwissCoinScenario {
    /// The server applies writes whose responses never arrive: the client times out and retries.
    static let lostResponse = SwissCoinScenario(
        name: "lost-response",
        summary: "the server applies a write but the response is lost (client timeout), then the user retries",
        forced: [.responseLoss: 40_000],
        off: [.kill],
        script: { stage in
            stage.createAccount("alice")
            let device = stage.addDevice("device-1", owner: "alice")
            stage.launch(device)
            await device.waitUntilStopped()
        })
}
