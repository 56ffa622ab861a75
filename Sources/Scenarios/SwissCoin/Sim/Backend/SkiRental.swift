import FakeCloud
import SimValues

/// The rule both server functions use to choose between a cheap answer for one call and an
/// expensive computation that answers every later call at the same state (the ski-rental
/// problem): rent (the cheap answer) on the first call at a state; on later ones, rent while what
/// renting has cost at this state stays below what buying cost the last time; with no price
/// known yet, buy on the second call to learn it. The total never exceeds about twice the
/// cheaper choice in hindsight, whether the state changes after every call or never.
///
/// Costs are rows read. The state kept for the choice never reaches an answer: both choices give
/// the same one.
struct SkiRental {
    /// What renting has cost at one state of the caller's rows (a memoized value: a new one for
    /// every change the caller can see).
    final class Spending: @unchecked Sendable {
        /// Calls answered at this state.
        var calls = 0
        /// Rows the rented answers at this state read.
        var rows = 0
    }

    /// Rows buying read the last time (per caller, kept from state to state: it reads no table).
    final class Price: @unchecked Sendable { var rows: Int? }

    let spending: Spending
    let price: Price

    /// The choice's state for a function whose answers read `tables`, memoized under
    /// `key|calls` and `key|price`. The spending is valid while those tables are unchanged for
    /// the caller: it reads each with `nothing`, a filter no row passes (through an index).
    init(_ call: FunctionCall, key: String, tables: [String], nothing: RowFilter) throws {
        spending = try call.memoized("\(key)|calls") { () -> Spending in
            for table in tables { _ = try call.select(table, [nothing]) }
            return Spending()
        }
        price = try call.memoized("\(key)|price") { Price() }
    }

    /// Counts this call at the state and whether it rents.
    func nextCallRents() -> Bool {
        spending.calls += 1
        return Self.rents(call: spending.calls, spent: spending.rows, price: price.rows)
    }

    /// Whether the `call`-th call at one state rents, given what renting at this state has cost
    /// so far (`spent`) and what buying cost last time (`price`, nil: never bought).
    static func rents(call: Int, spent: Int, price: Int?) -> Bool {
        if call <= 1 { return true }
        guard let price else { return false }
        return spent < price
    }
}
