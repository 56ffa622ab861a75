// swift-tools-version:6.0
// simrun: a deterministic simulation harness for data migrations and sync engines.
// No package dependencies, on purpose: users add this package to their test targets,
// and a harness with no dependencies never fights their versions.
import PackageDescription

let package = Package(
    name: "simrun",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "SimCore", targets: ["SimCore"]),
        .library(name: "FakeCloud", targets: ["FakeCloud"]),
        .library(name: "AppleStandIns", targets: ["AppleStandIns"]),
        .library(name: "AppPorts", targets: ["AppPorts"]),
        .library(name: "SimHarness", targets: ["SimHarness"]),
        .library(name: "SimrunCLI", targets: ["SimrunCLI"]),
        .library(name: "Scenarios", targets: ["Scenarios"]),
        .executable(name: "simrun", targets: ["simrun"]),
        .library(name: "SimTesting", targets: ["SimTesting"]),
    ],
    targets: [
        // Dependency direction, never reversed:
        //   SimValues ← SimCore ← FakeCloud ← SimHarness ← apps' simulations (SwissCoinSim, MinutaSim,
        //     SwiffSim, InfiniteStoriesSim, CryptoSavingsSim) ← Scenarios ← simrun
        //   SimValues ← AppPorts ← apps' own code (which never imports SimCore) ← apps' simulations
        //   SimValues ← AppleStandIns ← FakeCloud, and AppleStandIns ← apps' own code (the device-side
        //   stand-ins for SwiftData and CloudKit, linked as a real app links Apple's frameworks)
        //   Every app's own code is a target of its own, and its dependency list is the proof:
        //   AppPorts plus SimValues, CRDT or AppleStandIns only, so an `import SimCore` there fails
        //   the build. (SwiftPM finds a module already built in .build even when undeclared; CI
        //   builds with `--explicit-target-dependency-import-check error`, which makes the lists
        //   binding.)
        //   SimHarness ← SimrunCLI ← simrun
        //   SimCore ← LedgerWorkload ← SimrunCLI (and the kernel's tests)
        // Plain values that app code may see too: JSONValue, the seeded PRNG, stable hashes.
        .target(name: "SimValues", path: "Sources/SimCore/Values"),
        // The kernel: virtual time, the deterministic executor, devices, network, faults, traces.
        .target(name: "SimCore", dependencies: ["SimValues"], exclude: ["Values"]),
        // Device-side stand-ins for Apple frameworks (Device/: the SwiftData-style store, the
        // NSPersistentCloudKitContainer-like mirror and the CloudKit values it shares with the server
        // fake): what app code links in place of SwiftData and CloudKit. Plain values only, never
        // the kernel; a simulation plugs in through its protocols (StoreFileSystem, StorageFaultPolicy,
        // the mirror's send).
        .target(name: "AppleStandIns", dependencies: ["SimValues"], path: "Sources/FakeCloud/Device"),
        // Fakes of the services apps talk to (Supabase, REST, the CloudKit server, cloud folders),
        // and what ties the stand-ins to a simulated device (storage faults, device files, CloudKit calls).
        .target(name: "FakeCloud", dependencies: ["SimCore", "AppPorts", "AppleStandIns"], exclude: ["Device"]),
        // The ports app code depends on (files, defaults, clock, ids), with live implementations.
        .target(name: "AppPorts", dependencies: ["SimValues"], path: "Sources/Scenarios/Ports"),
        // The shared harness every app under test stands on; the ports' simulated implementations.
        .target(name: "SimHarness", dependencies: ["SimCore", "FakeCloud", "AppPorts"], path: "Sources/Scenarios/Harness"),
        // An Automerge-compatible CRDT (Minuta's documents).
        .target(name: "CRDT", dependencies: ["SimValues"], path: "Sources/Scenarios/CRDT"),
        // The apps under test, each with its harness, scenarios and invariants.
        // Swiss Coin's own code (App/): the build holds it to AppPorts and SimValues (`JSONValue`
        // rows), so it cannot import SimCore, SimHarness or FakeCloud. Its simulation (Sim/: the
        // backend on the Supabase fake, dataset, harness, scenarios, invariants) is SwissCoinSim.
        .target(name: "SwissCoin", dependencies: ["AppPorts", "SimValues"], path: "Sources/Scenarios/SwissCoin/App"),
        .target(name: "SwissCoinSim", dependencies: ["SwissCoin", "SimHarness", "AppPorts", "FakeCloud", "SimCore", "SimValues"],
                path: "Sources/Scenarios/SwissCoin/Sim"),
        // Minuta's own code (App/): the build holds it to AppPorts and CRDT, so it cannot import
        // SimCore, SimHarness or FakeCloud. Its simulation (Sim/: harness, scenarios, invariants)
        // is MinutaSim.
        .target(name: "Minuta", dependencies: ["AppPorts", "CRDT"], path: "Sources/Scenarios/Minuta/App"),
        .target(name: "MinutaSim", dependencies: ["Minuta", "SimHarness", "AppPorts", "FakeCloud", "CRDT", "SimCore"],
                path: "Sources/Scenarios/Minuta/Sim"),
        // Swiff's own code (App/: schemas, migration plan, backups, data layer, variants): AppPorts
        // and the SwiftData-style store of AppleStandIns only. SwiffSim (Sim/) is its simulation.
        .target(name: "Swiff", dependencies: ["AppPorts", "AppleStandIns"], path: "Sources/Scenarios/Swiff/App"),
        .target(name: "SwiffSim", dependencies: ["Swiff", "SimHarness", "AppPorts", "FakeCloud", "AppleStandIns", "SimCore"],
                path: "Sources/Scenarios/Swiff/Sim"),
        // InfiniteStories' own code (App/): the build holds it to AppPorts and SimValues, so it
        // cannot import SimCore, SimHarness or FakeCloud. Its simulation (Sim/: harness, scenarios,
        // invariants) is InfiniteStoriesSim.
        .target(name: "InfiniteStories", dependencies: ["AppPorts", "SimValues"], path: "Sources/Scenarios/InfiniteStories/App"),
        .target(name: "InfiniteStoriesSim", dependencies: ["InfiniteStories", "SimHarness", "AppPorts", "FakeCloud", "SimCore", "SimValues"],
                path: "Sources/Scenarios/InfiniteStories/Sim"),
        // CryptoSavings' own code (App/: schemas, the data layer with its sync points, dedupe, units,
        // variants): AppPorts and AppleStandIns (the store and the CloudKit mirror) only.
        // CryptoSavingsSim (Sim/) is its simulation.
        .target(name: "CryptoSavings", dependencies: ["AppPorts", "AppleStandIns"], path: "Sources/Scenarios/CryptoSavings/App"),
        .target(name: "CryptoSavingsSim", dependencies: ["CryptoSavings", "SimHarness", "AppPorts", "FakeCloud", "AppleStandIns", "SimCore"],
                path: "Sources/Scenarios/CryptoSavings/Sim"),
        // The catalogue of built-in apps.
        .target(name: "Scenarios", dependencies: ["SimHarness", "SwissCoinSim", "MinutaSim", "SwiffSim", "InfiniteStoriesSim", "CryptoSavingsSim"], path: "Sources/Scenarios/Catalog"),
        // A toy ledger service and an upload workload against it: `simrun bench`, the CLI's
        // self-test app and the kernel's tests exercise the kernel with them, without FakeCloud.
        .target(name: "LedgerWorkload", dependencies: ["SimCore"], path: "Sources/simrun/LedgerWorkload"),
        // The command line as a library: `SimrunCommand.main(apps:)` for any set of apps.
        .target(name: "SimrunCLI", dependencies: ["SimHarness", "LedgerWorkload"], path: "Sources/simrun/CLI"),
        .executableTarget(name: "simrun", dependencies: ["SimrunCLI", "Scenarios", "CRDT"], path: "Sources/simrun/Main"),
        .testTarget(name: "SimCoreTests", dependencies: ["SimCore", "LedgerWorkload"]),
        .testTarget(name: "FakeCloudTests", dependencies: ["SimCore", "FakeCloud", "AppleStandIns"]),
        .testTarget(name: "ScenariosTests", dependencies: ["SimHarness", "SwissCoin", "SwissCoinSim", "Minuta", "MinutaSim", "Swiff", "SwiffSim", "InfiniteStories", "InfiniteStoriesSim", "CryptoSavings", "CryptoSavingsSim", "CRDT", "Scenarios", "FakeCloud", "AppleStandIns", "LedgerWorkload"]),
        .testTarget(name: "simrunTests", dependencies: ["simrun", "SimrunCLI", "Scenarios"]),
        // The test helper: `simulate(seeds:)` for XCTest and Swift Testing (no dependency but the kernel).
        .target(name: "SimTesting", dependencies: ["SimCore"]),
        .testTarget(name: "SimTestingTests", dependencies: ["SimTesting", "SimCore", "LedgerWorkload"]),
        // FakeCloud's Supabase held to a real PostgreSQL (skips itself without SIMRUN_PG_SOCKET_DIR;
        // Scripts/postgres-test.sh starts a throwaway server and runs it).
        .testTarget(name: "PostgresDifferentialTests", dependencies: ["SimCore", "FakeCloud", "SwissCoinSim"]),
    ],
    swiftLanguageModes: [.v6]
)
