enum ShrinkCommand { static func main(_ t: [String]) throws -> ExitCode { throw UsageError("not yet") } }
enum ReplayCommand { static func main(_ t: [String]) throws -> ExitCode { throw UsageError("not yet") } }
enum BenchCommand { static func main(_ t: [String]) throws -> ExitCode { throw UsageError("not yet") } }
