import SimHarness

/// Resolves `--scenario NAME|app/NAME|all`, `--app` and `--variant` into targets, with
/// "did you mean" errors for every unknown name.
enum Selection {
    /// Reads the three options and resolves them. `allowAll` lets `--scenario all` (or no
    /// `--scenario`, when `required` is false) mean every scenario.
    static func parse(_ args: inout Arguments, required: Bool, allowAll: Bool = false) throws -> [Target] {
        let scenario = try args.option("--scenario")
        let app = try args.option("--app")
        let variant = try args.option("--variant")
        guard let scenario = scenario ?? (required ? nil : "all") else {
            throw UsageError("--scenario NAME is required (see `simrun list`)")
        }
        return try resolve(scenario: scenario, app: app, variant: variant, allowAll: allowAll)
    }

    static func resolve(scenario: String, app: String?, variant: String?, allowAll: Bool) throws -> [Target] {
        var appName = app
        var scenarioName = scenario
        if let slash = scenario.firstIndex(of: "/") {
            let prefix = String(scenario[..<slash])
            if let app, app != prefix { throw UsageError("--app \(app) contradicts --scenario \(scenario)") }
            appName = prefix
            scenarioName = String(scenario[scenario.index(after: slash)...])
        }
        let apps = try candidateApps(appName)
        let matches: [any AppScenario]
        if scenarioName == "all" && allowAll {
            matches = apps.flatMap(\.scenarios)
            if matches.isEmpty { throw UsageError("no scenarios to run: the catalogue has none yet (see `simrun list`)") }
        } else {
            matches = apps.flatMap { $0.scenarios.filter { $0.name == scenarioName } }
            if matches.isEmpty {
                let known = Array(Set(apps.flatMap { $0.scenarios.map(\.name) })).sorted()
                if known.isEmpty {
                    throw UsageError("unknown scenario '\(scenarioName)' (the catalogue has no scenarios yet; see `simrun list`)")
                }
                throw Suggest.unknown("scenario", scenarioName, known: known)
            }
        }
        return try matches.map { scenario in
            let definition = AppCatalog.app(named: scenario.app)!
            return Target(scenario: scenario, variant: try Variants.resolve(variant, for: definition))
        }
    }

    private static func candidateApps(_ name: String?) throws -> [AppDefinition] {
        guard let name else { return AppCatalog.apps }
        guard let app = AppCatalog.app(named: name) else {
            throw Suggest.unknown("app", name, known: AppCatalog.apps.map(\.name))
        }
        return [app]
    }
}
