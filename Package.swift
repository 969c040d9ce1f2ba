// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "WidgetI18n",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "I18nCore", targets: ["I18nCore"]),
        .library(name: "GroupStore", targets: ["GroupStore"]),
        .library(name: "GroupStoreUserDefaults", targets: ["GroupStoreUserDefaults"]),
        .library(name: "FoundationFormatting", targets: ["FoundationFormatting"]),
        .library(name: "WidgetTranslator", targets: ["WidgetTranslator"]),
        .library(name: "TimelineEngine", targets: ["TimelineEngine"]),
        .library(name: "CDNFetcher", targets: ["CDNFetcher"]),
        .executable(name: "widget-i18n", targets: ["WidgetI18nCLI"]),
        .executable(name: "widget-i18n-bench", targets: ["WidgetI18nBench"]),
        .executable(name: "widget-i18n-render", targets: ["WidgetI18nRender"]),
    ],
    targets: [
        .target(name: "I18nCore"),
        .target(name: "GroupStore", dependencies: ["I18nCore"]),
        .target(name: "GroupStoreUserDefaults", dependencies: ["GroupStore"]),
        .target(name: "WidgetTranslator", dependencies: ["I18nCore", "GroupStore"]),
        .target(name: "FoundationFormatting", dependencies: ["I18nCore"]),
        .target(name: "TimelineEngine", dependencies: ["I18nCore", "GroupStore", "WidgetTranslator", "FoundationFormatting"]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .target(name: "CDNFetcher", dependencies: ["CCurl", "CCrypto", "I18nCore", "GroupStore"]),
        .executableTarget(
            name: "WidgetI18nCLI",
            dependencies: ["I18nCore", "GroupStore", "WidgetTranslator", "TimelineEngine", "CDNFetcher", "FoundationFormatting"]
        ),
        .target(name: "WidgetKeysFile", dependencies: ["I18nCore"]),
        .executableTarget(name: "WidgetI18nBench", dependencies: ["I18nCore", "GroupStore", "WidgetTranslator", "WidgetKeysFile"]),
        .executableTarget(name: "WidgetI18nRender", dependencies: ["I18nCore", "GroupStore", "WidgetTranslator", "WidgetKeysFile"]),

        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .executableTarget(
            name: "StoreWriter", dependencies: ["GroupStore", "GroupStoreUserDefaults"], path: "Tests/Helpers/StoreWriter"),
        .testTarget(
            name: "I18nCoreTests", dependencies: ["I18nCore", "FoundationFormatting", "TestSupport"], resources: [.copy("Data")]),
        .testTarget(
            name: "GroupStoreTests",
            dependencies: ["GroupStore", "GroupStoreUserDefaults", "TestSupport", "WidgetI18nCLI", "StoreWriter"]),
        .testTarget(name: "WidgetTranslatorTests", dependencies: ["WidgetTranslator", "TestSupport"]),
        .testTarget(name: "TimelineEngineTests", dependencies: ["TimelineEngine", "TestSupport"]),
        .testTarget(name: "CDNFetcherTests", dependencies: ["CDNFetcher", "TestSupport"]),
        .testTarget(
            name: "WidgetI18nCLITests", dependencies: ["WidgetI18nCLI", "WidgetI18nBench", "WidgetI18nRender", "TestSupport"], resources: [.copy("Data")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
