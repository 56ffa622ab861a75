import Foundation

/// The campaign's progress on stderr: a live line redrawn in place on a terminal, a plain line
/// about every 5 s otherwise (CI logs).
struct FuzzProgress {
    let total: Int?
    let budgetSeconds: Int?
    let isTerminal = Console.stderrIsTerminal
    let start = ContinuousClock().now
    var lastPlain = ContinuousClock().now

    init(total: Int?, budgetSeconds: Int?) {
        self.total = total
        self.budgetSeconds = budgetSeconds
    }

    mutating func tick(done: Int, failures: Int) {
        let now = ContinuousClock().now
        if !isTerminal {
            guard now - lastPlain >= .seconds(5) else { return }
            lastPlain = now
        }
        let line = text(done: done, failures: failures, elapsed: now - start)
        if isTerminal { Console.errRaw("\r\u{1B}[2K" + line) } else { Console.err(line) }
    }

    /// Clears the live line.
    func end() {
        if isTerminal { Console.errRaw("\r\u{1B}[2K") }
    }

    func text(done: Int, failures: Int, elapsed: Duration) -> String {
        let seconds = max(0.001, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        let rate = Double(done) / seconds
        var left = "?"
        if let budgetSeconds {
            left = "\(max(0, budgetSeconds - Int(seconds)))s"
        } else if let total, rate > 0 {
            left = "\(Int(Double(total - done) / rate))s"
        }
        let of = total.map { "/\($0)" } ?? ""
        return "fuzz \(done)\(of) runs  failures \(failures)  \(String(format: "%.1f", rate)) runs/s  ~\(left) left"
    }
}
