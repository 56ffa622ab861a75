import SimHarness

extension NotesScenario {
    /// The user writes notes in three sittings: online, offline (a scripted window `shrink` can
    /// drop), online again, ending with a pull to refresh. The seed's network faults (lost,
    /// duplicated and slow requests, 5xx, 429) and up to two kills land throughout; then healing
    /// reopens the app until its outbox is empty.
    ///
    /// The offline window is the script's (`goOffline`), not the partition family's: the name
    /// promises offline edits, so every run has them, in a sitting of the user's story rather
    /// than at a drawn instant (the swarm plan has partitions off in about three seeds in ten);
    /// it is still a logged `script` fault, which `shrink` drops when a failure does not need it.
    public static let offlineEditsThenSync = NotesScenario(
        name: "offline-edits-then-sync",
        summary: "a phone writes notes online, offline and online again through faults and kills, then syncs",
        coverageMarks: NotesMarks.all,
        script: { stage in
            let phone = stage.addDevice("phone")
            stage.kills.sweep(phone, NotesKill.life)
            let notes = stage.noteCount
            let online = 1 + stage.draw(notes / 2), offline = online + 1 + stage.draw(notes / 2 - 1)
            precondition(offline < notes, "every sitting writes at least one note")
            await stage.session(phone, NoteAction.writes(1...online))
            stage.goOffline(phone, "offline")
            await stage.session(phone, NoteAction.writes(online + 1...offline))
            stage.goOnline(phone)
            await stage.session(phone, NoteAction.writes(offline + 1...notes) + [.sync])
        })
}
