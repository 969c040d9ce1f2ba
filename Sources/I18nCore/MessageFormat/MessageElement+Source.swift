import LocaleData

extension MessageElement {
    /// ICU MessageFormat text that parses back to `elements`: the inverse of `MessageParser.parse`, up to
    /// source locations, spacing and the spelling of quotes. Literal braces, apostrophes and (inside a plural)
    /// `#` are quoted.
    ///
    ///     let elements = try MessageParser.parse("{n, plural, one {# day} other {# days}}")
    ///     MessageElement.source(of: elements)   // "{n, plural, one {# day} other {# days}}"
    ///
    /// - Parameter elements: the parsed message.
    package static func source(of elements: [MessageElement]) -> String {
        var text = ""
        appendSource(of: elements, inPlural: false, to: &text)
        return text
    }

    private static func appendSource(of elements: [MessageElement], inPlural: Bool, to text: inout String) {
        for element in elements {
            switch element {
            case .literal(let literal):
                appendQuoted(literal, inPlural: inPlural, to: &text)
            case .argument(let name, _):
                text += "{\(name)}"
            case .number(let name, let style, _):
                text += "{\(name), number\(source(of: style))}"
            case .dateTime(let name, let isTime, let style, _):
                text += "{\(name), \(isTime ? "time" : "date")\(source(of: style))}"
            case .plural(let plural):
                text += "{\(plural.name), \(plural.isOrdinal ? "selectordinal" : "plural"),"
                if plural.offset != 0 { text += " offset:\(plural.offset)" }
                for (selector, message) in plural.cases {
                    switch selector {
                    case .exact(let number): text += " =\(number)"
                    case .category(let category): text += " \(category)"
                    }
                    text += " {"
                    appendSource(of: message, inPlural: true, to: &text)
                    text += "}"
                }
                text += "}"
            case .select(let select):
                text += "{\(select.name), select,"
                for (key, message) in select.cases {
                    text += " \(key) {"
                    appendSource(of: message, inPlural: inPlural, to: &text)
                    text += "}"
                }
                text += "}"
            case .pound:
                text += "#"
            case .tag(let name, let attributes, let children, _):
                let opening = name + attributes.map { " \($0.name)=\"\($0.value)\"" }.joined()
                if children.isEmpty {
                    text += "<\(opening)/>"
                } else {
                    text += "<\(opening)>"
                    appendSource(of: children, inPlural: inPlural, to: &text)
                    text += "</\(name)>"
                }
            }
        }
    }

    private static func source(of style: NumberStyle) -> String {
        switch style {
        case .decimal: ""
        case .integer: ", integer"
        case .percent: ", percent"
        case .currency: ", currency"
        case .skeleton(let skeleton): ", ::\(skeleton)"
        case .pattern(let pattern): ", \(quotedStyle(pattern))"
        }
    }

    private static func source(of style: DateTimeStyle) -> String {
        switch style {
        case .short: ", short"
        case .medium: ""
        case .long: ", long"
        case .full: ", full"
        case .skeleton(let skeleton): ", ::\(skeleton)"
        case .pattern(let pattern): ", \(quotedStyle(pattern))"
        }
    }

    /// `'` doubled; from the first `{`, `}`, plural `#` or `<` that would start a tag (`<b`, `</b`) on, the rest
    /// of the literal is quoted, so that neighbouring specials never meet as `''` and `<b>` stays text rather
    /// than a tag.
    private static func appendQuoted(_ literal: String, inPlural: Bool, to text: inout String) {
        var quoting = false
        let scalars = Array(literal.unicodeScalars)
        func startsATag(at index: Int) -> Bool {
            var next = index + 1
            if next < scalars.count, scalars[next] == "/" { next += 1 }
            return next < scalars.count && scalars[next].properties.isAlphabetic
        }
        for (index, scalar) in scalars.enumerated() {
            if scalar == "'" {
                text += "''"
                continue
            }
            let isBrace = scalar == "{" || scalar == "}"
            if !quoting, isBrace || (scalar == "#" && inPlural) || (scalar == "<" && startsATag(at: index)) {
                text += "'"
                quoting = true
            }
            text.unicodeScalars.append(scalar)
        }
        if quoting { text += "'" }
    }

    /// A style is read up to its balancing `}`, with `'…'` taken literally: braces in it are quoted.
    private static func quotedStyle(_ style: String) -> String {
        var text = ""
        for scalar in style.unicodeScalars {
            if scalar == "{" || scalar == "}" { text += "'\(scalar)'" } else { text.unicodeScalars.append(scalar) }
        }
        return text
    }
}
