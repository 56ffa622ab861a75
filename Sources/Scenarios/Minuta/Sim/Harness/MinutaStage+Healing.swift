import AppPorts
import CRDT
import SimCore
import SimHarness

extension MinutaStage {
    /// Minuta's part of healing (the harness runs it): faults off, every device online and its app
    /// opened again until a round in which no app changed a file (each launch migrates if needed,
    /// merges conflict copies, repairs and reloads), at most eight rounds, the folder settling
    /// before each. The last views are what the checkers compare.
    var healingPlan: Healing<DevicePlan> {
        var healing = Healing(members: plans, device: \.device)
        healing.prepare = { self.captureLiveDocuments() }
        healing.faultsOff = { for plan in self.plans { self.finish(plan.device) } }
        healing.rounds = 1...8
        healing.beforeRound = { await self.settle() }
        healing.opensInRound = { $0.runsApp }
        healing.open = { plan in
            self.launch(plan.device)
            await plan.device.waitUntilStopped()
        }
        healing.progress = { self.appWrites.count }
        healing.moved = { before, round in
            self.appWrites.count == before ? [] : ["apps kept writing files after \(round) rounds of launches"]
        }
        healing.finish = { stable in
            let quiet = await self.settle()
            self.captureLiveDocuments()
            if stable { self.sim.sometimes("minuta: healing reached a fixpoint") }
            return quiet ? [] : ["the folder was still syncing"]
        }
        return healing
    }
}
