import LedgerWorkload
import SimCore

extension SelfTestUpload {
    /// One device: upload from a durable cursor, retrying each amount until acknowledged.
    static func upload(_ context: DeviceContext, ledger: ServiceHandle<LedgerService>, items: Int, idempotent: Bool) async {
        let device = Int(context.deviceName.split(separator: "-").last!)! - 1
        var next = Int(context.defaultsValue(forKey: "cursor")?.intValue ?? 0)
        while next < items {
            let key = idempotent ? "\(context.deviceName)/\(next)" : nil
            let request = LedgerService.Request.add(account: "total", amount: amount(device: device, item: next), idempotencyKey: key)
            var backoff: Int64 = 100_000_000
            // Bounded: a healing phase ends every fault, so 200 attempts is far more than needed.
            for _ in 0..<200 {
                if Task.isCancelled { return }
                do {
                    let response = try await context.call(ledger, request, timeout: .seconds(10))
                    if case .failed = response {
                        context.sometimes(failedAnswerMark)
                        throw RetryLater()
                    }
                    break
                } catch {
                    if error is DeviceKilledError || error is CancellationError { return }
                    try? await context.sleep(for: .nanoseconds(backoff))
                    backoff = min(backoff * 2, 2_000_000_000)
                }
            }
            next += 1
            try? context.setDefaultsValue(.int(Int64(next)), forKey: "cursor")
            try? context.synchronizeDefaults()
        }
    }

    private struct RetryLater: Error {}
}
