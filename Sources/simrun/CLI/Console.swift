import Foundation

/// Where output goes: results on stdout, errors, warnings and progress on stderr.
enum Console {
    /// Writes a line to stdout.
    static func out(_ line: String) {
        print(line)
    }

    /// Writes a line to stderr (unbuffered, so it interleaves sensibly with progress).
    static func err(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Writes raw text to stderr with no newline (the live progress line).
    static func errRaw(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Whether stderr is a terminal (live progress) or a pipe/file (periodic plain lines).
    static var stderrIsTerminal: Bool { isatty(2) == 1 }

    /// Writes `text` to `path`, turning an I/O failure into bad input (exit 2).
    static func write(_ text: String, to path: String, what: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        } catch {
            throw UsageError("cannot write \(what) '\(path)': \(error.localizedDescription)")
        }
    }

    /// Refuses, as bad input, an output path that cannot be written (a missing permission, a
    /// directory, a file in place of a directory) before any work starts. Creates the file empty
    /// if it did not exist; an existing file is left as it is until the real write.
    static func checkWritable(_ path: String, what: String) throws {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw UsageError("cannot write \(what) '\(path)': it is a directory")
        }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw UsageError("cannot write \(what) '\(path)': \(error.localizedDescription)")
        }
        if FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.isWritableFile(atPath: path) else { throw UsageError("cannot write \(what) '\(path)': permission denied") }
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw UsageError("cannot write \(what) '\(path)': the directory is not writable")
        }
    }
}
