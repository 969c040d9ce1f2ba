import I18nCore
import Testing

@testable import WidgetTranslator

private func translation(_ text: String) -> Translation {
    Translation(
        text: text, locale: .english, resolution: Resolution(key: text, message: text, step: .key, attempts: []),
        problems: [])
}

private func entry(
    _ key: String, hash: UInt64? = nil, arguments: MessageArguments = [:], defaultText: String? = nil,
    locale: String? = nil, text: String
) -> TranslationCache.Entry {
    TranslationCache.Entry(
        hash: hash ?? TranslationCache.hash(key), key: key, arguments: arguments, defaultText: defaultText,
        locale: locale, translation: translation(text))
}

private func lookUp(
    _ cache: TranslationCache, _ key: String, hash: UInt64? = nil, arguments: MessageArguments = [:],
    defaultText: String? = nil, locale: String? = nil
) -> String? {
    cache.translation(
        hash: hash ?? TranslationCache.hash(key), key: key, arguments: arguments, defaultText: defaultText,
        locale: locale)?.text
}

@Suite struct TranslationCacheTests {
    @Test func tellsApartEverythingATranslationWasMadeWith() {
        var cache = TranslationCache()
        cache.insert(entry("k", text: "plain"))
        cache.insert(entry("k", arguments: ["n": 1], text: "one"))
        cache.insert(entry("k", arguments: ["n": 2], text: "two"))
        cache.insert(entry("k", defaultText: "fallback", text: "with default"))
        cache.insert(entry("k", locale: "tr", text: "in tr"))
        #expect(lookUp(cache, "k") == "plain")
        #expect(lookUp(cache, "k", arguments: ["n": 1]) == "one")
        #expect(lookUp(cache, "k", arguments: ["n": 2]) == "two")
        #expect(lookUp(cache, "k", arguments: ["n": 3]) == nil)
        #expect(lookUp(cache, "k", defaultText: "fallback") == "with default")
        #expect(lookUp(cache, "k", locale: "tr") == "in tr")
        #expect(lookUp(cache, "k", locale: "de") == nil)
        #expect(lookUp(cache, "K") == nil)
    }

    @Test func keysWhoseHashesCollideAreBothKept() {
        var cache = TranslationCache()
        cache.insert(entry("first", hash: 7, text: "1"))
        cache.insert(entry("second", hash: 7, text: "2"))
        #expect(lookUp(cache, "first", hash: 7) == "1")
        #expect(lookUp(cache, "second", hash: 7) == "2")
        #expect(lookUp(cache, "third", hash: 7) == nil)
    }

    @Test func growsAndFindsEveryEntry() {
        var cache = TranslationCache()
        let keys = (0..<1000).map { "widget.section\($0 % 7).key\($0)" }
        for key in keys { cache.insert(entry(key, text: key.uppercased())) }
        #expect(cache.count == 1000)
        #expect(keys.allSatisfy { lookUp(cache, $0) == $0.uppercased() })
        #expect(lookUp(cache, "widget.section0.key1000") == nil)
    }

    @Test func startsOverWhenFull() {
        var cache = TranslationCache()
        for index in 0..<TranslationCache.capacity { cache.insert(entry("k\(index)", text: "\(index)")) }
        #expect(lookUp(cache, "k0") == "0")
        cache.insert(entry("one more", text: "new"))
        #expect(cache.count == 1)
        #expect(lookUp(cache, "k0") == nil)
        #expect(lookUp(cache, "one more") == "new")
    }

    /// Every length from 0 to 40 bytes, and strings that differ only in their last byte or in a byte past
    /// the last whole word, hash differently; equal strings made in different ways hash the same.
    @Test func hashesEveryByteOfTheKey() {
        var hashes: Set<UInt64> = []
        for length in 0...40 {
            let base = String(repeating: "a", count: length)
            hashes.insert(TranslationCache.hash(base))
            if length > 0 { hashes.insert(TranslationCache.hash(String(base.dropLast()) + "b")) }
        }
        #expect(hashes.count == 41 + 40)
        #expect(TranslationCache.hash("a\u{0}") != TranslationCache.hash("a"))
        let built = ["widget", "today", "title"].joined(separator: ".")
        let sliced = String("xwidget.today.titlex".dropFirst().dropLast())
        #expect(TranslationCache.hash(built) == TranslationCache.hash("widget.today.title"))
        #expect(TranslationCache.hash(sliced) == TranslationCache.hash("widget.today.title"))
        #expect(TranslationCache.hash("Ayşe") == TranslationCache.hash("Ay\u{15F}e"))
    }
}
