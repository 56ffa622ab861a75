/// A binary min-heap of timers ordered by (deadline, insertion sequence).
///
/// The sequence makes equal deadlines fire in the order they were scheduled, so ordering never
/// depends on heap internals.
public struct TimerHeap<Payload> {
    @usableFromInline
    struct Entry {
        @usableFromInline var deadline: Int64
        @usableFromInline var sequence: UInt64
        @usableFromInline var payload: Payload

        @inlinable
        init(deadline: Int64, sequence: UInt64, payload: Payload) {
            self.deadline = deadline
            self.sequence = sequence
            self.payload = payload
        }
    }

    @usableFromInline var entries: [Entry] = []
    @usableFromInline var nextSequence: UInt64 = 0

    @inlinable public init() {}

    /// Number of pending timers.
    @inlinable public var count: Int { entries.count }
    /// True when no timer is pending.
    @inlinable public var isEmpty: Bool { entries.isEmpty }
    /// The earliest deadline, if any.
    @inlinable public var nextDeadline: Int64? { entries.first?.deadline }

    @inline(__always) @usableFromInline
    static func before(_ a: Entry, _ b: Entry) -> Bool {
        a.deadline < b.deadline || (a.deadline == b.deadline && a.sequence < b.sequence)
    }

    /// Adds a timer; returns its sequence number.
    @inlinable @discardableResult
    public mutating func push(deadline: Int64, _ payload: Payload) -> UInt64 {
        let sequence = nextSequence
        nextSequence &+= 1
        entries.append(Entry(deadline: deadline, sequence: sequence, payload: payload))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) >> 1
            if !Self.before(entries[child], entries[parent]) { break }
            entries.swapAt(child, parent)
            child = parent
        }
        return sequence
    }

    /// Removes and returns the earliest timer.
    @inlinable public mutating func pop() -> (deadline: Int64, payload: Payload)? {
        guard !entries.isEmpty else { return nil }
        let last = entries.count - 1
        entries.swapAt(0, last)
        let top = entries.removeLast()
        var parent = 0
        let count = entries.count
        while true {
            let left = 2 * parent + 1
            if left >= count { break }
            var smallest = left
            let right = left + 1
            if right < count && Self.before(entries[right], entries[left]) { smallest = right }
            if !Self.before(entries[smallest], entries[parent]) { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
        return (top.deadline, top.payload)
    }
}
