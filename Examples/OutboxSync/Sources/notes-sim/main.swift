import NotesSim
import SimrunCLI

// simrun's command line on this package's own scenarios: list, run, fuzz, shrink, replay, check-determinism.
SimrunCommand.main(apps: [NotesRun.definition])
