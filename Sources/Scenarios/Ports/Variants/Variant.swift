/// Which of an app's defects a run has: `fixed` (none, the default), `as-written` (every defect of
/// the plan as written; `seed` is accepted as its old name), or any subset, named by defect names
/// joined with `+` (`split-fresh-uuid+double-money`). Names are canonical: `parse(v.name) == v`.
public struct Variant<Defect: AppDefect>: Sendable, Equatable, CustomStringConvertible {
    /// The defects switched on.
    public let defects: Set<Defect>

    public init(defects: Set<Defect>) { self.defects = defects }

    /// No defects: the careful implementation.
    public static var fixed: Variant { Variant(defects: []) }
    /// Every defect of the plan exactly as written.
    public static var asWritten: Variant { Variant(defects: Set(Defect.allCases.filter(\.inPlanAsWritten))) }

    /// Whether the code should take the defective path at this point.
    public func has(_ defect: Defect) -> Bool { defects.contains(defect) }

    /// `fixed`, `as-written`, or the defect names sorted and joined with `+`. A lone defect keeps
    /// its own name even when it is the whole plan as written (an app with one defect).
    public var name: String {
        if defects.isEmpty { return VariantName.fixed }
        if defects == Variant.asWritten.defects && defects.count > 1 { return VariantName.asWritten }
        return defects.sorted().map(\.name).joined(separator: "+")
    }

    public var description: String { name }

    /// Every name `parse` accepts as a single word (the alias `seed` aside).
    public static var validNames: [String] { [VariantName.fixed, VariantName.asWritten] + Defect.allCases.map(\.name) }

    /// Parses `fixed`, `as-written` (or its alias `seed`), a defect name, or defect names joined
    /// with `+`.
    public static func parse(_ text: String) throws -> Variant {
        if text == VariantName.fixed { return .fixed }
        if text == VariantName.asWritten || text == VariantName.asWrittenAlias { return .asWritten }
        var defects: Set<Defect> = []
        for part in text.split(separator: "+", omittingEmptySubsequences: false) {
            guard let defect = Defect(rawValue: String(part)) else {
                throw VariantError.unknownName(String(part), valid: validNames)
            }
            defects.insert(defect)
        }
        return Variant(defects: defects)
    }
}

/// The variant names every app shares.
public enum VariantName {
    /// No defect.
    public static let fixed = "fixed"
    /// Every defect of the plan as written.
    public static let asWritten = "as-written"
    /// The old name of `as-written`, still accepted (it collided with the PRNG seed in
    /// `--seed 42 --variant seed`).
    public static let asWrittenAlias = "seed"
}

/// A variant name that `Variant.parse` does not know.
public enum VariantError: Error, Equatable, CustomStringConvertible {
    case unknownName(String, valid: [String])

    public var description: String {
        switch self {
        case .unknownName(let name, let valid):
            return "unknown variant '\(name)'; valid names: \(valid.joined(separator: ", "))"
        }
    }
}
