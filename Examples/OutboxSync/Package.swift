// swift-tools-version:6.0
// An example of a team's own code under simrun: a notes app with an offline outbox that syncs to
// a small backend, its simulation (a fake of the backend, a scenario, a deliberately broken
// variant), tests with SimTesting and a command line with SimrunCLI.
import PackageDescription

let package = Package(
    name: "OutboxSync",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        // The simrun checkout this example lives in (a team writes `.package(url: …, from: …)`).
        .package(name: "simrun", path: "../.."),
    ],
    targets: [
        // The app's own code: it sees only AppPorts' protocols, never the simulator.
        .target(name: "Notes", dependencies: [.product(name: "AppPorts", package: "simrun")]),
        // The app under simulation: the backend fake, the ports' adapters, the scenario.
        .target(name: "NotesSim", dependencies: [
            "Notes",
            .product(name: "SimCore", package: "simrun"),
            .product(name: "SimHarness", package: "simrun"),
            .product(name: "AppPorts", package: "simrun"),
            .product(name: "SimrunCLI", package: "simrun"),
        ]),
        // `swift run notes-sim fuzz …`: simrun's command line on this app's scenarios.
        .executableTarget(name: "notes-sim", dependencies: ["NotesSim", .product(name: "SimrunCLI", package: "simrun")]),
        .testTarget(name: "NotesTests", dependencies: [
            "Notes", "NotesSim",
            .product(name: "SimCore", package: "simrun"),
            .product(name: "SimTesting", package: "simrun"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
