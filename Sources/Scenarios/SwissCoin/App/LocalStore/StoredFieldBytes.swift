@_spi(Reflection) import Swift

/// The byte ranges of a value type's stored fields within one value, padding left out.
///
/// Swift copies a struct field by field (its value witness `initializeWithCopy`), so the padding
/// between fields of a copy holds whatever the destination memory held: two copies of one value
/// can differ there. `EncodedArray` compares elements bit for bit to tell an unchanged element;
/// it must compare the fields only. The ranges come from the runtime's field metadata
/// (`_forEachField`, the standard library's reflection SPI, also behind `Mirror`); a type it
/// cannot describe is compared whole (never wrongly equal, at worst encoded again).
enum StoredFieldBytes {
    /// Adjacent fields merged into one range; the whole value when the fields are unknown.
    static func ranges<T>(of type: T.Type) -> [Range<Int>] {
        let whole = [0..<MemoryLayout<T>.size]
        guard var fields = fieldRanges(of: type), !fields.isEmpty else { return whole }
        fields.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for field in fields {
            if let last = merged.last, last.upperBound >= field.lowerBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, field.upperBound)
            } else {
                merged.append(field)
            }
        }
        precondition(merged.last!.upperBound <= MemoryLayout<T>.size, "a field lies outside its value")
        return merged
    }

    /// Each stored field's bytes, in declaration order; nil when the runtime cannot describe them.
    private static func fieldRanges(of type: Any.Type) -> [Range<Int>]? {
        var fields: [Range<Int>] = []
        let described = _forEachField(of: type) { _, offset, fieldType, _ in
            fields.append(offset..<(offset + size(of: fieldType)))
            return true
        }
        return described ? fields : nil
    }

    private static func size(of type: Any.Type) -> Int {
        func measure<V>(_: V.Type) -> Int { MemoryLayout<V>.size }
        return _openExistential(type, do: measure)
    }
}
