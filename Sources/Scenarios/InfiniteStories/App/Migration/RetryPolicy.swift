/// The retry loop behind the plan's first rollback trigger, "Upload fails repeatedly (>3
/// retries)" (l.1069); the loop itself is not shown. Obvious reading: each item is attempted, and
/// retried up to 3 times with exponential backoff (1, 2, 4 s); a fourth failure fails the upload.
///
/// - As written (any defect-laden variant keeps this): every error is retried, 4xx included, and
///   `Retry-After` is not read.
/// - Fixed: only what may succeed when sent again is retried (no answer, 5xx, 429, 408), at
///   least `Retry-After` seconds apart; a refusal (4xx) fails at once, and a lost session or a
///   cancel stops without retrying.
struct RetryPolicy: Sendable {
    var maxRetries = 3
    var retriesEveryError: Bool
    let sleep: @Sendable (Int64) async throws -> Void
    let isCancelled: @Sendable () -> Bool

    func run<T>(_ entity: String, _ name: String, _ body: () async throws -> T) async throws -> T {
        var attempt = 0
        while true {
            if isCancelled() { throw MigrationError.cancelled }
            do {
                return try await body()
            } catch let error as MigrationError {
                throw error
            } catch {
                let api = error as? APIError
                if !retriesEveryError {
                    if api == .unauthorized || api == .accountChanged { throw MigrationError.sessionEnded }
                    if api == .transport(.cancelled) { throw MigrationError.cancelled }
                }
                let retryable = retriesEveryError || (api?.isTransient ?? false)
                guard retryable, attempt < maxRetries else {
                    throw MigrationError.uploadFailed(entity: entity, name: name, cause: "\(error)")
                }
                try await sleep(delayMilliseconds(attempt, api))
                attempt += 1
            }
        }
    }

    func delayMilliseconds(_ attempt: Int, _ error: APIError?) -> Int64 {
        let backoff = Int64(1000) << attempt
        guard !retriesEveryError, case .http(_, _, let retryAfter?)? = error else { return backoff }
        return max(backoff, Int64(retryAfter) * 1000)
    }
}
