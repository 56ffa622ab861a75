/// The simulator's runnable jobs in the order they became ready: a growable ring buffer.
///
/// Its storage is unsafe memory on purpose. This is the kernel's hottest path (every hop of
/// every task passes through it twice), and an `Array` in a class property pays a dynamic
/// exclusivity check and a copy-on-write uniqueness check on every append and removal — about a
/// tenth of a hop. Only the simulator's thread touches it (the executor checks before enqueuing).
final class ReadyQueue<Element: BitwiseCopyable> {
    private struct Header {
        var slots: UnsafeMutablePointer<Element>
        var capacity: Int
        var head = 0
        var count = 0
    }

    private let header: UnsafeMutablePointer<Header>

    init(capacity: Int = 256) {
        precondition(capacity > 0 && capacity & (capacity - 1) == 0, "capacity is a power of two")
        header = .allocate(capacity: 1)
        header.initialize(to: Header(slots: .allocate(capacity: capacity), capacity: capacity))
    }

    deinit {
        header.pointee.slots.deallocate()  // ReadyJob is trivial: nothing to deinitialize
        header.deallocate()
    }

    /// Jobs waiting.
    var count: Int {
        @inline(__always) get { header.pointee.count }
    }

    /// Adds a job at the back.
    @inline(__always)
    func append(_ job: Element) {
        if header.pointee.count == header.pointee.capacity { grow() }
        let index = (header.pointee.head &+ header.pointee.count) & (header.pointee.capacity &- 1)
        header.pointee.slots[index] = job
        header.pointee.count &+= 1
    }

    /// Removes and returns the front job.
    @inline(__always)
    func removeFirst() -> Element {
        precondition(header.pointee.count > 0, "removeFirst on an empty ready queue")
        let job = header.pointee.slots[header.pointee.head]
        header.pointee.head = (header.pointee.head &+ 1) & (header.pointee.capacity &- 1)
        header.pointee.count &-= 1
        return job
    }

    /// Swaps the front job with the one `offset` places behind it (the random policy's pick).
    func swapFront(withOffset offset: Int) {
        precondition(offset >= 0 && offset < header.pointee.count, "offset within the queue")
        let mask = header.pointee.capacity &- 1
        let front = header.pointee.head
        let other = (front &+ offset) & mask
        let job = header.pointee.slots[front]
        header.pointee.slots[front] = header.pointee.slots[other]
        header.pointee.slots[other] = job
    }

    /// Drops every job (teardown; the jobs themselves are owned by their tasks). Elements are
    /// `BitwiseCopyable`, so nothing needs deinitializing.
    func removeAll() {
        header.pointee.head = 0
        header.pointee.count = 0
    }

    private func grow() {
        let old = header.pointee
        let capacity = old.capacity * 2
        let slots = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        for offset in 0..<old.count {
            slots[offset] = old.slots[(old.head + offset) & (old.capacity - 1)]
        }
        old.slots.deallocate()
        header.pointee = Header(slots: slots, capacity: capacity, head: 0, count: old.count)
    }
}
