import LocaleData

// libFuzzer entry: locale tags, project ids and plural operands must never crash, and a parsed tag's
// normalised form must parse back to the same tag.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLocaleTag(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    if let tag = LocaleTag(parsing: text) {
        let again = LocaleTag(parsing: tag.normalized)
        precondition(again == tag, "'\(text)' normalises to '\(tag.normalized)', which does not parse back")
        precondition(LocaleTag(parsing: tag.displayForm) == tag, "display form does not parse back")
        for parent in tag.parents {
            precondition(parent.normalized.count < tag.normalized.count, "a parent is not shorter")
        }
        // CLDR's chain starts at the tag and ends; maximizing keeps what follows the region and is idempotent.
        let chain = tag.fallbackChain
        precondition(chain.first == tag && Set(chain).count == chain.count, "'\(text)': chain \(chain)")
        let maximized = tag.maximized
        precondition(maximized.maximized == maximized, "'\(text)' maximizes to \(maximized), which maximizes again")
        _ = PluralRules.category(for: MessageNumber(7), locale: tag)
        _ = LocaleNegotiation.lookup(preferred: [tag], available: [LocaleTag.english])
        _ = LocaleNegotiation.bestMatch(for: tag, among: [maximized] + chain)
    }
    _ = try? ProjectID(text)
    if let number = MessageNumber(text) { _ = PluralOperands(number) }
    _ = PluralOperands(sample: text)
    return 0
}
