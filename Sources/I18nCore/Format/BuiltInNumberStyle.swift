/// How a `NumberStyle` maps onto the built-in CLDR number formats: the options, the skeleton tokens that are
/// ignored, and whether the style needs a `LocaleValueFormatting` (currencies, patterns, arbitrary scales).
struct BuiltInNumberStyle {
    var options: NumberFormats.Options
    var needsValueFormatter = false
    /// What is formatted plainly, for `FormatProblem`s.
    var unsupported: [String] = []

    init(_ style: NumberStyle, formats: NumberFormats) {
        options = NumberFormats.Options(maximumFractionDigits: formats.maximumFractionDigits)
        switch style {
        case .decimal:
            break
        case .integer:
            options.maximumFractionDigits = 0
        case .percent:
            options = NumberFormats.Options(maximumFractionDigits: 0, scale: 2, isPercent: true)
        case .currency:
            require("currency style")
        case .pattern(let pattern):
            require("number pattern '\(pattern)'")
        case .skeleton(let skeleton):
            apply(skeleton: skeleton)
        }
    }

    private mutating func require(_ what: String) {
        needsValueFormatter = true
        unsupported.append(
            what + " without a LocaleValueFormatting (pass FoundationValueFormatter() to ICUMessageFormatter)")
    }

    /// ICU number skeleton tokens; without a precision token a skeleton shows up to six fraction digits.
    private mutating func apply(skeleton: String) {
        options.maximumFractionDigits = 6
        for token in skeleton.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            switch token {
            case "percent", "%":
                options.isPercent = true
            case "%x100":
                options.isPercent = true
                options.scale = 2
            case "precision-integer", ".", "integer":
                options.maximumFractionDigits = 0
            case "group-off", ",_":
                options.usesGrouping = false
            case "sign-always", "+!":
                options.alwaysShowsSign = true
            case "scale/100":
                options.scale = 2
            default:
                if token.hasPrefix("."), token.dropFirst().allSatisfy({ $0 == "0" || $0 == "#" }) {
                    options.minimumFractionDigits = token.filter { $0 == "0" }.count
                    options.maximumFractionDigits = token.count - 1
                } else if token.hasPrefix("currency/") || token.hasPrefix("scale/") {
                    require("number skeleton token '\(token)'")
                } else {
                    unsupported.append("number skeleton token '\(token)'")
                }
            }
        }
    }
}
