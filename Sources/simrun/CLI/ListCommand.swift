import SimHarness
import SimCore

/// `simrun list`: apps, their scenarios (one line each), variants and defects with bug ids.
enum ListCommand {
    static func main(_ tokens: [String]) throws -> ExitCode {
        var args = Arguments(tokens)
        let json = try args.flag("--json")
        try args.finish(known: ["--json", "--help"])
        if json {
            Console.out(JSONValue.object(["apps": .array(AppCatalog.apps.map(appJSON))]).canonicalText)
            return .passed
        }
        for app in AppCatalog.apps { printApp(app) }
        return .passed
    }

    static func printApp(_ app: AppDefinition) {
        Console.out("\(app.name) — \(app.summary)")
        Console.out("  scenarios (\(app.scenarios.count)):")
        if app.scenarios.isEmpty { Console.out("    (none yet)") }
        let width = app.scenarios.map(\.name.count).max() ?? 0
        for scenario in app.scenarios {
            Console.out("    \(pad(scenario.name, width))  \(scenario.summary)")
            Console.out("    \(pad("", width))  checks: \(scenario.invariants.joined(separator: ", "))")
        }
        Console.out("  variants (default \(app.defaultVariant); combine defects with +):")
        let variantWidth = app.variants.map(\.name.count).max() ?? 0
        for variant in app.variants {
            let bug = variant.bugIDs.isEmpty ? "" : "[\(variant.bugIDs.joined(separator: ", "))] "
            Console.out("    \(pad(variant.name, variantWidth))  \(bug)\(variant.summary)")
        }
        Console.out("")
    }

    static func appJSON(_ app: AppDefinition) -> JSONValue {
        [
            "name": .string(app.name), "summary": .string(app.summary), "default_variant": .string(app.defaultVariant),
            "scenarios": .array(app.scenarios.map {
                ["name": .string($0.name), "summary": .string($0.summary), "invariants": .array($0.invariants.map { .string($0) })]
            }),
            "variants": .array(app.variants.map {
                ["name": .string($0.name), "summary": .string($0.summary), "bug_ids": .array($0.bugIDs.map { .string($0) })]
            }),
        ]
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
