// swift-tools-version:6.0
import PackageDescription

// The benchmark executables, a package of their own beside the library (as swift-nio's Benchmarks/): they link
// the root package's library products exactly as an app or a widget does, so they see its public API only, and
// the root's products stay what users link. scripts/test.sh builds the package once in release: Tests/BenchmarkTests
// runs its two executables and Benchmarks/binary-sizes.py measures its Size ones, so the root's library graph is
// compiled once for both. The other Benchmarks/*.py build what they time in build paths of their own.
let package = Package(
    name: "WidgetI18nBenchmarks",
    platforms: [.iOS(.v16), .macOS(.v13), .watchOS(.v9)],
    products: [
        .executable(name: "widget-i18n-bench", targets: ["WidgetI18nBench"]),
        .executable(name: "widget-i18n-render", targets: ["WidgetI18nRender"]),
    ],
    dependencies: [
        // A path dependency's identity is its directory's name, which is whatever a clone was called; the name
        // lets the targets below refer to it as "WidgetI18n" wherever the repository sits.
        .package(name: "WidgetI18n", path: "..")
    ],
    targets: [
        .target(name: "WidgetKeysFile", dependencies: [.product(name: "WidgetI18nEssentials", package: "WidgetI18n")]),
        // Counts heap allocations (glibc's malloc, interposed) for `format`'s allocations per call.
        .target(name: "AllocationCounter"),
        .executableTarget(
            name: "WidgetI18nBench",
            dependencies: [
                .product(name: "WidgetI18nWidget", package: "WidgetI18n"), "WidgetKeysFile", "AllocationCounter",
            ]),
        .executableTarget(
            name: "WidgetI18nRender",
            dependencies: [.product(name: "WidgetI18nEssentials", package: "WidgetI18n"), "WidgetKeysFile"]),
        // What each library product adds to a binary (Benchmarks/binary-sizes.py): one executable a product, calling
        // what its users call, and a hello world to measure above.
        .executableTarget(name: "SizeHello"),
        .executableTarget(
            name: "SizeEssentials", dependencies: [.product(name: "WidgetI18nEssentials", package: "WidgetI18n")]),
        .executableTarget(
            name: "SizeWidgetExtension", dependencies: [.product(name: "WidgetI18nWidget", package: "WidgetI18n")]),
        .executableTarget(name: "SizeApp", dependencies: [.product(name: "WidgetI18nApp", package: "WidgetI18n")]),
    ],
    swiftLanguageModes: [.v6]
)
