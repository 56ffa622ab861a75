import XCTest
@testable import SimCore

final class ReadyQueueTests: XCTestCase {
    /// FIFO order survives wrap-around and growth (the head is mid-buffer when it grows).
    func testKeepsFIFOOrderAcrossWrapAroundAndGrowth() {
        let queue = ReadyQueue<Int>(capacity: 4)
        var expected: [Int] = []
        var next = 0
        var popped: [Int] = []
        for round in 0..<50 {
            for _ in 0..<(round % 7 + 1) { queue.append(next); expected.append(next); next += 1 }
            for _ in 0..<(round % 5) where queue.count > 0 { popped.append(queue.removeFirst()) }
        }
        while queue.count > 0 { popped.append(queue.removeFirst()) }
        XCTAssertEqual(popped, expected)
    }

    /// The random policy's pick: swapping the front with a later job, as `Array.swapAt` would.
    func testSwapFrontMatchesArraySwap() {
        let queue = ReadyQueue<Int>(capacity: 4)
        var model: [Int] = []
        for value in 0..<3 { queue.append(value); model.append(value) }
        _ = queue.removeFirst(); model.removeFirst()
        for value in 3..<9 { queue.append(value); model.append(value) }  // wraps, then grows
        queue.swapFront(withOffset: 4)
        model.swapAt(0, 4)
        var drained: [Int] = []
        while queue.count > 0 { drained.append(queue.removeFirst()) }
        XCTAssertEqual(drained, model)
    }

    func testRemoveAllEmptiesTheQueue() {
        let queue = ReadyQueue<Int>()
        for value in 0..<10 { queue.append(value) }
        queue.removeAll()
        XCTAssertEqual(queue.count, 0)
        queue.append(42)
        XCTAssertEqual(queue.removeFirst(), 42)
    }
}
