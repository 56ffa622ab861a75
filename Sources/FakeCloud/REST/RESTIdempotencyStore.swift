import AppPorts
import SimCore

/// A response saved under an idempotency key.
public struct RESTIdempotencyRecord: Sendable, Equatable {
    public var userId: String
    public var key: String
    /// FNV-1a of method, path, query and body: the IETF draft's "idempotency fingerprint" (§2.4,
    /// "Checksum of the entire request payload") widened to the endpoint, as Stripe compares "the
    /// first request's API endpoint and parameters".
    public var fingerprint: UInt64
    public var response: HTTPResponse
    public var storedAtNanoseconds: Int64
    public var requestNumber: UInt64
}

/// The `Idempotency-Key` layer, after Stripe (docs.stripe.com/idempotency) and
/// draft-ietf-httpapi-idempotency-key-header-06 (ietf-wg-httpapi/idempotency, §2.6 enforcement,
/// §2.7 errors):
/// - keys are scoped per user (Stripe scopes them per account);
/// - same key + same fingerprint → the saved response again (same status, body, created id), with
///   `Idempotent-Replayed: true` as Stripe sends (stripe/stripe-ruby#1553, ietf-wg-httpapi/idempotency#46);
/// - same key + different fingerprint → `IdempotencyMismatchStatus` (422 IETF / 400 Stripe);
/// - only responses of requests whose execution began are saved: Stripe "save[s] results only after
///   the execution of an endpoint begins. If incoming parameters fail validation ... no idempotent
///   result is saved". Here: 2xx and 409 are saved; 400/401/404/405/413/415/422/429 are not, so a
///   corrected retry with the same key runs;
/// - a key older than the retention window is forgotten and the request runs anew (Stripe: 24 h);
/// - the draft's 409 "request outstanding" cannot happen: the service handles one request at a
///   time to completion (`SimService`), so the first request with a key has always finished (and
///   been saved) before a retry arrives. Not modelled: a server that crashes mid-request.
struct RESTIdempotencyStore {
    private(set) var records: [String: RESTIdempotencyRecord] = [:]
    let options: IdempotencyOptions

    enum Lookup {
        case fresh
        case replay(HTTPResponse)
        case mismatch
    }

    init(options: IdempotencyOptions) { self.options = options }

    func lookup(user: String, key: String, fingerprint: UInt64, now: Int64) -> Lookup {
        guard let record = records[Self.slot(user, key)], now - record.storedAtNanoseconds < options.retentionSeconds * 1_000_000_000
        else { return .fresh }
        guard record.fingerprint == fingerprint else { return .mismatch }
        var response = record.response
        response.headers["Idempotent-Replayed"] = "true"
        return .replay(response)
    }

    mutating func save(user: String, key: String, fingerprint: UInt64, response: HTTPResponse, now: Int64, requestNumber: UInt64) {
        guard response.isSuccess || response.status == 409 else { return }
        records[Self.slot(user, key)] = RESTIdempotencyRecord(
            userId: user, key: key, fingerprint: fingerprint, response: response, storedAtNanoseconds: now, requestNumber: requestNumber)
    }

    /// All saved records sorted by (user, key).
    var sortedRecords: [RESTIdempotencyRecord] {
        records.values.sorted { ($0.userId, $0.key) < ($1.userId, $1.key) }
    }

    /// `json` is the parsed body, so JSON sent as a value or as text with the same meaning (any key
    /// order or spacing) fingerprints alike.
    static func fingerprint(of request: HTTPRequest, json: JSONValue?) -> UInt64 {
        var text = request.method.rawValue + " " + request.path + "?"
        for item in request.query { text += item.name + "=" + item.value + "&" }
        var hash = StableHash.fnv1a(text)
        if let json { return StableHash.fnv1a(json.canonicalText, seed: hash) }
        switch request.body {
        case .none, .json: break
        case .bytes(let bytes, let type):
            hash = StableHash.fnv1a(type, seed: hash)
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* StableHash.prime }
        }
        return hash
    }

    private static func slot(_ user: String, _ key: String) -> String { user + "\u{1}" + key }
}
