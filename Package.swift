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
        .library(name: "Scenarios", targets: ["Scenarios"]),
        .executable(name: "simrun", targets: ["simrun"]),
    ],
    targets: [
        // Dependency direction, never reversed: SimCore ← FakeCloud ← Scenarios ← simrun.
        .target(name: "SimCore"),
        .target(name: "FakeCloud", dependencies: ["SimCore"]),
        .target(name: "Scenarios", dependencies: ["SimCore", "FakeCloud"], exclude: ["SwissCoin/README.md", "Minuta/README.md"]),
        .executableTarget(name: "simrun", dependencies: ["SimCore", "FakeCloud", "Scenarios"]),
        .testTarget(name: "SimCoreTests", dependencies: ["SimCore"]),
        .testTarget(name: "FakeCloudTests", dependencies: ["SimCore", "FakeCloud"]),
        .testTarget(name: "ScenariosTests", dependencies: ["SimCore", "FakeCloud", "Scenarios"]),
        .testTarget(name: "simrunTests", dependencies: ["simrun"]),
        .testTarget(name: "PostgresDifferentialTests", dependencies: ["SimCore", "FakeCloud"]),
    ],
    swiftLanguageModes: [.v6]
)
