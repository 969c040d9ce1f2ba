/// One `--option` a command accepts.
package struct OptionSpec: Sendable {
    package let name: String
    /// The placeholder shown in help for the option's value, or `nil` for a flag.
    package let valueName: String?
    package let help: String
    package var repeatable = false

    package static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help)
    }
    package static func value(_ name: String, _ valueName: String, _ help: String, repeatable: Bool = false)
        -> OptionSpec
    {
        OptionSpec(name: name, valueName: valueName, help: help, repeatable: repeatable)
    }
}

/// The options and positional arguments of one command line, as `ArgumentParser` read them.
package struct ParsedArguments: Sendable {
    package init() {}

    package var values: [String: [String]] = [:]
    package var flags: Set<String> = []
    package var positionals: [String] = []

    package func value(_ name: String) -> String? { values[name]?.last }
    package func allValues(_ name: String) -> [String] { values[name] ?? [] }
    package func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// A deliberately small GNU-style parser: `--name value`, `--name=value`, flags, `-h`, and `--` to end
/// options. Anything it does not know is a usage error that names the fix.
///
/// A value that looks like an option (`--group-dir --no-validate`) is refused rather than taken: a forgotten
/// value must not swallow the next flag. `--name=--value` gives such a value on purpose; `-` and negative
/// numbers (`-1`, `-0.5`) are values.
package enum ArgumentParser {
    package static func parse(_ arguments: [String], options: [OptionSpec], command: String) throws(CLIError)
        -> ParsedArguments
    {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        let help = "see 'widget-i18n \(command) --help'"
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" {
                parsed.flags.insert("help")
                continue
            }
            guard argument.hasPrefix("--") else {
                throw .usage("Unknown option '\(argument)' for 'widget-i18n \(command)'; \(help)")
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                let hint = Suggestion.hint(for: "--" + name, in: (options.map(\.name) + ["help"]).map { "--" + $0 })
                throw .usage("Unknown option '--\(name)' for 'widget-i18n \(command)'\(hint); \(help)")
            }
            if spec.valueName == nil {
                guard inlineValue == nil else { throw .usage("Option '--\(name)' takes no value; \(help)") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else {
                    throw .usage("Option '--\(name)' needs a value (\(spec.valueName!)); \(help)")
                }
                value = arguments[index]
                guard !looksLikeOption(value) else {
                    throw .usage(
                        "Option '--\(name)' needs a value (\(spec.valueName!)), but '\(value)' is an option; write "
                            + "'--\(name)=\(value)' if that is the value; \(help)")
                }
                index += 1
            }
            if !spec.repeatable, parsed.values[name] != nil {
                throw .usage("Option '--\(name)' is given twice; \(help)")
            }
            parsed.values[name, default: []].append(value)
        }
        return parsed
    }

    /// Whether `argument`, where an option's value is expected, is an option instead: it starts with `-`, and
    /// is neither `-` alone (standard input, by convention) nor a negative number such as `-1` or `-0.5`.
    /// - Parameter argument: the word after an option that takes a value.
    package static func looksLikeOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument != "-" else { return false }
        let number = argument.utf8.dropFirst()
        let isNumber =
            number.contains(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            && number.allSatisfy { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") }
            && number.filter { $0 == UInt8(ascii: ".") }.count <= 1
        return !isNumber
    }

    /// `name=value` pairs into message arguments; numbers become numbers.
    package static func messageArguments(_ pairs: some Sequence<String>, command: String) throws(CLIError) -> [(
        String, String
    )] {
        var result: [(String, String)] = []
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw .usage("Expected an argument as name=value, got '\(pair)'; see 'widget-i18n \(command) --help'")
            }
            result.append((String(pair[..<equals]), String(pair[pair.index(after: equals)...])))
        }
        return result
    }
}
