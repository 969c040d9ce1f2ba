// swift-tools-version:6.1
import Foundation
import PackageDescription

// The module picture of docs/architecture.md ("Modules"), one target per row; ArchitectureTests fails when the two
// differ. The widget side (WidgetTranslator and below) never links CDNFetcher, libcurl, libcrypto, WidgetPreview,
// Pango or Cairo.
let package = Package(
    name: "WidgetI18n",
    // The floor widgets ship on. What sets it (README, "Add it to your package"): OSAllocatedUnfairLock and Swift's
    // string algorithms (iOS 16, macOS 13, watchOS 9); scripts/check-deployment.py fails on any newer API.
    platforms: [.iOS(.v16), .macOS(.v13), .watchOS(.v9)],
    // What an app and its widget extension list: one product each, each one module that re-exports that side
    // (README, "Add it to your package"), and the Foundation-free part of the widget's for a process that must not
    // link Foundation (on Linux it is linked statically, ICU's data with it: widget-i18n-render is 36 MB without it,
    // 86 MB with it). The previewer, the samples, the home-screen simulator and the String Catalog converter are the
    // CLI's, and no product's.
    products: [
        .library(name: "WidgetI18nWidget", targets: ["WidgetI18nWidget"]),
        .library(name: "WidgetI18nApp", targets: ["WidgetI18nApp"]),
        .library(name: "WidgetI18nEssentials", targets: ["WidgetI18nEssentials"]),
        .executable(name: "widget-i18n", targets: ["WidgetI18nCLI"]),
    ],
    // Every locale's data is compiled in by default (the CLI, the tests, an app that ships every language). An app
    // that ships a few turns the trait off and installs the slice `widget-i18n data` writes (README, "Ship only
    // your locales"); without the trait and a slice, nothing formats but plural rules and locale tags.
    traits: [
        .default(enabledTraits: ["AllLocaleData"]),
        .trait(name: "AllLocaleData", description: "Compile the CLDR 47 data of all 882 locales into LocaleData."),
    ],
    targets: [
        // Below everything: what the deployment floor lacks (a lock where Synchronization's Mutex is missing,
        // UTF-8 validation without iOS 18's String(validating:)), `package` API only but BoundedCache, which is
        // `@_spi(WidgetI18nSupport) public` so that its inlinable methods specialize in each caller.
        .target(name: "WidgetI18nSupport"),

        // The widget side.
        // Locale tags and every locale datum of one CLDR release with its formatters (numbers, dates, time zones);
        // below the MessageFormat core, whose `{n, number}` and `{d, date}` format with it.
        .target(name: "LocaleData", dependencies: ["WidgetI18nSupport"]),
        .target(name: "I18nCore", dependencies: ["LocaleData", "WidgetI18nSupport"]),
        // Unicode MessageFormat 2, for bundles that declare it; beside I18nCore's ICU MessageFormat, which does not
        // link it.
        .target(name: "MessageFormat2", dependencies: ["LocaleData", "I18nCore", "WidgetI18nSupport"]),
        .target(name: "GroupStore", dependencies: ["WidgetI18nSupport"]),
        .target(name: "GroupStoreUserDefaults", dependencies: ["GroupStore", "WidgetI18nSupport"]),
        // The storage contract: the key schema, value encodings, which keys derive from which; its reader and
        // its writer (the one writer of lookup indexes).
        .target(name: "GroupContract", dependencies: ["LocaleData", "I18nCore", "GroupStore", "WidgetI18nSupport"]),
        .target(
            name: "WidgetTranslator",
            dependencies: [
                "LocaleData", "I18nCore", "MessageFormat2", "GroupStore", "GroupContract",
                "WidgetI18nSupport",
            ]),
        .target(name: "TimelineEngine", dependencies: ["LocaleData", "I18nCore", "GroupStore", "GroupContract"]),
        // Live Activities: state as keys and arguments (the translator resolves them), ActivityKit's 4 KB.
        .target(name: "LiveActivities", dependencies: ["LocaleData", "I18nCore", "WidgetI18nSupport"]),

        // The Linux side of widgets, for the CLI and the tests: a home screen that runs timelines, and two widgets.
        .target(
            name: "HomeScreenSimulator",
            dependencies: ["LocaleData", "I18nCore", "GroupStore", "GroupContract", "TimelineEngine"]),
        .target(
            name: "SampleWidgets",
            dependencies: [
                "LocaleData", "I18nCore", "GroupStore", "GroupContract", "WidgetTranslator", "TimelineEngine",
                "HomeScreenSimulator", "LiveActivities",
            ]),

        // One import per side: each product is one module that re-exports what that side uses.
        .target(
            name: "WidgetI18nWidget",
            dependencies: [
                "WidgetTranslator", "GroupContract", "GroupStore", "GroupStoreUserDefaults", "I18nCore", "MessageFormat2",
                "LocaleData", "TimelineEngine", "LiveActivities",
            ]),
        .target(
            name: "WidgetI18nApp",
            dependencies: [
                "CDNFetcher", "GroupContract", "GroupStore", "GroupStoreUserDefaults", "I18nCore", "LocaleData",
                "LiveActivities",
            ]),
        .target(
            name: "WidgetI18nEssentials",
            dependencies: [
                "WidgetTranslator", "GroupContract", "GroupStore", "I18nCore", "MessageFormat2", "LocaleData",
                "TimelineEngine",
            ]),

        // The app side.
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // libcurl and libcrypto on Linux only: no Apple SDK ships OpenSSL, and an app there fetches with
        // URLSession and hashes with CryptoKit (scripts/check-products.py fails on any system library an Apple
        // build of a product would reach).
        .target(
            name: "CDNFetcher",
            dependencies: [
                .target(name: "CCurl", condition: .when(platforms: [.linux])),
                .target(name: "CCrypto", condition: .when(platforms: [.linux])),
                "LocaleData", "I18nCore", "GroupStore", "GroupContract", "WidgetI18nSupport",
            ]),
        // Previews: the sample widgets laid out by Pango and drawn by Cairo, for developers and CI; built only where
        // Pango and Cairo are installed (`drawsPreviews`, below). Declares the C functions it uses itself
        // (scripts/check-c-declarations.sh checks them against the headers), so on Linux no pkg-config flags:
        // glib's -pthread would make SwiftPM warn on every build. Elsewhere pkg-config finds the libraries' directory
        // (Homebrew's /opt/homebrew/lib).
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: isLinux ? nil : "pangocairo",
            providers: [.brew(["pango", "cairo", "pkg-config"]), .apt(["libpango1.0-dev", "libcairo2-dev"])]),
        .target(
            name: "WidgetPreview",
            dependencies: [
                "CPangoCairo", "LocaleData", "I18nCore", "TimelineEngine", "HomeScreenSimulator", "SampleWidgets",
                "WidgetI18nSupport",
            ]),
        // Build-time tooling: better-i18n's bundles to and from Xcode String Catalogs, for the strings iOS reads from
        // the widget extension's own bundle, and ICU MessageFormat bundles rewritten as MessageFormat 2. The widget
        // never links it.
        .target(name: "StringCatalog", dependencies: ["LocaleData", "I18nCore", "MessageFormat2", "WidgetI18nSupport"]),
        // The APNs payload a server sends to start, update or end a Live Activity, its alert from the app's String
        // Catalog: the CLI's `activity payload`, no product's.
        .target(name: "ActivityPush", dependencies: ["LiveActivities", "WidgetI18nSupport"]),
        .target(name: "CommandLineSupport"),
        .executableTarget(
            name: "WidgetI18nCLI",
            dependencies: [
                "LocaleData", "I18nCore", "MessageFormat2", "GroupStore", "GroupStoreUserDefaults", "GroupContract",
                "WidgetTranslator",
                "TimelineEngine", "HomeScreenSimulator", "SampleWidgets", "LiveActivities",
                "CDNFetcher",
                "WidgetPreview", "StringCatalog", "ActivityPush", "CommandLineSupport", "WidgetI18nSupport",
            ]),

        // Tests. Each test target depends on the modules it tests; CLI and benchmark tests run the built binaries.
        .target(
            name: "TestSupport",
            dependencies: ["LocaleData", "I18nCore", "GroupStore", "StringCatalog", "WidgetI18nSupport"],
            path: "Tests/TestSupport"),
        .executableTarget(
            name: "StoreWriter", dependencies: ["GroupStore", "GroupStoreUserDefaults"],
            path: "Tests/Helpers/StoreWriter"),
        .testTarget(name: "WidgetI18nSupportTests", dependencies: ["WidgetI18nSupport"]),
        .testTarget(name: "LocaleDataTests", dependencies: ["LocaleData", "TestSupport"], resources: [.copy("Data")]),
        .testTarget(
            name: "I18nCoreTests", dependencies: ["I18nCore", "LocaleData", "TestSupport"],
            resources: [.copy("Data")]),
        .testTarget(
            name: "MessageFormat2Tests", dependencies: ["MessageFormat2", "I18nCore", "LocaleData", "TestSupport"],
            resources: [.copy("Data")]),
        // Data/ is read from the repository: the JavaScript bridge's tests read the same table.
        .testTarget(
            name: "GroupStoreTests", dependencies: ["GroupStore", "GroupStoreUserDefaults", "TestSupport"],
            exclude: ["Data"]),
        .testTarget(
            name: "GroupContractTests",
            dependencies: ["GroupContract", "GroupStore", "LocaleData", "I18nCore", "TestSupport"]),
        .testTarget(
            name: "WidgetTranslatorTests",
            dependencies: [
                "LocaleData", "I18nCore", "MessageFormat2", "WidgetTranslator", "GroupContract",
                "GroupStoreUserDefaults", "TimelineEngine", "TestSupport",
            ],
            exclude: ["Data"]),
        .testTarget(
            name: "TimelineEngineTests",
            dependencies: [
                "TimelineEngine", "HomeScreenSimulator", "GroupContract", "LocaleData", "I18nCore", "WidgetI18nSupport",
                "TestSupport",
            ]),
        .testTarget(
            name: "SampleWidgetsTests",
            dependencies: [
                "LocaleData", "SampleWidgets", "HomeScreenSimulator", "GroupContract", "WidgetI18nSupport",
                "TestSupport",
            ]),
        .testTarget(
            name: "CDNFetcherTests",
            dependencies: [
                "LocaleData", "CDNFetcher", "GroupContract", "GroupStoreUserDefaults", "WidgetTranslator",
                "TestSupport",
            ],
            resources: [.copy("Data")]),
        .testTarget(
            name: "WidgetPreviewTests",
            dependencies: ["WidgetPreview", "SampleWidgets", "GroupStore", "LocaleData", "I18nCore", "TestSupport"]),
        .testTarget(
            name: "StringCatalogTests",
            dependencies: ["StringCatalog", "MessageFormat2", "I18nCore", "LocaleData", "TestSupport"],
            resources: [.copy("Data")]),
        .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport"]),
        .testTarget(
            name: "LiveActivitiesTests",
            dependencies: [
                "LiveActivities", "ActivityPush", "SampleWidgets", "StringCatalog", "WidgetTranslator", "GroupStore",
                "GroupContract", "HomeScreenSimulator", "I18nCore", "LocaleData", "TestSupport",
            ]),
        .testTarget(
            name: "WidgetI18nCLITests", dependencies: ["LocaleData", "WidgetI18nSupport", "TestSupport"],
            resources: [.copy("Data")]),
        .testTarget(name: "BenchmarkTests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

#if os(Linux)
    var isLinux: Bool { true }
#else
    var isLinux: Bool { false }
#endif

/// Whether this machine has Pango and Cairo, which `widget-i18n preview` and `check --layout` draw with: their
/// pkg-config file in a directory pkg-config searches (Debian's, Homebrew's, MacPorts', `PKG_CONFIG_PATH`). Where
/// they are missing, the drawing part (CPangoCairo, WidgetPreview and its tests) is left out and those two commands
/// say what to install; every other command, the products and the other tests build as before.
/// `WIDGET_I18N_PREVIEWS=0` leaves it out anyway (the test command builds the CLI so once), `=1` keeps it.
var drawsPreviews: Bool {
    let environment = ProcessInfo.processInfo.environment
    if let setting = environment["WIDGET_I18N_PREVIEWS"], !setting.isEmpty { return setting != "0" }
    let multiarch = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? []
    let directories =
        (environment["PKG_CONFIG_PATH"] ?? "").split(separator: ":").map(String.init)
        + multiarch.filter { $0.contains("-linux-") }.map { "/usr/lib/\($0)/pkgconfig" }
        + [
            "/usr/lib/pkgconfig", "/usr/share/pkgconfig", "/usr/local/lib/pkgconfig", "/opt/homebrew/lib/pkgconfig",
            "/opt/local/lib/pkgconfig",
        ]
    return directories.contains { FileManager.default.fileExists(atPath: $0 + "/pangocairo.pc") }
}

if !drawsPreviews {
    let drawing: Set = ["CPangoCairo", "WidgetPreview", "WidgetPreviewTests"]
    package.targets.removeAll { drawing.contains($0.name) }
    for target in package.targets {
        target.dependencies.removeAll { dependency in
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): drawing.contains(name)
            default: false
            }
        }
    }
}
