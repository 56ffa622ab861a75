import SimHarness

/// Variant-name checking: the app says which names it has and how each is spelled canonically,
/// so a repro command always spells a combination the same way.
enum Variants {
    static func resolve(_ name: String?, for app: AppDefinition) throws -> String {
        guard let name else { return app.defaultVariant }
        guard let canonical = app.canonicalVariant(name) else { throw unknown(name, app: app) }
        return canonical
    }

    private static func unknown(_ name: String, app: AppDefinition) -> UsageError {
        let known = app.variants.map(\.name)
        let bad = name.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
            .first { app.canonicalVariant($0) == nil } ?? name
        let hint = Suggest.nearest(bad, among: known).map { "did you mean \($0)? " } ?? ""
        return UsageError("unknown variant '\(bad)' for \(app.name) (\(hint)see `simrun list` for the \(known.count) variants)")
    }
}
