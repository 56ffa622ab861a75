import AppPorts
import CRDT
import SimCore
import SimHarness

extension MinutaStage {
    /// The healing phase: faults off, every device online and its app opened again until a round
    /// in which no app changed a file (each launch migrates if needed, merges conflict copies,
    /// repairs and reloads), bounded by `rounds`. The last views are what the checkers compare.
    func heal(rounds: Int = 8) async -> HealingOutcome {
        captureLiveDocuments()
        sim.beginHealing()
        for plan in plans { finish(plan.device) }
        for plan in plans { await plan.device.waitUntilStopped() }
        var stable = false
        for _ in 0..<rounds {
            await settle()
            let before = appWrites.count
            for plan in appPlans {
                launch(plan.device)
                await plan.device.waitUntilStopped()
            }
            if appWrites.count == before {
                stable = true
                break
            }
        }
        let quiet = await settle()
        captureLiveDocuments()
        if stable { sim.sometimes("minuta: healing reached a fixpoint") }
        return HealingOutcome(pending: (stable ? [] : ["apps kept writing files after \(rounds) rounds of launches"])
            + (quiet ? [] : ["the folder was still syncing"]))
    }
}
