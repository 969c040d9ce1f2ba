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
}
