/// Which of the seed's defects a run of Minuta has: `fixed` (none, the default), `seed` (all, the
/// plan as written), or any subset, named by kebab-case defect names joined with `+`.
public struct MinutaVariant: Sendable, Equatable, CustomStringConvertible {
    /// The defects switched on.
    public let defects: Set<MinutaDefect>

    public init(defects: Set<MinutaDefect>) { self.defects = defects }

    /// No defects: the careful implementation.
    public static let fixed = MinutaVariant(defects: [])
    /// Every defect: the plan exactly as written.
    public static let seed = MinutaVariant(defects: Set(MinutaDefect.allCases))

    /// Whether the app should take the seed's defective path at this point.
    public func has(_ defect: MinutaDefect) -> Bool { defects.contains(defect) }

    /// `fixed`, `seed`, or the defect names sorted and joined with `+`.
    public var name: String {
        if defects.isEmpty { return "fixed" }
        if defects.count == MinutaDefect.allCases.count { return "seed" }
        return defects.sorted().map(\.name).joined(separator: "+")
    }

    public var description: String { name }

    /// Every name `parse` accepts as a single word.
    public static var validNames: [String] { ["fixed", "seed"] + MinutaDefect.allCases.map(\.name) }

    /// Parses `fixed`, `seed`, a defect name, or defect names joined with `+`.
    public static func parse(_ text: String) throws -> MinutaVariant {
        if text == "fixed" { return .fixed }
        if text == "seed" { return .seed }
        var defects: Set<MinutaDefect> = []
        for part in text.split(separator: "+", omittingEmptySubsequences: false) {
            guard let defect = MinutaDefect(rawValue: String(part)) else {
                throw MinutaVariantError.unknownName(String(part), valid: validNames)
            }
            defects.insert(defect)
        }
        return MinutaVariant(defects: defects)
    }
}

/// A variant name that `MinutaVariant.parse` does not know.
public enum MinutaVariantError: Error, Equatable, CustomStringConvertible {
    case unknownName(String, valid: [String])

    public var description: String {
        switch self {
        case .unknownName(let name, let valid):
            return "unknown Minuta variant '\(name)'; valid names: \(valid.joined(separator: ", "))"
        }
    }
}
