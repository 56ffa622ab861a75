import AppleStandIns
import SimCore

extension DeviceContext {
    /// Sends `request` to the fake CloudKit server through the simulated network and reports the
    /// network's failures as the CloudKit framework does on a device: offline is networkUnavailable
    /// ("Network not available"), a lost request or response or one later than `timeout` is
    /// networkFailure (CKError.Code). Anything else (the task cancelled, the process killed) is
    /// thrown as it is. This is the `send` a `CloudKitMirror` on a simulated device is given: the
    /// mirror, like app code, never sees SimCore's `NetworkError`.
    public func callCloudKit(
        _ server: ServiceHandle<CloudKitServer>, _ request: CloudKitRequest, timeout: Duration = .seconds(30)
    ) async throws -> CloudKitResponse {
        do {
            return try await call(server, request, timeout: timeout)
        } catch NetworkError.offline {
            throw CloudKitError(.networkUnavailable, "offline")
        } catch NetworkError.timeout {
            throw CloudKitError(.networkFailure, "timed out")
        }
    }
}
