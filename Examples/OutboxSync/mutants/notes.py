"""Bugs a reviewer could miss in the notes app's fixed code, for simrun's mutation runner: the
defects live here, not as branches in the app. Run from the simrun repository's root:

    Scripts/mutation-test.py Examples/OutboxSync/mutants/notes.py --package Examples/OutboxSync --product notes-sim --seeds 100

Each: (name, path from the repository's root, old text, new text, what the bug is).

Measured 2026-11-29, `--seeds 100`: outbox-popped-before-push 100/100 (seed 1, no-loss);
write-not-synchronized 32/100 (seed 7, no-loss: the note is gone from the phone and the server alike,
so only the ledger, what the app confirmed, shows the loss).
"""
SCENARIOS = ["notes/offline-edits-then-sync"]
APP = "Examples/OutboxSync/Sources/Notes/NotesApp.swift"
MUTANTS = [
    ("outbox-popped-before-push", APP,
     "                let answer = try await backend.push(change)\n",
     "                removeFromOutbox(change.changeID)\n                let answer = try await backend.push(change)\n",
     "the change leaves the outbox before the server answered: a failed push or a kill loses it"),
    ("write-not-synchronized", APP,
     "        store.set(Self.encode(outbox + [NoteChange(changeID: ids.uuid(), noteID: noteID, text: text)]), forKey: Self.outboxKey)\n        store.synchronize()\n",
     "        store.set(Self.encode(outbox + [NoteChange(changeID: ids.uuid(), noteID: noteID, text: text)]), forKey: Self.outboxKey)\n",
     "the write is shown but not flushed: a kill before the next flush loses the note on the phone and the server alike"),
]
