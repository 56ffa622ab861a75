import CryptoSavingsSim
import InfiniteStoriesSim
import MinutaSim
import SimHarness
import SwissCoinSim
import SwiffSim

/// Every app under test, with its scenarios and variants: what `simrun list` prints and what
/// names on the command line resolve against.
public enum Catalog {
    /// The apps, in a fixed order.
    public static var apps: [AppDefinition] {
        [documented(SwissCoinApp.definition, "SwissCoin"), documented(MinutaApp.definition, "Minuta"),
         documented(SwiffApp.definition, "Swiff"), documented(StoriesApp.definition, "InfiniteStories"),
         documented(CryptoSavingsApp.definition, "CryptoSavings")]
    }

    /// `app` with its README, `Sources/Scenarios/<folder>/README.md`.
    static func documented(_ app: AppDefinition, _ folder: String) -> AppDefinition {
        var app = app
        app.readme = "Sources/Scenarios/\(folder)/README.md"
        return app
    }

    /// The app with this name.
    public static func app(named name: String) -> AppDefinition? {
        apps.first { $0.name == name }
    }

    /// Every (app, scenario) pair whose scenario has this name, in catalogue order.
    public static func scenarios(named name: String) -> [any AppScenario] {
        apps.flatMap { $0.scenarios.filter { $0.name == name } }
    }

    /// Every scenario of every app.
    public static var allScenarios: [any AppScenario] {
        apps.flatMap(\.scenarios)
    }
}
