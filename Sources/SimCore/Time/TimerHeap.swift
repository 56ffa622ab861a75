/// A binary min-heap of timers ordered by (deadline, insertion sequence).
///
/// The sequence makes equal deadlines fire in the order they were scheduled, so ordering never
/// depends on heap internals. The heap itself holds only plain keys (deadline, sequence, where
/// the payload is); payloads sit still in a side table with a free list. Sifting then moves
/// 24-byte trivial values and never copies a payload — a payload holding references (closures,
/// waiters) would otherwise be retained and released at every comparison.
///
/// Debug builds verify the heap order after every sift, along the path it reordered (O(log n)),
/// and the whole heap after `removeAll`; release builds check nothing here.
public struct TimerHeap<Payload> {
    @usableFromInline
    struct Key {
        @usableFromInline var deadline: Int64
        @usableFromInline var sequence: UInt64
        /// Index of the payload in `payloads`.
        @usableFromInline var slot: Int

        @inlinable
        init(deadline: Int64, sequence: UInt64, slot: Int) {
            self.deadline = deadline
            self.sequence = sequence
            self.slot = slot
        }
    }

    @usableFromInline var keys: [Key] = []
    @usableFromInline var payloads: [Payload?] = []
    /// Indices of `payloads` that are free for reuse.
    @usableFromInline var freeSlots: [Int] = []
    @usableFromInline var nextSequence: UInt64 = 0

    @inlinable public init() {}

    /// Number of pending timers.
    @inlinable public var count: Int { keys.count }
    /// True when no timer is pending.
    @inlinable public var isEmpty: Bool { keys.isEmpty }
    /// The earliest deadline, if any.
    @inlinable public var nextDeadline: Int64? { keys.first?.deadline }

    @inline(__always) @usableFromInline
    static func before(_ a: Key, _ b: Key) -> Bool {
        a.deadline < b.deadline || (a.deadline == b.deadline && a.sequence < b.sequence)
    }

    /// Adds a timer; returns its sequence number.
    @inlinable @discardableResult
    public mutating func push(deadline: Int64, _ payload: Payload) -> UInt64 {
        let sequence = nextSequence
        nextSequence &+= 1
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            assert(payloads[slot] == nil, "a free payload slot holds a payload")
            payloads[slot] = payload
        } else {
            slot = payloads.count
            payloads.append(payload)
        }
        keys.append(Key(deadline: deadline, sequence: sequence, slot: slot))
        siftUp(from: keys.count - 1)
        assert(keys.count + freeSlots.count == payloads.count, "every payload slot is a timer's or free")
        return sequence
    }

    /// Removes and returns the earliest timer.
    @inlinable public mutating func pop() -> (deadline: Int64, payload: Payload)? {
        guard !keys.isEmpty else { return nil }
        let top = keys[0]
        let last = keys.removeLast()
        if !keys.isEmpty {
            keys[0] = last
            siftDown(from: 0)
        }
        let payload = takePayload(top.slot)
        assert(keys.count + freeSlots.count == payloads.count, "every payload slot is a timer's or free")
        return (top.deadline, payload)
    }

    /// Removes every timer whose payload matches, keeping the (deadline, sequence) order of the
    /// rest: what pops next is exactly what would have popped next among the kept timers. O(n).
    public mutating func removeAll(where shouldRemove: (Payload) -> Bool) {
        var kept: [Key] = []
        kept.reserveCapacity(keys.count)
        for key in keys {
            if shouldRemove(payloads[key.slot]!) {
                _ = takePayload(key.slot)
            } else {
                kept.append(key)
            }
        }
        keys = kept
        guard keys.count > 1 else { return }
        for parent in stride(from: (keys.count - 2) >> 1, through: 0, by: -1) {
            siftDown(from: parent)
        }
        assert(isOrdered, "heap order after removeAll")
    }

    @inlinable
    mutating func takePayload(_ slot: Int) -> Payload {
        let payload = payloads[slot].take()!
        freeSlots.append(slot)
        return payload
    }

    @inlinable
    mutating func siftUp(from start: Int) {
        let moving = keys[start]
        var child = start
        while child > 0 {
            let parent = (child - 1) >> 1
            if !Self.before(moving, keys[parent]) { break }
            keys[child] = keys[parent]
            child = parent
        }
        keys[child] = moving
        assert(isOrdered(alongPathFrom: start, upTo: 0), "heap order after sifting up")
    }

    @inlinable
    mutating func siftDown(from start: Int) {
        let moving = keys[start]
        let count = keys.count
        var parent = start
        while true {
            let left = 2 * parent + 1
            if left >= count { break }
            var smallest = left
            let right = left + 1
            if right < count && Self.before(keys[right], keys[left]) { smallest = right }
            if !Self.before(keys[smallest], moving) { break }
            keys[parent] = keys[smallest]
            parent = smallest
        }
        keys[parent] = moving
        assert(isOrdered(alongPathFrom: parent, upTo: start), "heap order after sifting down")
    }

    /// Whether every node on the path from `bottom` up to its ancestor `top` is not after either
    /// of its children. These are the only parent-child pairs a sift between the two reorders, so
    /// checking them after each sift verifies a push or a pop in O(log n).
    @inlinable
    func isOrdered(alongPathFrom bottom: Int, upTo top: Int) -> Bool {
        var node = bottom
        while node >= top {
            let left = 2 * node + 1
            if left < keys.count && Self.before(keys[left], keys[node]) { return false }
            if left + 1 < keys.count && Self.before(keys[left + 1], keys[node]) { return false }
            if node == 0 { break }
            node = (node - 1) >> 1
        }
        return true
    }

    /// Whether the whole heap is in order (no key is before its parent). O(n).
    @inlinable
    var isOrdered: Bool {
        for child in keys.indices.dropFirst() where Self.before(keys[child], keys[(child - 1) >> 1]) {
            return false
        }
        return true
    }
}
