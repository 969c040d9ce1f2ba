/// The parts of a CLDR date pattern or skeleton (`EEE, MMM d 'at' h:mm`): runs of one pattern letter, quoted
/// literals, and other text. The one scanner of the formatter, the pattern generator and its matcher.
package enum DatePattern {
    package enum Part {
        /// A run of one ASCII letter (`MMM`).
        case field(Unicode.Scalar, count: Int)
        /// `'at'` or `''`: the source with its quotes, and the text it stands for.
        case quoted(source: String, text: String)
        /// Any other character, shown as is.
        case other(Unicode.Scalar)
    }

    package static func forEachPart(of pattern: String, _ body: (Part) -> Void) {
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "'" {
                // `''` is an apostrophe; inside quotes too.
                var source = "'"
                var text = ""
                index += 1
                if index < scalars.count, scalars[index] == "'" {
                    body(.quoted(source: "''", text: "'"))
                    index += 1
                    continue
                }
                while index < scalars.count {
                    source.unicodeScalars.append(scalars[index])
                    if scalars[index] == "'" {
                        if index + 1 < scalars.count, scalars[index + 1] == "'" {
                            source += "'"
                            text += "'"
                            index += 2
                            continue
                        }
                        break
                    }
                    text.unicodeScalars.append(scalars[index])
                    index += 1
                }
                index += 1
                body(.quoted(source: source, text: text))
                continue
            }
            guard (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") else {
                body(.other(scalar))
                index += 1
                continue
            }
            var end = index + 1
            while end < scalars.count, scalars[end] == scalar { end += 1 }
            body(.field(scalar, count: end - index))
            index = end
        }
    }
}
