import I18nCore
import LocaleData
import MessageFormat2

/// `widget-i18n-bench format`'s catalog rows: a 1,600-message MessageFormat 2 bundle in the shape of rust-mf2's
/// reference catalog (`bench/catalog-bench/READER-P2.md` in github.com/EvanCarroll/rust-mf2: 1,256 plain texts,
/// 330 patterns with a placeholder, 14 selects), loaded from its JSON bytes as a widget loads a stored bundle, and
/// read back: a plain text looked up and formatted, and a select.
enum CatalogBenchmark {
    static let caseNames = ["mf2 catalog load", "mf2 catalog simple", "mf2 catalog select"]

    static let plainCount = 1_256
    static let patternCount = 330
    static let selectCount = 14

    /// The bundle's JSON: `plain.N`, `pattern.N` and `select.N` keys, each message its own text.
    static var json: [UInt8] {
        var entries: [String] = []
        for index in 0..<plainCount { entries.append(#""plain.\#(index)":"Open the app to see event \#(index)""#) }
        for index in 0..<patternCount {
            entries.append(#""pattern.\#(index)":"Good morning, {$name}! Item \#(index) is ready""#)
        }
        for index in 0..<selectCount {
            entries.append(
                #""select.\#(index)":".input {$n :number} .match $n one {{{$n} event \#(index)}} * {{{$n} events \#(index)}}""#
            )
        }
        return Array(("{" + entries.joined(separator: ",") + "}").utf8)
    }

    static func rows(iterations: Int, rounds: Int, wanted: (String) -> Bool) -> [String] {
        guard caseNames.contains(where: wanted) else { return [] }
        let bytes = json
        let bundle: MessageBundle
        do { bundle = try MessageBundle(jsonBytes: bytes) } catch { fatalError("the catalog does not load: \(error)") }
        let formatter = MF2Formatter(timeZone: .utc)
        let locale = LocaleTag(parsing: "en")!
        var rows: [String] = []
        if wanted("mf2 catalog load") {
            let load = FormatBenchmark.median(rounds) {
                FormatBenchmark.measure(max(iterations / 1_000, 20)) { _ in _ = try? MessageBundle(jsonBytes: bytes) }
            }
            rows.append(row("mf2 catalog load", load, extra: #""bytes":\#(bytes.count),"messages":1600"#))
        }
        // A sweep over the keys, as rust-mf2 sweeps its simple texts and its selects: each formatted once before.
        let plainKeys = (0..<plainCount).map { "plain.\($0)" }
        let selectKeys = (0..<selectCount).map { "select.\($0)" }
        for key in plainKeys + selectKeys {
            _ = formatter.format(bundle.message(forKey: key) ?? "", locale: locale, arguments: ["n": 5])
        }
        if wanted("mf2 catalog simple") {
            let simple = FormatBenchmark.median(rounds) {
                FormatBenchmark.measure(iterations) { index in
                    let text = bundle.message(forKey: plainKeys[index % plainKeys.count]) ?? ""
                    _ = formatter.format(text, locale: locale, arguments: [:])
                }
            }
            rows.append(row("mf2 catalog simple", simple))
        }
        if wanted("mf2 catalog select") {
            let select = FormatBenchmark.median(rounds) {
                FormatBenchmark.measure(iterations / 10) { index in
                    let text = bundle.message(forKey: selectKeys[index % selectKeys.count]) ?? ""
                    _ = formatter.format(text, locale: locale, arguments: ["n": 5])
                }
            }
            rows.append(row("mf2 catalog select", select))
        }
        return rows
    }

    static func row(_ name: String, _ sample: FormatBenchmark.Sample, extra: String = "") -> String {
        #"{"case":"\#(name)","ns":\#(Int(sample.ns)),"allocs":\#(sample.allocationsText)"#
            + (extra.isEmpty ? "" : "," + extra) + "}"
    }
}
