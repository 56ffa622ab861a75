/// Which of the seed's defects a run of the Swiss Coin app has: `fixed` (none, the default), `seed`
/// (all, the plan as written), or any subset, named by kebab-case defect names joined with `+`.
public struct SwissCoinVariant: Sendable, Equatable, CustomStringConvertible {
    /// The defects switched on.
    public let defects: Set<SwissCoinDefect>

    public init(defects: Set<SwissCoinDefect>) { self.defects = defects }

    /// No defects: the careful implementation.
    public static let fixed = SwissCoinVariant(defects: [])
    /// Every defect of the plan: the plan exactly as written (the sync engine's own defects are
    /// switched on only by name).
    public static let seed = SwissCoinVariant(defects: Set(SwissCoinDefect.allCases.filter(\.inSeedPlan)))

    /// Whether the migration code should take the seed's defective path at this point.
    public func has(_ defect: SwissCoinDefect) -> Bool { defects.contains(defect) }

    /// `fixed`, `seed`, or the defect names sorted and joined with `+`.
    public var name: String {
        if defects.isEmpty { return "fixed" }
        if defects == SwissCoinVariant.seed.defects { return "seed" }
        return defects.sorted().map(\.name).joined(separator: "+")
    }

    public var description: String { name }

    /// Every name `parse` accepts as a single word.
    public static var validNames: [String] { ["fixed", "seed"] + SwissCoinDefect.allCases.map(\.name) }

    /// Parses `fixed`, `seed`, a defect name, or defect names joined with `+`.
    public static func parse(_ text: String) throws -> SwissCoinVariant {
        if text == "fixed" { return .fixed }
        if text == "seed" { return .seed }
        var defects: Set<SwissCoinDefect> = []
        for part in text.split(separator: "+", omittingEmptySubsequences: false) {
            guard let defect = SwissCoinDefect(rawValue: String(part)) else {
                throw SwissCoinVariantError.unknownName(String(part), valid: validNames)
            }
            defects.insert(defect)
        }
        return SwissCoinVariant(defects: defects)
    }
}

/// A variant name that `SwissCoinVariant.parse` does not know.
public enum SwissCoinVariantError: Error, Equatable, CustomStringConvertible {
    case unknownName(String, valid: [String])

    public var description: String {
        switch self {
        case .unknownName(let name, let valid):
            return "unknown Swiss Coin variant '\(name)'; valid names: \(valid.joined(separator: ", "))"
        }
    }
}
