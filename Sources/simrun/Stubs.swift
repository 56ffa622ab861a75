enum BenchCommand { static func main(_ t: [String]) throws -> ExitCode { throw UsageError("not yet") } }
