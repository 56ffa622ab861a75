/// The cloud-folder provider being faked, each with the conflict behaviour of the real one.
///
/// Which side gets the copy: the server decides in the order uploads arrive. The first upload
/// based on a stale version keeps the plain name; the later one becomes the conflict copy.
/// Dropbox documents this ("The last version saved will always appear as the conflicted copy",
/// https://help.dropbox.com/syncing-uploads/conflicted-copy); for Google Drive, and for iCloud
/// Drive's new-file conflicts, the fake does the same (observed behaviour, not documented by
/// either vendor). iCloud's edit conflicts keep a hidden version instead (see `icloud`).
public enum FolderProvider: String, CaseIterable, Sendable {
    /// Dropbox desktop/mobile: `name (Ann's conflicted copy 2026-01-15).ext`, the editor's name
    /// and the save date added to the file name.
    ///
    /// - Help centre, "What's a conflicted copy?": "The editor's username, 'conflicted copy', and
    ///   the save date will be added to the filename" (https://help.dropbox.com/syncing-uploads/conflicted-copy).
    /// - Real names seen in the wild: `shopping history.xlsx (DESKTOP-UMS014A's conflicted copy 2019-04-24).7z`
    ///   (https://github.com/stefankueng/CryptSync/issues/22: only the *last* extension is kept
    ///   after the parenthesis), `notes (Peter G's conflicted copy 2020-01-14).sqlite`
    ///   (https://github.com/pbek/QOwnNotes/issues/1589). The editor may be a device name.
    /// - A name already taken gets ` (1)`, ` (2)`, … after the parenthesis:
    ///   `keepassx (Sam P's conflicted copy) (1).kdb` (older, undated form; seen in public
    ///   repositories and in https://github.com/dtjm/textdropapp.com/issues/62). Not confirmed for
    ///   the dated form: an assumption.
    case dropbox
    /// iCloud Drive. An edit conflict (a device uploads a file it had synced, from a stale base)
    /// makes no visible copy: the save with the later modification date (the saving device's
    /// clock) stays at the path and the other write becomes a hidden conflict version, kept on
    /// every device until an app resolves it (`ServerEntry.conflictVersions`,
    /// `ICloudVersionStore`). Only a new-file conflict (two devices create the same path with
    /// different bytes) becomes a visible `name 2.ext` (then ` 3`, …): the synced folder is
    /// taken to be in the document scope (`Documents/`). Files not yet downloaded appear as
    /// hidden placeholders `.name.ext.icloud`.
    ///
    /// - Apple TN2336 "Handling version conflicts in the iCloud environment": "When conflicts
    ///   happen in the data scope, iCloud Drive won't create bounced files – it instead resolves
    ///   them automatically by picking up a winning version and keeping the other changes in a
    ///   losing version. So except for the new-file conflicts happening in the document scope
    ///   ..., iCloud Drive automatically creates new versions for all other conflicts"; a
    ///   new-file conflict gets "a bounced file name ... (such as "abc 2.txt")", and none when the
    ///   contents are the same (https://developer.apple.com/library/archive/technotes/tn2336/_index.html).
    /// - `NSFileVersion`: "one file is chosen as the current version and any other versions are
    ///   tagged as being in conflict"; unresolved versions "continue to consume user iCloud quota"
    ///   until the app resolves them (https://developer.apple.com/documentation/foundation/nsfileversion,
    ///   .../nsfileversion/isresolved). The archived File System Programming Guide names the rule:
    ///   "make the most recently modified file the current file". Developers report the rule is
    ///   not reliable (equal dates, drewmccormack/SwiftCloudDrive issue 6); the fake uses it.
    /// - Apps that never read the versions lose the other device's edit silently: FSNotes turns
    ///   each unresolved version into a `(CONFLICT …)` file because "others haven't implemented
    ///   conflict resolution" (glushchenko/fsnotes issue 1612; still seen on macOS 14 / iOS 17,
    ///   issue 1624).
    /// - Visible copies seen in the wild are new-file races: "two copies of conflicting files
    ///   (eg. File and File 2)", folders `Main 2` (http://mentalfaculty.tumblr.com/post/102519824251/the-mysterious-case-of-icloud-drive-and-the).
    /// - Placeholder `.201605-299manageStorage.txt.icloud` shown in the Finder as
    ///   `201605-299manageStorage.txt` (https://eclecticlight.co/2018/01/30/how-icloud-marks-the-place-of-documents-stored-remotely/);
    ///   placeholders on iOS: https://fatbobman.com/en/posts/advanced-icloud-documents/.
    ///   Recent macOS (File Provider based, Sonoma+) shows dataless files instead: not modelled.
    case icloud
    /// Google Drive for desktop: `name (1).ext`, then `(2)`, … — the convention the Drive client
    /// uses for clashing names (https://github.com/odeke-em/drive/issues/287 reports the desktop
    /// client producing `abc (1).jpg`). No Google help page stating the conflict-copy name was
    /// found: this form is an assumption to revisit.
    case gdrive
    /// No conflict detection: the newest upload replaces the file silently (a naive sync, or a
    /// "last writer wins" share); a deletion also always applies.
    case replace
}
