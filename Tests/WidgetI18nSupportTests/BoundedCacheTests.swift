import Testing
@_spi(WidgetI18nSupport) import WidgetI18nSupport

/// The one cache type behind every process-wide cache of derived values.
@Suite struct BoundedCacheTests {
    @Test func makesAValueOnceAndKeepsIt() {
        let cache = BoundedCache<Int>(capacity: 4)
        var made = 0
        for _ in 0..<3 {
            #expect(
                cache.value(forKey: "a") {
                    made += 1
                    return 7
                } == 7)
        }
        #expect(made == 1)
        #expect(cache.value(forKey: "b") == nil)
    }

    /// However many keys it is asked for, it never holds more than its capacity: full, it starts over.
    @Test func neverHoldsMoreThanItsCapacity() {
        let cache = BoundedCache<Int>(capacity: 3)
        for index in 0..<10 { cache.insert(index, forKey: "k\(index)") }
        let kept = (0..<10).filter { cache.value(forKey: "k\($0)") != nil }
        #expect(kept.count <= 3)
        #expect(kept.contains(9))
        // Replacing a kept key does not start over.
        cache.insert(90, forKey: "k9")
        #expect((0..<10).filter { cache.value(forKey: "k\($0)") != nil }.count == kept.count)
        #expect(cache.value(forKey: "k9") == 90)
    }

    /// An optional value ("looked up, nothing there") is kept as such, not taken for a miss.
    @Test func keepsAnAnswerOfNothing() {
        let cache = BoundedCache<String?>(capacity: 4)
        var made = 0
        for _ in 0..<2 {
            _ = cache.value(forKey: "zone") {
                made += 1
                return nil
            }
        }
        #expect(made == 1)
    }
}
