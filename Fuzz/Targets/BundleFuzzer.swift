// libFuzzer entry: the bundle reader, key resolver and stored index must never crash on any bytes, and the
// index must answer exactly what the parsed bundle answers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBundle(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let validated = try? MessageBundle.validate(jsonBytes: bytes)
    guard let bundle = try? MessageBundle(jsonBytes: bytes) else {
        precondition(validated == nil, "validate accepted what the parser rejects")
        return 0
    }
    precondition(validated != nil, "validate rejected what the parser accepts")
    let index = StoredBundleIndex(index: bundle.storedIndex(), json: bytes)
    precondition(index != nil, "a fresh index does not match its own JSON")
    for key in bundle.keys.prefix(64) + ["", ".", "a", "a.b", "\u{0}"] {
        precondition(
            index!.message(forKey: key) == bundle.message(forKey: key), "index and bundle disagree on '\(key)'")
    }
    // A stored index must never be trusted for other bytes in a way that crashes.
    if count > 2 {
        var edited = bytes
        edited[count / 2] ^= 0x5A
        if let stale = StoredBundleIndex(index: bundle.storedIndex(), json: edited) {
            for key in bundle.keys.prefix(16) { _ = stale.message(forKey: key) }
        }
    }
    return 0
}
