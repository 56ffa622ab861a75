import SimCore

/// Which write a body is validated for.
enum RESTWriteMode {
    /// `POST`: every required field present; absent optional fields become null.
    case create
    /// `PUT`: a full replacement, validated as a create.
    case replace
    /// `PATCH`: only the fields sent; a required field cannot be set to null.
    case patch
}

/// Shape and type checks of a body against a collection's declared fields (no lookups: references
/// and file URLs are checked by the server against its stores afterwards).
struct RESTValidator {
    let collection: RESTCollection
    let unknownFields: UnknownFieldPolicy

    /// The declared fields to store (all of them for create/replace, the sent ones for patch) and
    /// every field error found.
    func validate(_ body: [String: JSONValue], mode: RESTWriteMode) -> (fields: [String: JSONValue], errors: [RESTFieldError]) {
        var fields: [String: JSONValue] = [:]
        var errors: [RESTFieldError] = []
        for key in body.keys.sorted() where collection.field(key) == nil && unknownFields == .reject {
            errors.append(RESTFieldError(key, RESTBackendDefinition.serverFields.contains(key) ? "read_only" : "unknown"))
        }
        for field in collection.fields {
            guard let value = body[field.name] else {
                if mode == .patch { continue }
                if field.required { errors.append(RESTFieldError(field.name, "required")) }
                fields[field.name] = .null
                continue
            }
            if value.isNull {
                if field.required { errors.append(RESTFieldError(field.name, "required")) }
                fields[field.name] = .null
                continue
            }
            if let reason = Self.problem(with: value, for: field) {
                errors.append(RESTFieldError(field.name, reason))
            }
            fields[field.name] = value
        }
        return (fields, errors)
    }

    /// Why a non-null value does not fit the field, or nil.
    static func problem(with value: JSONValue, for field: RESTField) -> String? {
        switch (field.type, value) {
        case (.string, .string(let text)):
            if let max = field.maxLength, text.count > max { return "too_long" }
            return nil
        case (.int, .int), (.bool, .bool), (.double, .int), (.double, .double), (.json, _): return nil
        case (.dateTime, .string(let text)): return isRFC3339(text) ? nil : "invalid_date_time"
        case (.reference, .string), (.fileURL, .string): return nil
        case (.stringArray, .array(let items)): return items.allSatisfy { $0.stringValue != nil } ? nil : "invalid_type"
        default: return "invalid_type"
        }
    }

    /// RFC 3339 `date-time`: `T` between date and time, seconds, and a zone (`Z` or `±hh:mm`).
    static func isRFC3339(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"), bytes[16] == UInt8(ascii: ":"),
            let fields = (try? CivilTime.parse(text)) ?? nil
        else { return false }
        return fields.offsetSeconds != nil
    }
}
