import Foundation
import Testing
import WidgetI18nSupport

@Suite("Locked: a lock on the deployment floor")
struct LockedTests {
    /// A lock shared by threads, as the package's caches share theirs (a `static let`, a class's `let`).
    final class Counter: Sendable {
        let count = Locked(0)
    }

    @Test("increments from many threads add up, so the lock excludes")
    func excludes() {
        let counter = Counter()
        let threads = 8
        let rounds = 20_000
        let finished = DispatchGroup()
        for _ in 0..<threads {
            finished.enter()
            Thread {
                defer { finished.leave() }
                for _ in 0..<rounds {
                    // Read, yield the processor, write: without exclusion other threads' increments are lost.
                    counter.count.withLock { value in
                        let read = value
                        if read % 97 == 0 { sched_yield() }
                        value = read + 1
                    }
                }
            }.start()
        }
        finished.wait()
        #expect(counter.count.withLock { $0 } == threads * rounds)
    }

    struct Refused: Error, Equatable { let code: Int }

    @Test("a typed error from the body is what withLock throws, and the state keeps what the body wrote before")
    func typedThrows() {
        let state = Locked([1])
        let thrown = #expect(throws: Refused.self) {
            try state.withLock { (values: inout [Int]) throws(Refused) -> Int in
                values.append(2)
                throw Refused(code: 7)
            }
        }
        #expect(thrown == Refused(code: 7))
        #expect(state.withLock { $0 } == [1, 2])
        // A value comes back out.
        #expect(state.withLock { $0.count } == 2)
    }
}

@Suite("String(validatingUTF8:): UTF-8 validation on the deployment floor")
struct UTF8TextTests {
    @Test(
        "well-formed bytes are their text, U+FFFD included",
        arguments: ["", "abc", "Türkçe", "日本語", "😀 emoji", "\u{FFFD} replacement", "a\u{0}b"])
    func wellFormed(_ text: String) {
        #expect(String(validatingUTF8: Array(text.utf8)) == text)
        #expect(String(validatingUTF8: Array(text.utf8)[...]) == text)
    }

    @Test(
        "ill-formed bytes are nil, as String(validating:as:) says",
        arguments: [
            [0xFF], [0xC0, 0xAF],  // an impossible byte; an overlong "/"
            [0xED, 0xA0, 0x80],  // a surrogate
            [0xF0, 0x9F, 0x98, 0x61],  // a truncated 4-byte sequence: 3 bytes replaced by 3, the length unchanged
            [0xE6, 0x97, 0x61, 0x62, 0x63],  // a truncated 3-byte sequence before ASCII
            [0x61, 0x80],  // a lone continuation byte
            [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
        ] as [[UInt8]])
    func illFormed(_ bytes: [UInt8]) {
        #expect(String(validatingUTF8: bytes) == nil)
        // Through a collection without contiguous storage too.
        #expect(String(validatingUTF8: bytes.lazy.map { $0 }) == nil)
    }
}
