import Foundation
import TestSupport
import Testing

/// `scripts/install.sh PREFIX`, the README's install command, into a temporary prefix.
@Suite(.serialized) struct InstallScriptTests {
    /// Libraries of the Swift runtime that a statically linked binary must not load.
    static let swiftRuntimePrefixes = [
        "libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime", "libXCTest",
    ]

    @Test func installsAStaticallyLinkedBinaryThatRuns() throws {
        let prefix = try TemporaryDirectory(prefix: "widget-i18n-install")
        defer { prefix.remove() }
        // A build path of its own: the test build holds .build, and a second build there would wait for it.
        let buildPath = NSTemporaryDirectory() + "widget-i18n-install-test-build"
        let install = try runProcess(
            Repository.root + "/scripts/install.sh", [prefix.path],
            environment: ["WIDGET_I18N_BUILD_PATH": buildPath], inheritEnvironment: true)
        try #require(install.status == 0, "\(install)")
        let binary = prefix.appending("bin/widget-i18n")
        #expect(install.standardOutput == "installed widget-i18n 0.1.0 to \(binary)\n")

        let version = try runProcess(binary, ["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput == "widget-i18n 0.1.0\n")

        let dynamic = try runProcess("/usr/bin/readelf", ["--dynamic", binary])
        try #require(dynamic.status == 0, "\(dynamic)")
        let needed = dynamic.standardOutput.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(needed.contains { $0.contains("libcurl") }, "expected the system libcurl: \(needed)")
        for library in needed {
            #expect(!Self.swiftRuntimePrefixes.contains { library.contains("[\($0)") }, "\(library)")
        }
    }

    @Test func refusesAnUnwritablePrefix() throws {
        let directory = try TemporaryDirectory(prefix: "widget-i18n-install")
        defer { directory.remove() }
        // A file where the prefix's bin directory should be.
        try Data().write(to: URL(fileURLWithPath: directory.appending("bin")))
        let install = try runProcess(
            Repository.root + "/scripts/install.sh", [directory.path],
            environment: ["WIDGET_I18N_BUILD_PATH": NSTemporaryDirectory() + "widget-i18n-install-test-build"],
            inheritEnvironment: true)
        #expect(install.status == 1)
        #expect(
            install.standardError.hasSuffix(
                "error: cannot write to '\(directory.path)/bin'; "
                    + "run 'sudo scripts/install.sh \(directory.path)' or pass another PREFIX\n"), "\(install)")
    }
}
