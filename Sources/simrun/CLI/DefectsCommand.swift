import Foundation
import SimHarness

/// `simrun defects [--app NAME] [--write] [--root DIR]`: measures every app's defect table (each
/// declared catch run from seed 1 until it fails) and prints it as the markdown the app README
/// holds; `--write` replaces the table in each README instead. The defect-catch matrix test runs
/// the same measurement and fails when a README's table differs from it.
enum DefectsCommand {
    static func main(_ tokens: [String]) throws -> ExitCode {
        var args = Arguments(tokens)
        let known = ["--app", "--write", "--root", "--help"]
        try args.rejectUnknownFlags(known: known)
        let appName = try args.option("--app")
        let write = try args.flag("--write")
        let root = try args.option("--root") ?? FileManager.default.currentDirectoryPath
        try args.finish(known: known)
        var apps = AppCatalog.apps.filter { !$0.defectCatches.isEmpty || !$0.knownUncaught.isEmpty }
        if let appName {
            guard let app = AppCatalog.app(named: appName) else {
                throw Suggest.unknown("app", appName, known: AppCatalog.apps.map(\.name))
            }
            apps = [app]
        }
        var allCaught = true
        for app in apps {
            let measurements = DefectTable.measure(app)
            for missed in measurements where missed.firstFailingSeed == nil {
                allCaught = false
                Console.err("\(app.name): \(missed.defect) passed \(missed.declared.scenario) for every seed of \(missed.declared.seeds)")
            }
            let block = DefectTable.markdown(app, measurements, configuration: BuildInfo.configuration)
            if write {
                try writeBlock(block, app: app, root: root)
            } else {
                Console.out("\(app.name)\(app.readme.map { " (\($0))" } ?? "")\n\(block)\n")
            }
        }
        return allCaught ? .passed : .failed
    }

    static func writeBlock(_ block: String, app: AppDefinition, root: String) throws {
        guard let readme = app.readme else { throw UsageError("\(app.name) has no README to write its defect table into") }
        let url = URL(fileURLWithPath: root).appendingPathComponent(readme)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw UsageError("cannot read \(url.path) (run from the package root, or pass --root)")
        }
        guard let updated = DefectTable.replacingBlock(in: text, with: block) else {
            throw UsageError("\(readme) has no defect table between '\(DefectTable.beginMarker)' and '\(DefectTable.endMarker)'")
        }
        try updated.write(to: url, atomically: true, encoding: .utf8)
        Console.out("wrote \(readme)")
    }
}
