import Foundation
import TestSupport
import Testing

/// `scripts/setup.sh` on macOS, played here with a `uname` that answers Darwin and a PATH of stand-ins: Homebrew
/// for what the demo draws with, the Linux-only test command refused with a sentence saying so, and never apt-get.
@Suite struct SetupScriptTests {
    /// A PATH of one directory: `uname` says Darwin, `swift` is the real one, `brew` (when present) records its
    /// arguments; no pkg-config, so Pango and Cairo are missing.
    struct Mac {
        let directory: TemporaryDirectory
        var brewLog: String { directory.appending("brew.log") }

        init(brew: Bool) throws {
            directory = try TemporaryDirectory(prefix: "widget-i18n-mac")
            var tools = [
                "uname": "#!/bin/bash\necho Darwin\n",
                "swift": "#!/bin/bash\nexit 0\n",
            ]
            if brew { tools["brew"] = "#!/bin/bash\necho \"$*\" >> '\(directory.appending("brew.log"))'\n" }
            for (name, script) in tools {
                let path = directory.appending(name)
                try Data(script.utf8).write(to: URL(fileURLWithPath: path))
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            }
        }

        func setup(_ purpose: String) throws -> ProcessResult {
            try runProcess(
                "/bin/bash", [Repository.root + "/scripts/setup.sh", "--for", purpose],
                environment: ["PATH": directory.path])
        }
    }

    @Test func theDemoInstallsPangoAndCairoWithHomebrew() throws {
        let mac = try Mac(brew: true)
        defer { mac.directory.remove() }
        let result = try mac.setup("demo")
        #expect(result.status == 0, "\(result)")
        #expect(try String(contentsOfFile: mac.brewLog, encoding: .utf8) == "install pango cairo pkg-config\n")
        #expect(!result.standardError.contains("apt-get"), "\(result.standardError)")
    }

    @Test func withoutHomebrewItSaysWhatToRun() throws {
        let mac = try Mac(brew: false)
        defer { mac.directory.remove() }
        let result = try mac.setup("demo")
        #expect(result.status == 1, "\(result)")
        #expect(
            result.standardError
                == "error: the demo draws with Pango and Cairo; install Homebrew (https://brew.sh), then run: "
                + "brew install pango cairo pkg-config\n")
    }

    @Test func aBuildNeedsNothingButXcodesToolchain() throws {
        let mac = try Mac(brew: true)
        defer { mac.directory.remove() }
        let result = try mac.setup("build")
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: mac.brewLog))
    }

    @Test func theTestCommandSaysItRunsOnLinux() throws {
        let mac = try Mac(brew: true)
        defer { mac.directory.remove() }
        let result = try mac.setup("test")
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.hasPrefix("error: scripts/test.sh runs on Linux, as CI does"), "\(result)")
        #expect(!result.standardError.contains("apt-get"))
        #expect(!FileManager.default.fileExists(atPath: mac.brewLog))
    }
}
