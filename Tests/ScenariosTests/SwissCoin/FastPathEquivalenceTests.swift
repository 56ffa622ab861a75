import XCTest
import SimCore
import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin

/// Hand-tuned code paths must give exactly what the plain formulations they replaced give.
final class FastPathEquivalenceTests: XCTestCase {
    /// `DeterministicID.uuid` as first written (join, hash, `String(radix:)`, slice by characters).
    private func referenceUUID(_ parts: [String]) -> String {
        func fnv1a(_ text: String, offset: UInt64) -> UInt64 {
            var hash = offset
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            return hash
        }
        func finalize(_ value: UInt64) -> UInt64 {
            var z = value &+ 0x9e37_79b9_7f4a_7c15
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
        func hex16(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        let name = parts.joined(separator: "\u{1F}")
        var high = fnv1a(name, offset: 0xcbf2_9ce4_8422_2325)
        var low = fnv1a(name, offset: 0x8422_2325_cbf2_9ce4)
        high = finalize(high)
        low = finalize(low ^ high)
        high = (high & ~0xF000) | 0x8000
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        let chars = Array(hex16(high) + hex16(low))
        return String(chars[0..<8]) + "-" + String(chars[8..<12]) + "-" + String(chars[12..<16]) + "-"
            + String(chars[16..<20]) + "-" + String(chars[20..<32])
    }

    func testDeterministicIDMatchesItsPlainFormulation() {
        var random = SimRandom(seed: 7)
        var inputs: [[String]] = [[], [""], ["", ""], ["a\u{1F}b"], ["a", "b"], ["Café", "e\u{301}", "🙂"]]
        for _ in 0..<500 {
            inputs.append(["transaction_splits", random.uuidString(), random.uuidString(), String(random.below(5))])
        }
        for parts in inputs { XCTAssertEqual(DeterministicID.uuid(parts), referenceUUID(parts), "\(parts)") }
    }

    func testDecimalTextFastPathMatchesTheGeneralRule() {
        var texts = ["", "-", ".", "-.", "0", "-0", "12", "12.", ".5", "-.5", "12.3", "12.30", "12.300", "12.301", "12.34",
                     "-12.34", "0.05", "-0.05", "1.2.3", "1e5", "1.5e2", "+5", "--5", "-+5", "1.+5", "1.-5", " 1", "1 ",
                     "１２", "-\u{301}5", "5\u{301}", "9223372036854775808", "-9223372036854775808",
                     "922337203685477.58", "00012.10", "12.0000000000000000000000", "12.00000000000000000001", "1,5"]
        var random = SimRandom(seed: 3)
        for _ in 0..<2000 {
            let alphabet = Array("0123456789.-e")
            texts.append(String((0..<Int(random.below(8))).map { _ in alphabet[Int(random.below(UInt64(alphabet.count)))] }))
        }
        for text in texts {
            for digits in [0, 2, 3] {
                XCTAssertEqual(DecimalText.minorUnits(text, digits: digits), DecimalText.general(text, digits: digits),
                               "\"\(text)\" with \(digits) digits")
            }
        }
    }
}
