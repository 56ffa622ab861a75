/// What the server does with a body field the collection does not declare.
public enum UnknownFieldPolicy: Sendable, Hashable {
    /// Dropped silently: Rails strong parameters drop unpermitted keys (`action_on_unpermitted_parameters`
    /// is `false` in production, `:log` in development/test — logged, still dropped; rails/rails
    /// guides/source/configuring.md), and an Express handler copying known fields does the same.
    case ignore
    /// 422 with a field error `unknown` (Rails with `action_on_unpermitted_parameters = :raise`
    /// plus a rescue, or a JSON-schema validator with `additionalProperties: false`).
    case reject
}

/// How a reference to a parent that does not exist, or is another user's, is answered. Either way
/// another user's parent looks exactly like a missing one.
public enum MissingParentPolicy: Sendable, Hashable {
    /// 422 with field error `not_found` (Rails 5+ `belongs_to` is required by default and fails
    /// validation with "must exist").
    case unprocessable
    /// 404 (Rails `current_user.heroes.find(params[:hero_id])` raises RecordNotFound → 404).
    case notFound
}

/// Status for reusing an idempotency key with a different request.
public enum IdempotencyMismatchStatus: Sendable, Hashable {
    /// 422, as draft-ietf-httpapi-idempotency-key-header-06 §2.7 says ("reuse an idempotency key
    /// with a different request payload ... SHOULD reply with a HTTP 422").
    case ietf422
    /// 400 with an `idempotency_error`, as Stripe answers (error type documented at stripe.dev,
    /// stripe-terminal `IDEMPOTENCY_ERROR`: "re-used on a request that does not match the first
    /// request's API endpoint and parameters"; the 400 status is Stripe's documented status for
    /// invalid requests, not re-checked against a live account here).
    case stripe400

    var status: Int { self == .ietf422 ? 422 : 400 }
}

/// Server-side idempotency (`Idempotency-Key` request header).
public struct IdempotencyOptions: Sendable, Hashable {
    public var enabled = true
    /// Stripe: keys "can be removed ... after they're at least 24 hours old"; a key reused after
    /// that starts a new request (docs.stripe.com/idempotency). The IETF draft (§2.3) leaves the
    /// window to the resource.
    public var retentionSeconds: Int64 = 86_400
    public var mismatch: IdempotencyMismatchStatus = .ietf422
    /// Stripe: "Idempotency keys are up to 255 characters long"; longer → 400.
    public var maxKeyLength = 255

    public init() {}
}

/// A per-access-token fixed-window limiter (express-rate-limit's default memory store counts hits
/// per key and resets them every `windowMs`); windows here are aligned to virtual time zero.
public struct RateLimit: Sendable, Hashable {
    public var requests: Int
    public var windowSeconds: Int64

    public init(requests: Int, windowSeconds: Int64) {
        precondition(requests > 0 && windowSeconds > 0)
        self.requests = requests
        self.windowSeconds = windowSeconds
    }
}

/// Presigned-upload storage settings.
public struct MediaOptions: Sendable, Hashable {
    /// Largest file, bytes; larger → 413.
    public var maxFileBytes = 10 * 1024 * 1024
    /// Accepted `content_type`s; others → 422.
    public var allowedContentTypes = ["audio/m4a", "audio/mp4", "audio/mpeg", "image/jpeg", "image/png"]
    /// Lifetime of a presigned upload URL (Active Storage's `service_urls_expire_in` is 5 minutes).
    public var uploadURLSeconds: Int64 = 300
    /// Whether deleting a resource deletes the files its `.fileURL` fields name. Off by default: a
    /// hand-rolled "URL in a string column" backend (the seed's `avatarUrl`, l.719) leaves the
    /// object in the bucket; on = Active Storage's `has_one_attached` default `dependent: :purge_later`
    /// (activestorage/lib/active_storage/attached/model.rb).
    public var deleteFilesWithResource = false

    public init() {}
}

/// Settings of a fake REST backend. Every choice the real world leaves open is a named option.
public struct RESTServerConfig: Sendable, Hashable {
    /// Access-token lifetime (a typical JWT `exp` of one hour).
    public var accessTokenSeconds: Int64 = 3600
    /// Refresh-token lifetime.
    public var refreshTokenSeconds: Int64 = 30 * 86_400
    public var minimumPasswordLength = 8
    /// Wall-clock time at virtual time zero, ms since 1970 UTC (default 2025-01-01T00:00:00Z).
    public var epochMilliseconds: Int64 = 1_735_689_600_000
    /// Page size when the request gives no `limit`.
    public var defaultPageSize = 20
    /// Server-side cap: `limit` above it gets this many (microsoft/api-guidelines Guidelines.md §9.8
    /// Pagination: "clients MUST be prepared to handle responses that contain a different page size").
    public var maxPageSize = 100
    /// Largest JSON body, bytes; larger → 413 (Express `express.json()` default limit `100kb`,
    /// error `entity.too.large` with status 413).
    public var maxJSONBodyBytes = 100 * 1024
    public var unknownFields: UnknownFieldPolicy = .ignore
    public var missingParent: MissingParentPolicy = .unprocessable
    /// 409 (an API mapping a unique-index violation to Conflict, RFC 9110 §15.5.10) or 422 (Rails
    /// `validates uniqueness:` → "has already been taken" with `:unprocessable_entity`).
    public var uniqueViolationStatus = 409
    public var idempotency = IdempotencyOptions()
    /// nil = no server-side limiter (429s then come only from the network's injected failures).
    public var rateLimit: RateLimit?
    public var media = MediaOptions()

    public init() {}
}
