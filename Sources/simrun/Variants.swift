import Scenarios

/// Variant-name checking: a name the app lists, or listed names joined with `+` (defect
/// combinations). Swiss Coin names are normalised through `SwissCoinVariant.parse`, so a repro
/// command always spells a combination the same way.
enum Variants {
    static func resolve(_ name: String?, for app: AppDefinition) throws -> String {
        guard let name else { return app.defaultVariant }
        let known = app.variants.map(\.name)
        if app.name == SwissCoinApp.name {
            do { return try SwissCoinVariant.parse(name).name } catch {
                throw unknown(name, app: app)
            }
        }
        if known.contains(name) { return name }
        let parts = name.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1, parts.allSatisfy(known.contains) else { throw unknown(name, app: app) }
        return name
    }

    private static func unknown(_ name: String, app: AppDefinition) -> UsageError {
        let known = app.variants.map(\.name)
        let bad = name.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
            .first { !known.contains($0) } ?? name
        let hint = Suggest.nearest(bad, among: known).map { "did you mean \($0)? " } ?? ""
        return UsageError("unknown variant '\(bad)' for \(app.name) (\(hint)see `simrun list` for the \(known.count) variants)")
    }
}
