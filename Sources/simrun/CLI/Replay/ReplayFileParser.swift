import SimCore

/// Field-by-field validation of a replay file's JSON, with one precise message per problem.
struct ReplayFileParser {
    let path: String
    let root: JSONValue

    func parse() throws -> ReplayFile {
        let format = try string("format")
        guard format == ReplayFile.format else { throw problem("has format '\(format)', expected '\(ReplayFile.format)'") }
        guard let version = root["version"]?.intValue else { throw problem("is missing field 'version' (a number)") }
        guard (1...ReplayFile.version).contains(version) else { throw problem("has version \(version); this simrun reads versions 1 to \(ReplayFile.version)") }
        let seed: UInt64
        do { seed = try Values.seed(try string("seed")) } catch let error as UsageError { throw problem("field 'seed': \(error.message)") }
        guard let size = root["size"]?.intValue, (0...Int64(RunSettings.maxSize)).contains(size) else { throw problem("field 'size' must be a number from 0 to \(RunSettings.maxSize)") }
        let policyText = try string("policy")
        guard let policy = SchedulingPolicy(rawValue: policyText) else { throw problem("field 'policy' is '\(policyText)', expected fifo or random") }
        guard let expected = root["expected"], expected.objectValue != nil else { throw problem("is missing field 'expected' (an object)") }
        guard let outcome = expected["outcome"]?.stringValue, let hash = expected["trace_hash"]?.stringValue else {
            throw problem("field 'expected' needs 'outcome' and 'trace_hash' strings")
        }
        return ReplayFile(
            app: try string("app"), scenario: try string("scenario"), variant: try string("variant"), seed: seed,
            size: Int(size), policy: policy, faults: try faults(), choices: try choices(), expectedOutcome: outcome,
            expectedInvariant: expected["invariant"]?.stringValue, expectedTraceHash: hash,
            toolchain: root["toolchain"]?.stringValue ?? "unknown", commit: root["commit"]?.stringValue ?? "unknown",
            appCommit: root["app_commit"]?.stringValue ?? "unknown", configuration: root["configuration"]?.stringValue ?? "unknown")
    }

    func faults() throws -> [InjectedFault] {
        guard let items = root["fault_schedule"]?.arrayValue else { throw problem("is missing field 'fault_schedule' (an array)") }
        return try items.enumerated().map { index, item in
            guard let familyText = item["family"]?.stringValue, let subject = item["subject"]?.stringValue,
                  let detail = item["detail"]?.stringValue else {
                throw problem("fault_schedule[\(index)] needs 'family', 'subject' and 'detail' strings")
            }
            guard let family = FaultFamily(rawValue: familyText) else {
                throw problem("fault_schedule[\(index)] has unknown family '\(familyText)'")
            }
            return InjectedFault(family: family, subject: subject, detail: detail)
        }
    }

    /// The most choices one stream may hold (a run's longest streams hold tens of thousands).
    static let maxChoicesPerStream = 50_000_000

    /// `choices`: absent (nil) or one `{"stream": seed, "values": text}` per stream, seeds unique.
    func choices() throws -> ChoiceSequence? {
        guard let field = root["choices"] else { return nil }
        guard let items = field.arrayValue else { throw problem("field 'choices' must be an array") }
        var seen = Set<UInt64>()
        let streams = try items.enumerated().map { index, item -> ChoiceSequence.Stream in
            guard let seedText = item["stream"]?.stringValue, let seed = UInt64(seedText) else {
                throw problem("choices[\(index)] needs 'stream' (a seed, decimal digits in a string)")
            }
            guard seen.insert(seed).inserted else { throw problem("choices[\(index)] repeats stream \(seed)") }
            guard let text = item["values"]?.stringValue,
                  let values = ChoiceText.decode(text, limit: Self.maxChoicesPerStream) else {
                throw problem("choices[\(index)] needs 'values': whole numbers or value*count, separated by spaces")
            }
            // Bounds are not stored: a replay fits each value to its draw's bound.
            return ChoiceSequence.Stream(seed: seed, choices: values.map { Choice(value: $0, bound: 0) })
        }
        return ChoiceSequence(streams)
    }

    func string(_ key: String) throws -> String {
        guard let value = root[key]?.stringValue else { throw problem("is missing field '\(key)' (a string)") }
        return value
    }

    func problem(_ text: String) -> UsageError { UsageError("replay file '\(path)' \(text)") }
}
