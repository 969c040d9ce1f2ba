import LocaleData

// libFuzzer entry: the String Catalog reader, import and import → merge round trip (StringCatalog's sources,
// compiled in by Fuzz/run.sh) must never crash; every bundle an import writes must be one `MessageBundle` reads
// with all its messages (issue 32 item 11: a key of 65 parts made a bundle the widget refused whole); and an
// export merged into the catalog must be a catalog the import reads again. An input that starts with `{` is the
// catalog's bytes; any other is built into a catalog from fuzzed keys, codes and format strings, so that the
// conversion is reached as often as the reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let raw = Array(UnsafeBufferPointer(start: data, count: count))
    let bytes = raw.first == UInt8(ascii: "{") ? raw : builtCatalog(FuzzInput(data, count))
    guard let imported = try? CatalogImport().bundles(fromCatalog: bytes) else { return 0 }
    for problem in imported.problems { _ = problem.description }
    var bundles: [LocaleTag: MessageBundle] = [:]
    for locale in imported.locales where !locale.messages.isEmpty {
        let json = locale.jsonBytes
        guard let bundle = try? MessageBundle(jsonBytes: json) else {
            preconditionFailure(
                "import wrote a bundle the widget refuses: \(String(decoding: json.prefix(200), as: UTF8.self))")
        }
        for (key, message) in locale.messages {
            precondition(bundle.message(forKey: key) == message, "'\(key)' does not read back from its bundle")
        }
        bundles[locale.tag] = bundle
    }
    guard let source = LocaleTag(parsing: imported.sourceLanguage), bundles[source] != nil else { return 0 }
    if let exported = try? CatalogExport(sourceLocale: source, keyPrefixes: [""]).catalog(
        from: bundles, merging: bytes)
    {
        do { _ = try CatalogImport().bundles(fromCatalog: exported.bytes) } catch {
            preconditionFailure("a merged export is no catalog the import reads: \(error)")
        }
    }
    return 0
}

/// A catalog of up to eight keys in up to four localizations, whose keys and values are fuzzed format strings:
/// specifiers with positions, precisions and lengths, plural variations and `%#@name@` substitutions.
private func builtCatalog(_ fuzz: FuzzInput) -> [UInt8] {
    var input = fuzz
    let pieces = [
        "%@", "%lld", "%d", "%.2f", "%f", "%1$@", "%2$lld", "%3$@", "%#@n@", "%#@items@", "%%", "100% ", " ", "{", "}",
        "'", "#", "%.9999999f", "%5d", "%x", "%n", "%1$", "%0$@", ".", "a.b", "%ld", "%lu", "%arg", "\\", "\"",
    ]
    let codes = ["en", "de", "pt-BR", "pt_BR", "zh-Hant", "ar", "ru", "ja", "en-GB", "x", "", "und"]
    func text() -> String {
        (0..<Int(input.byte() % 6)).map { _ in input.byte() % 3 == 0 ? input.text(limit: 6) : input.pick(pieces) }
            .joined()
    }
    func unit(_ value: String) -> String {
        #"{"stringUnit":{"state":"\#(input.pick(["translated", "new", "needs_review"]))","value":\#(quoted(value))}}"#
    }
    func localization() -> String {
        switch input.byte() % 4 {
        case 0:
            let forms = ["zero", "one", "two", "few", "many", "other"].filter { _ in input.byte() % 2 == 0 }
            return
                #"{"variations":{"plural":{\#(forms.map { "\(quoted($0)):\(unit(text()))" }.joined(separator: ","))}}}"#
        case 1:
            let name = input.pick(["n", "items"])
            let plural = #"{"one":\#(unit("%arg " + text())),"other":\#(unit(text()))}"#
            return #"{"stringUnit":{"state":"translated","value":\#(quoted(text() + "%#@" + name + "@"))},"#
                + #""substitutions":{"\#(name)":{"argNum":\#(input.byte() % 4),"formatSpecifier":"\#(input.pick(["lld", "d", "@", "f"]))","variations":{"plural":\#(plural)}}}}"#
        default:
            return unit(text())
        }
    }
    let source = input.pick(codes)
    let entries = (0..<Int(input.byte() % 8)).map { _ in
        let localizations = (0..<Int(input.byte() % 4)).map { _ in "\(quoted(input.pick(codes))):\(localization())" }
        return "\(quoted(text())):{\"localizations\":{\(localizations.joined(separator: ","))}}"
    }
    return Array(
        #"{"sourceLanguage":\#(quoted(source)),"strings":{\#(entries.joined(separator: ","))},"version":"1.0"}"#.utf8)
}

/// `text` as a JSON string.
private func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\u{0}"..."\u{1F}":
            result +=
                "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                + String(scalar.value, radix: 16)
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
