/// The rule both server functions use to choose between a cheap answer for one call and an
/// expensive computation that answers every later call at the same state (the ski-rental
/// problem): rent (the cheap answer) on the first call at a state; on later ones, rent while what
/// renting has cost at this state stays below what buying cost the last time; with no price
/// known yet, buy on the second call to learn it. The total never exceeds about twice the
/// cheaper choice in hindsight, whether the state changes after every call or never.
enum SkiRental {
    /// Whether the `call`-th call at one state rents, given what renting at this state has cost
    /// so far (`spent`) and what buying cost last time (`price`, nil: never bought).
    static func rents(call: Int, spent: Int, price: Int?) -> Bool {
        if call <= 1 { return true }
        guard let price else { return false }
        return spent < price
    }
}
