import AppPorts
import SimCore
import SimHarness

extension SwissCoinScenario {
    /// Alice's migration is interrupted; she signs out and Bob signs in on the same device; Bob
    /// also migrates his own device. Alice's data must never land in Bob's account.
    static var accountSwitch: SwissCoinScenario {
        SwissCoinScenario(
            name: "account-switch",
            summary: "migration interrupted, sign-out, another account signs in on the same device; both use their own devices",
            faults: FaultPolicy(forced: [.kill: 1_000_000]),
            script: { stage in
                stage.createAccount("alice")
                stage.createAccount("bob")
                let shared = stage.addDevice("device-1", owner: "alice")
                let bobs = stage.addDevice("device-2", owner: "bob")
                stage.launch(shared)
                stage.launch(bobs)
                await stage.waitForSession(shared)
                await stage.killAtSweptPoints(shared, maxKills: 1)
                await stage.switchAccount(shared, to: "bob")
                await shared.waitUntilStopped()
                await bobs.waitUntilStopped()
            })
        }
    }

    extension SwissCoinStage {
        /// The user signs out and another account signs in on the same device (the app relaunches).
        func switchAccount(_ device: Device, to label: String) async {
            guard ScriptedStep.allows("account-switch", subject: "\(device.name)@to-\(label)", in: sim) else { return }
            if device.state == .running { device.kill(reason: "user switches account") }
            signOut(device)
            signIn(device, as: label)
            sim.sometimes("swisscoin: account switched mid-migration")
            device.relaunch()
        }
    }
