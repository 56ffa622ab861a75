import AppPorts
import SimValues
import Foundation

/// The kinds of media file the app keeps in its container, each in its own folder.
public enum MediaKind: String, Codable, Sendable, CaseIterable {
    case avatar, audio, illustration, pictogram

    /// The folder under the container (`Documents/Avatars`).
    public var folder: String {
        switch self {
        case .avatar: return "Documents/Avatars"
        case .audio: return "Documents/Audio"
        case .illustration: return "Documents/Illustrations"
        case .pictogram: return "Documents/Pictograms"
        }
    }

    /// The MIME type the upload declares (by the app's own file formats: PNG images, MP3 audio).
    public var contentType: String { self == .audio ? "audio/mpeg" : "image/png" }
}

/// A media file found on disk: where it is (relative to the container) and its bytes.
public struct LocatedMedia: Sendable, Equatable {
    public var kind: MediaKind
    public var relativePath: String
    public var fileName: String
    public var bytes: [UInt8]
}

/// Finds the file a stored media reference names.
///
/// The app stored references in several forms over its versions: a bare file name
/// (`story_12.mp3`, what `audioFileName` suggests), an absolute path, or a `file://` URL — and an
/// absolute one names the container of the install that wrote it. The container's path has a
/// per-install UUID (`.../Data/Application/<UUID>/`) that changes with an app update or a restore,
/// so a stored absolute path goes stale: Apple TN2406 ("Changes To App Containers In iOS 8":
/// "Applications should always call the system to get the locations of the standard
/// directories"; the locations "have always been an implementation detail"), and the
/// widely-cited aplus.rs post "Never save absolute file paths in your iOS app" (the UUID part "is
/// specific to a given app version ... your previously saved URLs will be useless").
///
/// - Fixed: the reference's last path component, looked up in the kind's folder of the current
///   container.
/// - The seed (l.459-462): `URL(string:)` + `url.isFileURL` + `fileExists(atPath: url.path)` —
///   only a `file://` URL counts (`URL(string: "story_12.mp3")` and `URL(string: "/var/...")` have
///   no scheme, `isFileURL` is false: `media-name-not-url`), and it is read at its stored path
///   (another container's path does not exist: `stale-container-path`).
public struct MediaLocator: Sendable {
    let files: any LocalFileStore
    /// The current container's absolute path (`/var/mobile/Containers/Data/Application/<UUID>`).
    public let containerPath: String
    let variant: StoriesVariant

    /// A locator over the container's files at `containerPath`.
    public init(files: any LocalFileStore, containerPath: String, variant: StoriesVariant) {
        self.files = files
        self.containerPath = containerPath
        self.variant = variant
    }

    /// The file `reference` names, or nil when it cannot be found (or the variant does not look).
    public func locate(_ reference: String?, kind: MediaKind) -> LocatedMedia? {
        guard let reference, !reference.isEmpty else { return nil }
        let fileURLPath = Self.fileURLPath(reference)
        if variant.has(.mediaNameNotURL) && fileURLPath == nil { return nil }
        let absolute = fileURLPath ?? (reference.hasPrefix("/") ? reference : nil)
        if variant.has(.staleContainerPath), let absolute {
            guard absolute.hasPrefix(containerPath + "/") else { return nil }
            return read(String(absolute.dropFirst(containerPath.count + 1)), kind: kind)
        }
        let name = Self.lastPathComponent(absolute ?? reference)
        guard !name.isEmpty else { return nil }
        return read(kind.folder + "/" + name, kind: kind)
    }

    private func read(_ relative: String, kind: MediaKind) -> LocatedMedia? {
        guard let data = try? files.read(path: relative) else { return nil }
        return LocatedMedia(kind: kind, relativePath: relative, fileName: Self.lastPathComponent(relative), bytes: Array(data))
    }

    /// The path of a `file://` URL (what `URL(string:)?.isFileURL` accepts), percent-decoded.
    public static func fileURLPath(_ reference: String) -> String? {
        guard reference.lowercased().hasPrefix("file://") else { return nil }
        let path = String(reference.dropFirst(7))
        return path.removingPercentEncoding ?? path
    }

    /// The last non-empty component of a `/`-separated path ("" when there is none).
    public static func lastPathComponent(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
    }
}
