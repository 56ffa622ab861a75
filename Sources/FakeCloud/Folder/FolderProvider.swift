/// The cloud-folder provider being faked, each with the conflict behaviour of the real one.
///
/// Which side gets the copy: the server decides in the order uploads arrive. The first upload
/// based on a stale version keeps the plain name; the later one becomes the conflict copy.
/// Dropbox documents this ("The last version saved will always appear as the conflicted copy",
/// https://help.dropbox.com/syncing-uploads/conflicted-copy); for iCloud Drive and Google Drive
/// the fake does the same (observed behaviour, not documented by either vendor).
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
    /// iCloud Drive: the conflicting file is kept as `name 2.ext` (then ` 3`, …, the next free
    /// number), and files not yet downloaded appear as hidden placeholders `.name.ext.icloud`.
    ///
    /// - Apple TN2336 "Handling version conflicts in the iCloud environment" describes conflicts
    ///   from concurrent saves and from creating the same name on two peers
    ///   (https://developer.apple.com/library/archive/technotes/tn2336/_index.html).
    /// - "My tests now lead to two copies of conflicting files (eg. File and File 2)", and folders
    ///   `Main 2`, `Main 3` (http://mentalfaculty.tumblr.com/post/102519824251/the-mysterious-case-of-icloud-drive-and-the).
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
