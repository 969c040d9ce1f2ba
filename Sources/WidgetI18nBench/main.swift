#if canImport(Glibc)
import Glibc
#endif

/// widget-i18n-bench: the performance figures of WidgetI18n, printed as JSON lines.
///
///   widget-i18n-bench format [--iterations N] [--rounds R]   ns per ICU format call, cached and uncached
let arguments = Array(CommandLine.arguments.dropFirst())
func value(_ name: String, default fallback: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let number = Int(arguments[index + 1]),
        number > 0
    else { return fallback }
    return number
}

switch arguments.first {
case "format":
    print(FormatBenchmark.run(iterations: value("--iterations", default: 200_000), rounds: value("--rounds", default: 7)))
default:
    let usage = "usage: widget-i18n-bench format [--iterations N] [--rounds R]\n"
    _ = usage.withCString { write(2, $0, strlen($0)) }
    exit(64)
}
