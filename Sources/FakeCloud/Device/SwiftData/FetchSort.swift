/// One sort key of a fetch (SwiftData's `SortDescriptor`, renamed to stay clear of Foundation's).
public struct FetchSort: Sendable, Hashable {
    /// The attribute to sort by.
    public var attribute: String
    /// Ascending (the default) or descending.
    public var ascending: Bool

    /// A sort key.
    public init(_ attribute: String, ascending: Bool = true) {
        self.attribute = attribute
        self.ascending = ascending
    }
}
