import Foundation
import TestSupport
import Testing

/// What the README promises a newcomer, checked as they would try it.
@Suite("The README, as a newcomer reads it")
struct ReadmeTests {
    static let readme = (try? String(contentsOfFile: Repository.root + "/README.md", encoding: .utf8)) ?? ""

    @Test("the front door stays at or under 250 lines: detail goes to docs/ and the DocC articles")
    func short() {
        let lines = Self.readme.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(!Self.readme.isEmpty)
        #expect(lines <= 250, "README.md has \(lines) lines")
    }

    @Test("Package.swift deploys to iOS 16, macOS 13 and watchOS 9, and the README says so")
    func deploymentFloor() throws {
        let manifest = try ArchitectureTests.manifest()
        let platforms = (manifest["platforms"] as? [[String: Any]] ?? []).reduce(into: [String: String]()) {
            $0[$1["platformName"] as? String ?? ""] = $1["version"] as? String
        }
        #expect(platforms == ["ios": "16.0", "macos": "13.0", "watchos": "9.0"])
        #expect(Self.readme.contains("deploys to iOS 16, macOS 13 and watchOS 9"))
    }

    /// The README tells whoever copies the widget code how to compile it here, where WidgetKit does not exist;
    /// this runs what it says on that very code.
    @Test("the widget snippet compiles on Linux with the command the README gives")
    func widgetSnippetCompilesAsTold() throws {
        let blocks = Self.readme.components(separatedBy: "```swift\n").dropFirst().map {
            $0.components(separatedBy: "```")[0]
        }
        let widget = try #require(blocks.first { $0.contains("import WidgetKit") }, "no WidgetKit snippet")
        let sentence = Self.readme.replacingOccurrences(of: "\n", with: " ")
        let told = try #require(
            sentence.firstMatch(of: /save it as `([A-Za-z]+\.swift)` and run `([^`]+)`/), "no command in the README")
        let (file, command) = (String(told.1), String(told.2))
        // `swift build` first: the test runner's own build is that build (and SwiftPM's lock is held while tests
        // run), so what follows `&&` runs against it.
        let parts = command.components(separatedBy: " && ")
        #expect(parts.first == "swift build", "\(command)")
        let rest = try #require(parts.last).replacingOccurrences(
            of: "\"$(swift build --show-bin-path)\"", with: "'\(Repository.productsDirectory)'")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try widget.write(toFile: directory.path + "/" + file, atomically: true, encoding: .utf8)
        // Run from the repository's root, as the README's commands are, with the file beside it.
        let result = try runProcess(
            "/bin/bash", ["-c", rest.replacingOccurrences(of: " " + file, with: " '\(directory.path)/\(file)'")],
            workingDirectory: Repository.root, inheritEnvironment: true)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.contains("type-checks"), "\(result)")
    }

    /// A newcomer follows the README and then the bridge's README: both (and the articles) name one App Group,
    /// the one the CLI defaults to for `acme/widgets` (`group.ORG.PROJECT`).
    @Test("the README, the bridge's README and the DocC articles use one App Group id")
    func oneGroupIdentifier() throws {
        var pages = ["README.md", "Bridges/js/README.md"]
        let sources = Repository.root + "/Sources"
        for case let path as String in FileManager.default.enumerator(atPath: sources)!
        where path.hasSuffix(".md") && path.contains(".docc/") {
            pages.append("Sources/" + path)
        }
        var found: [String: Set<String>] = [:]
        for page in pages {
            let text = try String(contentsOfFile: Repository.root + "/" + page, encoding: .utf8)
            for match in text.matches(of: /['"`]group\.([a-z][a-z0-9.-]*[a-z0-9])['"`.]/) {
                found["group." + String(match.1), default: []].insert(page)
            }
        }
        found["group.ORG.PROJECT"] = nil
        #expect(Set(found.keys) == ["group.acme.widgets"], "\(found)")
    }
}
