/// The sizes of every benchmark; `quick` shrinks them so tests finish fast.
struct BenchSizes {
    var heapEvents: Int
    var yields: Int
    var uploadItems: Int
    var uploadRepeats: Int
    var memorySeeds: (first: Int, second: Int)
    var scenarioSeconds: Double
    var scenarioMaxSeeds: Int
    /// Dataset size knob for the scenario figures (1 = the default dataset the issues measure).
    var scenarioSize: Int

    static let full = BenchSizes(heapEvents: 5_000_000, yields: 2_000_000, uploadItems: 10_000, uploadRepeats: 5,
                                 memorySeeds: (1_000, 10_000), scenarioSeconds: 2, scenarioMaxSeeds: 100_000, scenarioSize: 1)
    static let quick = BenchSizes(heapEvents: 50_000, yields: 20_000, uploadItems: 200, uploadRepeats: 3,
                                  memorySeeds: (10, 100), scenarioSeconds: 0.2, scenarioMaxSeeds: 5, scenarioSize: 0)
}
