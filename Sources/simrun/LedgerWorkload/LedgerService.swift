import SimCore

/// A minimal service for kernel tests and benchmarks: named integer balances, with optional
/// idempotency keys. It stands for no real cloud; it exists so the kernel can be exercised
/// (and measured) without FakeCloud, and it lives outside SimCore because it is a workload's
/// server, not part of the kernel.
public final class LedgerService: SimService {
    /// A request to the ledger.
    public enum Request: Sendable {
        /// Adds `amount` to `account`; with an idempotency key, a repeat is applied once.
        case add(account: String, amount: Int64, idempotencyKey: String?)
        /// Reads a balance.
        case read(account: String)
    }

    /// The ledger's answer.
    public enum Response: Sendable, Equatable {
        case balance(Int64)
        case failed(status: Int, retryAfterSeconds: Int?)
    }

    public let name: String
    /// Current balances (the admin view).
    @exclusivity(unchecked) public private(set) var balances: [String: Int64] = [:]
    /// Requests applied (duplicates included, replays of an idempotency key excluded).
    @exclusivity(unchecked) public private(set) var applied = 0
    @exclusivity(unchecked) private var seenKeys: Set<String> = []

    public init(name: String = "ledger") { self.name = name }

    public func handle(_ request: Request, context: ServiceContext) -> Response {
        switch request {
        case .add(let account, let amount, let key):
            if let key {
                if seenKeys.contains(key) { return .balance(balances[account] ?? 0) }
                seenKeys.insert(key)
            }
            applied += 1
            balances[account, default: 0] += amount
            return .balance(balances[account]!)
        case .read(let account):
            return .balance(balances[account] ?? 0)
        }
    }

    public func injectedFailure(_ failure: InjectedServerFailure, for request: Request) -> Response {
        switch failure {
        case .serverError(let status): return .failed(status: status, retryAfterSeconds: nil)
        case .rateLimited(let seconds): return .failed(status: 429, retryAfterSeconds: seconds)
        }
    }

    public func summary(of request: Request) -> String {
        switch request {
        case .add(let account, let amount, let key): return "add \(account) \(amount)\(key.map { " key=\($0)" } ?? "")"
        case .read(let account): return "read \(account)"
        }
    }

    public func writeSummary(of request: Request, into text: inout TraceText) {
        switch request {
        case .add(let account, let amount, let key):
            text.append("add ")
            text.append(account)
            text.append(" ")
            text.append(amount)
            if let key {
                text.append(" key=")
                text.append(key)
            }
        case .read(let account):
            text.append("read ")
            text.append(account)
        }
    }

    public func writeSummary(of response: Response, into text: inout TraceText) {
        switch response {
        case .balance(let value):
            text.append("balance ")
            text.append(value)
        case .failed(let status, let retry):
            text.append("failed ")
            text.append(status)
            if let retry {
                text.append(" retry-after=")
                text.append(retry)
            }
        }
    }

    public func summary(of response: Response) -> String {
        switch response {
        case .balance(let value): return "balance \(value)"
        case .failed(let status, let retry): return "failed \(status)\(retry.map { " retry-after=\($0)" } ?? "")"
        }
    }
}
