import LocaleData

/// `{name}` placeholders and nothing more: the formatter for plain messages.
///
/// A placeholder whose argument is missing stays in the text as written (`{name}`) and is reported. Anything
/// in braces that is not a bare argument name (`{n, plural, …}`) is left as it is and reported as a
/// `.syntax` problem ("Unsupported placeholder"), so that a richer formatter can take over without the
/// widget ever showing less.
package struct SimpleInterpolation: MessageFormatting {
    /// A formatter for `{name}` placeholders.
    package init() {}

    package func format(_ message: String, locale: LocaleTag, arguments: MessageArguments) -> FormattedMessage {
        guard message.utf8.contains(UInt8(ascii: "{")) else { return FormattedMessage(text: message) }
        var output = ""
        var problems: [FormatProblem] = []
        var remainder = Substring(message)
        while let open = remainder.firstIndex(of: "{") {
            output += remainder[..<open]
            let afterOpen = remainder.index(after: open)
            guard let close = remainder[afterOpen...].matchingCloseBrace() else {
                problems.append(FormatProblem(.syntax("Unclosed '{' in message")))
                output += remainder[open...]
                return FormattedMessage(text: output, problems: problems)
            }
            let name = remainder[afterOpen..<close].trimmingWhitespace()
            if let argument = arguments[String(name)] {
                output += argument.description
            } else {
                if name.isEmpty || name.contains(",") || name.contains("{") {
                    problems.append(FormatProblem(.syntax("Unsupported placeholder '{\(name)}'")))
                } else {
                    problems.append(FormatProblem(.missingArgument(String(name))))
                }
                output += remainder[open...close]
            }
            remainder = remainder[remainder.index(after: close)...]
        }
        output += remainder
        return FormattedMessage(text: output, problems: problems)
    }
}

extension Substring {
    /// The `}` that closes a `{` just before `startIndex`, counting nested braces.
    func matchingCloseBrace() -> Index? {
        var depth = 1
        for index in indices {
            switch self[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    func trimmingWhitespace() -> Substring {
        var result = self
        while let first = result.first, first.isWhitespace { result.removeFirst() }
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result
    }
}
