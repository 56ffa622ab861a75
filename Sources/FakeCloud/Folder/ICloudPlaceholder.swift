/// iCloud Drive's stand-in for a file that exists in iCloud but is not downloaded on this
/// device: a hidden `.name.ext.icloud` file next to where the real file will appear
/// (https://eclecticlight.co/2018/01/30/how-icloud-marks-the-place-of-documents-stored-remotely/,
/// https://fatbobman.com/en/posts/advanced-icloud-documents/). Until the download completes the
/// real path is absent: an app that lists its folder sees only the stub.
public enum ICloudPlaceholder {
    /// The stub's bytes. Real stubs are a small binary property list (name, size); only the
    /// `bplist00` magic is kept, so a reader that expects the real file fails to decode it.
    public static let bytes: [UInt8] = Array("bplist00".utf8)

    /// `dir/.name.ext.icloud` for `dir/name.ext`.
    public static func path(for path: String) -> String {
        let parts = ConflictCopyName.split(path)
        return parts.directory + "." + parts.stem + parts.ext + ".icloud"
    }

    /// True for a placeholder's path.
    public static func isPlaceholder(_ path: String) -> Bool {
        let name = ConflictCopyName.split(path)
        let fileName = name.stem + name.ext
        return fileName.hasPrefix(".") && fileName.hasSuffix(".icloud") && fileName.count > ".icloud".count + 1
    }
}
