// Generates Sources/I18nCore/Format/NumberFormats+Generated.swift: each locale's decimal and percent formats
// (digits, symbols, grouping, fraction digits, percent affixes) as this toolchain's Foundation prints them,
// which is ICU with its CLDR data (newer than Debian's CLDR 41: Arabic and Bengali now default to ASCII
// digits, Austrian German groups with a space, Hungarian and Italian only from five digits).
//
// Reads nothing but Foundation: every formatter property is measured by formatting sample numbers, so the
// table is what ICU prints, not what its API claims. A locale is written only when it differs from what a
// lookup by truncation (the runtime's rule: `de-at` → `de` → root) would find, which keeps the table small.
// Usage: swift scripts/generate/number-formats.swift
import Foundation

struct Row: Equatable {
    var digits = "", decimal = "", group = "", minus = "", plus = ""
    var primary = 0, secondary = 0, maximumFractionDigits = 0, minimumGroupingDigits = 1
    var percentPrefix = "", percentSuffix = "", negativePercentPrefix = ""
}

func measure(_ identifier: String) -> Row {
    let locale = Locale(identifier: identifier)
    let decimal = NumberFormatter()
    decimal.locale = locale
    decimal.numberStyle = .decimal
    var row = Row()
    let digits = (0...9).map { decimal.string(from: NSNumber(value: $0)) ?? "?" }
    row.digits = digits.joined()
    row.decimal = decimal.decimalSeparator
    row.plus = decimal.plusSign
    row.maximumFractionDigits = decimal.maximumFractionDigits
    let negative = decimal.string(from: -1) ?? "-1"
    row.minus = String(negative[..<negative.range(of: digits[1])!.lowerBound])
    // Grouping as printed: the separator and the lengths of the groups of a ten-digit number.
    let long = decimal.string(from: 1_234_567_891) ?? ""
    let groups = long.split(omittingEmptySubsequences: true) { !digits.contains(String($0)) }
    if groups.count > 1 {
        let first = long.range(of: String(groups[0]))!.upperBound
        let next = long.range(of: String(groups[1]), range: first..<long.endIndex)!.lowerBound
        row.group = String(long[first..<next])
        row.primary = groups[groups.count - 1].count
        row.secondary = groups[groups.count - 2].count
    }
    if row.primary > 0 {
        row.minimumGroupingDigits = 1
        while row.minimumGroupingDigits < 4 {
            let sample = "1" + String(repeating: "0", count: row.primary + row.minimumGroupingDigits - 1)
            if decimal.string(from: NSDecimalNumber(string: sample))?.contains(row.group) == true { break }
            row.minimumGroupingDigits += 1
        }
    }
    let percent = NumberFormatter()
    percent.locale = locale
    percent.numberStyle = .percent
    let five = percent.string(from: 0.05) ?? "5%"
    let digit = five.range(of: digits[5])!
    row.percentPrefix = String(five[..<digit.lowerBound])
    row.percentSuffix = String(five[digit.upperBound...])
    let negativeFive = percent.string(from: -0.05) ?? "-5%"
    row.negativePercentPrefix = String(negativeFive[..<negativeFive.range(of: digits[5])!.lowerBound])
    return row
}

func literal(_ text: String) -> String {
    "\""
        + text.unicodeScalars.map { scalar in
            (0x20..<0x7F).contains(scalar.value) && scalar != "\"" && scalar != "\\"
                ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }.joined() + "\""
}

func entry(_ row: Row) -> String {
    "NumberFormats(digits: \(literal(row.digits)), decimal: \(literal(row.decimal)), group: \(literal(row.group)), "
        + "minus: \(literal(row.minus)), plus: \(literal(row.plus)), primaryGrouping: \(row.primary), "
        + "secondaryGrouping: \(row.secondary), maximumFractionDigits: \(row.maximumFractionDigits), "
        + "minimumGroupingDigits: \(row.minimumGroupingDigits), percentPrefix: \(literal(row.percentPrefix)), "
        + "percentSuffix: \(literal(row.percentSuffix)), negativePercentPrefix: \(literal(row.negativePercentPrefix)))"
}

let root = measure("root")
var emitted: [String: Row] = [:]
func runtime(_ tag: String) -> Row {
    var candidate = tag
    while true {
        if let row = emitted[candidate] { return row }
        guard let dash = candidate.lastIndex(of: "-") else { return root }
        candidate = String(candidate[..<dash])
    }
}
let tags = Set(Locale.availableIdentifiers.map { $0.replacingOccurrences(of: "_", with: "-").lowercased() })
    .filter { !$0.contains("@") }
for tag in tags.sorted(by: { ($0.filter { $0 == "-" }.count, $0) < ($1.filter { $0 == "-" }.count, $1) }) {
    let row = measure(tag)
    let parent = tag.contains("-") ? runtime(String(tag[..<tag.lastIndex(of: "-")!])) : root
    if row != parent { emitted[tag] = row }
}
var digitsBySystem: [String: String] = [:]
for system in [
    "arab", "arabext", "beng", "deva", "fullwide", "gujr", "guru", "khmr", "knda", "laoo", "latn", "mlym",
    "mymr", "orya", "tamldec", "telu", "thai", "tibt",
] {
    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: "en@numbers=\(system)")
    digitsBySystem[system] = (0...9).map { formatter.string(from: NSNumber(value: $0)) ?? "?" }.joined()
}
var lines = [
    "// Generated by scripts/generate/number-formats.swift from the ICU (CLDR) data of the toolchain's Foundation",
    "// (Swift 6.3.1 at the last run); do not edit by hand.",
    "// A locale not listed formats like its nearest listed truncation (`de-li` → `de`), then like root.",
    "// swift-format-ignore-file",
    "",
    "extension NumberFormats {",
    "    static let root = \(entry(root))",
    "",
    "    static let byLocale: [String: NumberFormats] = [",
]
for tag in emitted.keys.sorted() { lines.append("        \(literal(tag)): \(entry(emitted[tag]!)),") }
lines += [
    "    ]", "", "    /// The digits of the numbering systems a `-u-nu-…` tag may ask for.",
    "    static let digitsBySystem: [String: String] = [",
]
for system in digitsBySystem.keys.sorted() {
    lines.append("        \(literal(system)): \(literal(digitsBySystem[system]!)),")
}
lines += ["    ]", "}", ""]
let output = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("Sources/I18nCore/Format/NumberFormats+Generated.swift")
try! lines.joined(separator: "\n").write(to: output, atomically: true, encoding: .utf8)
print("\(emitted.count) of \(tags.count) locales written to \(output.path)")
