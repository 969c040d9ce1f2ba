import Foundation

/// Paths in this repository and in the build, for tests that use `Locales/` or run the built binaries.
public enum Repository {
    /// The package root (the directory of `Package.swift`).
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The sample project's CDN tree: `Locales/acme/widgets`.
    public static var sampleProjectLocales: String { root + "/Locales/acme/widgets" }

    /// The directory of the built products (where the test runner itself lives).
    public static let productsDirectory: String = {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var url = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // On Linux the runner is `<products>/<Package>PackageTests.xctest`; on macOS it sits inside the bundle.
        while url.pathExtension == "xctest" || url.lastPathComponent == "MacOS" || url.lastPathComponent == "Contents" {
            url.deleteLastPathComponent()
        }
        return url.path
    }()

    /// The path of a built executable product, such as `widget-i18n`.
    public static func product(_ name: String) -> String { productsDirectory + "/" + name }

    /// Where the benchmark package's executables are: `WIDGET_I18N_BENCHMARK_PRODUCTS` when set (another build of
    /// `Benchmarks/Package.swift`, such as a debug one), else its release build, `Benchmarks/.build/release`, which
    /// `scripts/test.sh` makes once for these tests and `Benchmarks/binary-sizes.py`.
    public static var benchmarkProductsDirectory: String {
        ProcessInfo.processInfo.environment["WIDGET_I18N_BENCHMARK_PRODUCTS"] ?? root + "/Benchmarks/.build/release"
    }

    /// The path of an executable of the benchmark package (`Benchmarks/Package.swift`), such as
    /// `widget-i18n-bench`. That package is built on its own, not with this one's tests: `scripts/test.sh` builds
    /// it before it runs them.
    /// - Parameter name: the executable product's name.
    /// - Throws: `MissingBenchmarkProduct` when it is not built, saying how to build it.
    public static func benchmarkProduct(_ name: String) throws -> String {
        let path = benchmarkProductsDirectory + "/" + name
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw MissingBenchmarkProduct(name: name, path: path)
        }
        return path
    }
}

/// A benchmark executable a test runs has not been built.
public struct MissingBenchmarkProduct: Error, CustomStringConvertible {
    /// The executable product's name.
    public let name: String
    /// Where it was looked for.
    public let path: String

    public var description: String {
        "No benchmark executable '\(name)' at '\(path)'; build the benchmark package first: "
            + "'swift build -c release --package-path Benchmarks' (scripts/test.sh does), or set "
            + "WIDGET_I18N_BENCHMARK_PRODUCTS to the directory of another build of it"
    }
}
