import Foundation

// libFuzzer entry: any bytes as a suite's property list file. The reader (`PropertyListGroupStore`: the size
// bounds, `PropertyListExpansion`'s walk, Foundation's parser) must never crash nor run out of memory; a file it
// reads must give every string and data value of its domain, byte for byte; and the budget's size model must never
// count the domain below what `PropertyListSerialization` writes for it as a binary property list, which is what
// iOS's 4 MiB limit measures.
private let path = FileManager.default.temporaryDirectory.appendingPathComponent(
    "widget-i18n-fuzz-suite-\(getpid()).plist"
).path

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSuitePlist(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: count))
    guard FileManager.default.createFile(atPath: path, contents: bytes) else { fatalError("cannot write") }
    _ = PropertyListExpansion.verdict(Array(bytes), limit: 1 << 20)
    guard let store = try? PropertyListGroupStore(path: path) else { return 0 }
    // It read the file, so its values are within the bound and Foundation can parse it again here.
    guard
        let domain = try? PropertyListSerialization.propertyList(from: bytes, options: [], format: nil)
            as? [String: Any]
    else { fatalError("the store read a file that is no dictionary") }
    for (key, value) in domain {
        let read = try? store.value(forKey: key)
        require(read == UserDefaultsGroupStore.bytes(of: value), "the value at \(key.debugDescription) differs")
    }
    guard let counted = try? UserDefaultsGroupStore.encodedSize(of: domain, store: "fuzz") else { return 0 }
    guard let encoded = try? PropertyListSerialization.data(fromPropertyList: domain, format: .binary, options: 0)
    else { fatalError("the budget counted a domain Foundation cannot encode") }
    require(counted >= encoded.count, "the budget counts \(counted) bytes, the encoding is \(encoded.count)")
    return 0
}

/// `precondition`, whose message an optimized build drops: the log names what failed.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
