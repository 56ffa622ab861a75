import AppPorts

/// One defect of the Minuta migration plan (seed 001_e431d3bf7ab6ca87.txt) that the port can
/// switch on alone. `as-written` has all but the ones added last (see `inPlanAsWritten`); `fixed`
/// none. `bugZooIds` are the ids in the shared bug zoo of the entries it reproduces (empty for
/// defects found while porting).
public enum MinutaDefect: String, AppDefect {
    case cachedDocumentOverwrite = "cached-document-overwrite"
    case icloudPatternAfterStrip = "icloud-pattern-after-strip"
    case dropboxPatternMismatch = "dropbox-pattern-mismatch"
    case deleteCopyBeforeWrite = "delete-copy-before-write"
    case imagesListRecreated = "images-list-recreated"
    case saveTagsDeletesUnknown = "save-tags-deletes-unknown"
    case monthMoveDuplicates = "month-move-duplicates"
    case deviceCalendarMonth = "device-calendar-month"
    case perDeviceMigrationObjects = "per-device-migration-objects"
    case migrationRegressesEdits = "migration-regresses-edits"
    case countOnlyVerification = "count-only-verification"
    case wholeRecordPut = "whole-record-put"
    case dualReadEitherOr = "dual-read-either-or"
    case legacyJSONDelete = "legacy-json-delete"
    case icloudVersionsIgnored = "icloud-versions-ignored"
    case rangeEndMonthSkipped = "range-end-month-skipped"
    // Defects ported after `as-written`'s set was fixed: switched on by name only, so adding one
    // leaves every earlier variant's runs (and trace hashes) as they were.
    case resolverNotWired = "resolver-not-wired"
    case migrationKeyedOnTagsFile = "migration-keyed-on-tags-file"

    /// The plan has every Minuta defect; `as-written` switches on those ported before
    /// `resolver-not-wired` (the ones below the comment are named alone or joined with `+`).
    public var inPlanAsWritten: Bool { ![.resolverNotWired, .migrationKeyedOnTagsFile].contains(self) }

    /// The bug-zoo entries this defect reproduces: its code is the entry's seed code and a scenario
    /// can show the entry's consequence (empty: found while porting, or not in the zoo).
    public var bugZooIds: [String] {
        switch self {
        case .cachedDocumentOverwrite: return ["MI-1", "MI-7", "MI-20"]
        case .icloudPatternAfterStrip: return ["MI-3"]
        case .dropboxPatternMismatch: return ["MI-4"]
        case .deleteCopyBeforeWrite: return ["MI-6"]
        case .imagesListRecreated: return ["MI-9"]
        case .wholeRecordPut: return ["MI-10"]
        case .saveTagsDeletesUnknown: return ["MI-11"]
        case .monthMoveDuplicates: return ["MI-12"]
        case .deviceCalendarMonth: return ["MI-13"]
        case .rangeEndMonthSkipped: return ["MI-14"]
        case .perDeviceMigrationObjects: return ["MI-15"]
        case .migrationRegressesEdits: return ["MI-16"]
        case .dualReadEitherOr: return ["MI-17"]
        case .resolverNotWired: return ["MI-2"]
        case .migrationKeyedOnTagsFile: return ["MI-18"]
        case .countOnlyVerification: return ["MI-22"]
        case .legacyJSONDelete, .icloudVersionsIgnored: return []
        }
    }

    /// Where the defect is in the seed.
    public var seedLines: String {
        switch self {
        case .cachedDocumentOverwrite: return "l.400, l.415, l.452, l.470, l.580"
        case .icloudPatternAfterStrip: return "l.750, l.801"
        case .dropboxPatternMismatch: return "l.748, l.751"
        case .deleteCopyBeforeWrite: return "l.813-819"
        case .imagesListRecreated: return "l.208-213, l.529"
        case .saveTagsDeletesUnknown: return "l.424-430"
        case .monthMoveDuplicates: return "l.520, l.543"
        case .deviceCalendarMonth: return "l.586-589"
        case .perDeviceMigrationObjects: return "l.286, l.351, l.628-635"
        case .migrationRegressesEdits: return "l.645-646, l.673, l.695, l.730-732"
        case .countOnlyVerification: return "l.638-646, l.704-710"
        case .wholeRecordPut: return "l.521-529"
        case .dualReadEitherOr: return "l.850-856, l.863-870"
        case .legacyJSONDelete: return "l.900-904"
        case .icloudVersionsIgnored: return "l.400-415, l.742-751, l.762-775"
        case .rangeEndMonthSkipped: return "l.480-484, l.590-600"
        case .resolverNotWired: return "l.762, l.962-968, l.970-992"
        case .migrationKeyedOnTagsFile: return "l.630-632, l.847-848"
        }
    }

    /// One line: what goes wrong.
    public var summary: String {
        switch self {
        case .cachedDocumentOverwrite: return "writes the whole file from a cached document: another device's synced change is overwritten"
        case .icloudPatternAfterStrip: return "the iCloud pattern looks for \".automerge\" after it was stripped: `tags 2.automerge` is never merged"
        case .dropboxPatternMismatch: return "the Dropbox pattern needs \"(conflicted copy\": real names `(Ann's conflicted copy …)` are never merged"
        case .deleteCopyBeforeWrite: return "each conflict copy is deleted right after its merge, before the merged primary is written"
        case .imagesListRecreated: return "setImages deletes and recreates the images list on every save: concurrent image adds are lost"
        case .saveTagsDeletesUnknown: return "saveTags(list) deletes every tag not in the caller's list: tags created elsewhere vanish"
        case .monthMoveDuplicates: return "a record whose start moves to another month is written there and left in the old month"
        case .deviceCalendarMonth: return "the month file comes from the device's calendar and time zone: devices file one record in two months"
        case .perDeviceMigrationObjects: return "every device migrates into its own new objects: concurrent migrations hide each other's later edits"
        case .migrationRegressesEdits: return "re-running the migration re-puts legacy values and deletes newer tags: post-migration edits revert"
        case .countOnlyVerification: return "verification is count-only and never called; the flag is set whenever no error was thrown, whatever legacy files had arrived"
        case .wholeRecordPut: return "saveRecord puts every field from the caller's (possibly stale) copy, not only what changed"
        case .dualReadEitherOr: return "dual read returns Automerge tags if there are any, else legacy tags, never both; a date-range read merges the two stores range by range, so a record moved out of the range still shows from legacy"
        case .legacyJSONDelete: return "deleteRecord also rewrites the legacy JSON month file: two devices deleting leave JSON conflicts (copies, or iCloud's hidden versions) nobody merges"
        case .icloudVersionsIgnored: return "conflicts are looked for by file name only: iCloud keeps an edit conflict's losing write as a hidden version, never merged"
        case .rangeEndMonthSkipped: return "a date-range read steps one calendar month from the range's start: the end's month is skipped when the end falls earlier in its month than the start"
        case .resolverNotWired: return "the conflict resolver is never called (AppState.loadData and the intents only migrate): provider conflict copies are never merged and their edits stay invisible"
        case .migrationKeyedOnTagsFile: return "a migration is needed only when `tags.json` exists: the records of a user who never made a tag are never migrated, and once the store reads Automerge only they are gone from the app"
        }
    }
}
