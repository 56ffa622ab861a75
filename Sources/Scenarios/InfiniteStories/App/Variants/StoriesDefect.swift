import AppPorts
import SimValues

/// One defect of the InfiniteStories migration plan (seed 003_3fdb28c65e72afde.txt) that the port
/// can switch on alone. `as-written` has all of them, `fixed` none. `bugZooIds` are the ids in the
/// shared bug zoo of the entries it reproduces (empty for defects found while porting).
public enum StoriesDefect: String, AppDefect {
    case nonIdempotentCreate = "non-idempotent-create"
    case localParentIds = "local-parent-ids"
    case illustrationFilterSelfCompare = "illustration-filter-self-compare"
    case rollbackDeletesAll = "rollback-deletes-all"
    case verifyFirstPageOnly = "verify-first-page-only"
    case markAllSynced = "mark-all-synced"
    case skipWhenAuthenticated = "skip-when-authenticated"
    case orphanStoryRandomHero = "orphan-story-random-hero"
    case mediaNameNotURL = "media-name-not-url"
    case staleContainerPath = "stale-container-path"
    case pictogramsDropped = "pictograms-dropped"
    case eventsUploadedLast = "events-uploaded-last"
    case illustrationMetadataDropped = "illustration-metadata-dropped"
    case createdDatesDropped = "created-dates-dropped"
    case progressTotalMismatch = "progress-total-mismatch"
    case completionFlagsUnflushed = "completion-flags-unflushed"
    case rollbackLeavesEvents = "rollback-leaves-events"
    case rollbackParentFirst = "rollback-parent-first"
    case rollbackErrorIgnored = "rollback-error-ignored"
    case rollbackMarksSynced = "rollback-marks-synced"
    case cancelDoesNotStopUpload = "cancel-does-not-stop-upload"
    case remigrateAfterSignOut = "remigrate-after-sign-out"
    case syncedDespiteLocalEdit = "synced-despite-local-edit"
    case verifyCountOnly = "verify-count-only"
    case accountNotPinned = "account-not-pinned"

    /// Every defect is in the plan as written (the API client and the retry loop it does not show
    /// are ported as their obvious reading; their defects are the plan's, see the README).
    public var inPlanAsWritten: Bool { true }

    /// The bug-zoo entries this defect reproduces: its code is the entry's seed code and a scenario
    /// can show the entry's consequence (empty: found while porting, or not in the zoo).
    public var bugZooIds: [String] {
        switch self {
        case .nonIdempotentCreate: return ["IS-1"]
        case .localParentIds: return ["IS-2"]
        case .orphanStoryRandomHero: return ["IS-3"]
        case .eventsUploadedLast: return ["IS-4"]
        case .illustrationFilterSelfCompare: return ["IS-5"]
        case .mediaNameNotURL, .staleContainerPath: return ["IS-6"]
        case .rollbackDeletesAll: return ["IS-7"]
        case .rollbackLeavesEvents, .rollbackParentFirst, .rollbackErrorIgnored, .cancelDoesNotStopUpload: return ["IS-8"]
        case .verifyFirstPageOnly, .verifyCountOnly: return ["IS-9"]
        case .markAllSynced, .syncedDespiteLocalEdit: return ["IS-10"]
        case .skipWhenAuthenticated: return ["IS-11"]
        case .accountNotPinned: return ["IS-12"]
        case .remigrateAfterSignOut: return ["IS-13"]
        case .rollbackMarksSynced: return ["IS-14"]
        case .pictogramsDropped, .illustrationMetadataDropped, .createdDatesDropped: return ["IS-15"]
        case .progressTotalMismatch: return ["IS-16"]
        case .completionFlagsUnflushed: return []
        }
    }

    /// One line: what goes wrong.
    public var summary: String {
        switch self {
        case .nonIdempotentCreate: return "creates carry no idempotency key or local id and no per-entity progress is kept: a lost response or a resume creates rows twice"
        case .localParentIds: return "stories are sent with the local hero and custom-event ids, never the server ids: every story create is refused"
        case .illustrationFilterSelfCompare: return "the illustration filter compares an illustration with itself: every story with illustrations uploads every illustration file of every story"
        case .rollbackDeletesAll: return "rollback calls delete-all for heroes and stories: data from other devices and the web is wiped too"
        case .verifyFirstPageOnly: return "verification reads one page (limit 1000, capped by the server): with more rows than a page it fails and rolls back"
        case .markAllSynced: return "markAsMigrated marks every hero and story .synced, uploaded or not (created during the upload, never sent)"
        case .skipWhenAuthenticated: return "checkMigrationNeeded returns false once signed in: a migration interrupted after sign-in never resumes"
        case .orphanStoryRandomHero: return "a story whose hero was deleted is exported with a fresh random hero id: its create is refused on every attempt"
        case .mediaNameNotURL: return "media references are parsed with URL(string:) and must be file URLs: bare file names and plain paths are never uploaded"
        case .staleContainerPath: return "media are read at their stored absolute path: paths from an earlier install (another container) are never uploaded"
        case .pictogramsDropped: return "custom events' pictograms are in scope but never exported or uploaded"
        case .eventsUploadedLast: return "custom events are uploaded after the stories that reference them: those stories cannot point at their event"
        case .illustrationMetadataDropped: return "illustrations are uploaded as bare image files: timestamp, prompt and display order never reach the server"
        case .createdDatesDropped: return "hero and story creation dates are exported but not sent: the server dates them at upload time"
        case .progressTotalMismatch: return "progress counts media files in the total but never completes them, and custom events after the last update: 100 % is wrong both ways"
        case .completionFlagsUnflushed: return "cloudSyncEnabled is set in UserDefaults without a flush while the checkpoint is deleted at once: a kill leaves a migrated store with sync off"
        case .rollbackLeavesEvents: return "rollback deletes heroes and stories only: custom events stay on the server (and keep their server ids locally), the next attempt duplicates them"
        case .rollbackParentFirst: return "rollback deletes heroes before their stories: against a restricting foreign key it fails and the server keeps the upload"
        case .rollbackErrorIgnored: return "a failed server delete during rollback is only logged; the local state is reset and the user signed out anyway"
        case .rollbackMarksSynced: return "rollback resets local entities to .synced with no server id: they claim to be synced while nothing is on the server"
        case .cancelDoesNotStopUpload: return "cancel runs the rollback while the upload task keeps going: rows created after the rollback's delete survive"
        case .remigrateAfterSignOut: return "migration is offered whenever the store has data and nobody is signed in: another account's sign-in uploads this store again"
        case .syncedDespiteLocalEdit: return "after an upload the current local entity is marked .synced, though the user edited it after the export"
        case .verifyCountOnly: return "verification compares row counts with >=: missing or altered content, custom events and media pass"
        case .accountNotPinned: return "the migration does not pin its account: after a session ends and another account signs in, the rest of the upload goes to that account"
        }
    }

    /// The seed lines the defect is at (for the README and reports).
    public var seedLines: String {
        switch self {
        case .nonIdempotentCreate: return "l.665-683, l.690-698, l.739-751, l.789-801"
        case .localParentIds: return "l.583, l.740, l.744"
        case .illustrationFilterSelfCompare: return "l.769"
        case .rollbackDeletesAll: return "l.1107-1117"
        case .verifyFirstPageOnly: return "l.846, l.859"
        case .markAllSynced: return "l.884-901"
        case .skipWhenAuthenticated: return "l.107-110"
        case .orphanStoryRandomHero: return "l.583"
        case .mediaNameNotURL: return "l.459-462, l.474-477, l.492-495"
        case .staleContainerPath: return "l.462, l.477, l.495, l.708, l.761, l.772"
        case .pictogramsDropped: return "l.42 vs l.613-635, l.449-509"
        case .eventsUploadedLast: return "l.664-683, l.744"
        case .illustrationMetadataDropped: return "l.739-748, l.773"
        case .createdDatesDropped: return "l.551, l.577 vs l.690-695, l.739-748"
        case .progressTotalMismatch: return "l.656-683, l.818-822"
        case .completionFlagsUnflushed: return "l.904-909"
        case .rollbackLeavesEvents: return "l.1107-1118, l.1138-1162"
        case .rollbackParentFirst: return "l.1109-1114"
        case .rollbackErrorIgnored: return "l.1080-1086"
        case .rollbackMarksSynced: return "l.1143-1146, l.1155-1158"
        case .cancelDoesNotStopUpload: return "l.1070, l.1076-1104"
        case .remigrateAfterSignOut: return "l.107-116, l.665"
        case .syncedDespiteLocalEdit: return "l.729-734, l.780-785, l.807-813"
        case .verifyCountOnly: return "l.845-865"
        case .accountNotPinned: return "l.653-698 (requests carry whichever session is current)"
        }
    }
}

/// Which of the plan's defects a run has: `fixed`, `as-written`, or defect names joined with `+`.
public typealias StoriesVariant = Variant<StoriesDefect>
