import Foundation
import TestSupport
import Testing

/// `docs/architecture.md`'s module picture against `Package.swift` as SwiftPM reads it
/// (`swift package dump-package`): the module table, the test table and the graph name exactly the package's
/// targets with exactly their declared dependencies, and no target imports a module it does not declare.
@Suite struct ArchitectureTests {
    /// What `swift package dump-package` says of one target.
    struct PackageTarget: Sendable {
        let name: String
        /// `regular`, `executable`, `system`, `test`, …
        let type: String
        /// Its directory relative to the package root.
        let path: String
        let dependencies: [String]
    }

    static let architecturePath = Repository.root + "/docs/architecture.md"
    static let moduleTableHeader = ["module", "what it is", "depends on"]
    static let testTableHeader = ["target", "what it tests", "depends on"]

    /// The root package's targets, read once for every test of the suite.
    static let packageTargets = Result { try dumpPackage() }

    @Test func theModuleTableIsPackageSwiftsTargets() throws {
        let expected = try Self.packageTargets.get().filter { !$0.isTestOrTestHelper }
        let rows = try Self.table(withHeader: Self.moduleTableHeader, in: Self.architecture())
        Self.compare(rows, with: expected, table: "module table")
    }

    @Test func theTestTableIsPackageSwiftsTestTargets() throws {
        let expected = try Self.packageTargets.get().filter(\.isTestOrTestHelper)
        let rows = try Self.table(withHeader: Self.testTableHeader, in: Self.architecture())
        Self.compare(rows, with: expected, table: "test table")
    }

    /// The product table names exactly the package's products, each with exactly the modules it offers: what an
    /// app and its widget list in their manifests.
    @Test func theProductTableIsPackageSwiftsProducts() throws {
        let products = try #require(try Self.manifest()["products"] as? [[String: Any]])
        var expected: [String: Set<String>] = [:]
        for product in products {
            let name = try #require(product["name"] as? String)
            expected[name] = Set(try #require(product["targets"] as? [String]))
        }
        let lines = try Self.architecture().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { Self.cells(of: $0) == ["product", "modules", "for"] })
        var stated: [String: Set<String>] = [:]
        for line in lines[(start + 2)...] {
            guard let cells = Self.cells(of: line), cells.count == 3 else { break }
            let name = try #require(Self.codeSpans(in: cells[0]).first)
            stated[name] = Set(Self.codeSpans(in: cells[1]))
        }
        #expect(stated == expected, "docs/architecture.md's product table is not Package.swift's products")
    }

    /// The graph shows every library and system library target (the module table without the executable) and
    /// an arrow for each dependency it declares.
    @Test func theGraphIsTheLibraryTargetsDependencies() throws {
        let targets = try Self.packageTargets.get().filter { !$0.isTestOrTestHelper && $0.type != "executable" }
        let graph = try Self.mermaidGraph(in: Self.architecture())
        #expect(graph.nodes == Set(targets.map(\.name)), "the graph's boxes are not the library targets")
        let edges = Set(targets.flatMap { target in target.dependencies.map { Edge(from: target.name, to: $0) } })
        for missing in edges.subtracting(graph.edges).sorted() {
            Issue.record("The graph lacks \(missing.from) --> \(missing.to), which Package.swift declares")
        }
        for extra in graph.edges.subtracting(edges).sorted() {
            Issue.record("The graph has \(extra.from) --> \(extra.to), which Package.swift does not declare")
        }
    }

    /// A module imported without being declared builds only while something else happens to build it first,
    /// and makes the dependency columns above untrue.
    @Test func everyImportOfAPackageModuleIsDeclared() throws {
        let targets = try Self.packageTargets.get()
        let byName = Dictionary(uniqueKeysWithValues: targets.map { ($0.name, $0) })
        var importsRead = 0
        for target in targets where target.type != "system" {
            let reachable = Self.dependencyClosure(of: target, in: byName)
            for (file, module) in try Self.imports(under: Repository.root + "/" + target.path) {
                importsRead += 1
                guard byName[module] != nil, module != target.name else { continue }
                #expect(
                    reachable.contains(module),
                    "\(target.path)/\(file) imports \(module), which \(target.name) does not declare, even indirectly")
            }
        }
        #expect(importsRead > 100, "only \(importsRead) imports read; is the source layout what the test expects?")
    }

    // MARK: - The package

    /// `swift package dump-package` of the repository, run with a scratch directory of its own: the test run
    /// holds `.build`, and SwiftPM would wait for it.
    static func manifest() throws -> [String: Any] {
        let scratch = try TemporaryDirectory(prefix: "widget-i18n-dump-package")
        defer { scratch.remove() }
        let result = try runProcess(
            "/usr/bin/env",
            [
                "swift", "package", "--package-path", Repository.root, "--scratch-path", scratch.path,
                "--manifest-cache", "none", "dump-package",
            ],
            inheritEnvironment: true)
        guard result.status == 0,
            let manifest = try? JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any]
        else { throw UnreadablePackage(reason: "swift package dump-package failed: \(result)") }
        return manifest
    }

    /// The package's targets, from `manifest()`. Throws rather than records, so that every test that needs the
    /// targets fails, not only the first.
    static func dumpPackage() throws -> [PackageTarget] {
        guard let targets = try manifest()["targets"] as? [[String: Any]] else {
            throw UnreadablePackage(reason: "swift package dump-package gave no targets")
        }
        return try targets.map { target in
            guard let name = target["name"] as? String, let type = target["type"] as? String else {
                throw UnreadablePackage(reason: "a target without a name or type: \(target)")
            }
            let declared = target["dependencies"] as? [[String: Any]] ?? []
            let dependencies = declared.compactMap { dependency in
                // Each kind is an array whose first element is the name.
                ["byName", "target", "product"].lazy.compactMap { (dependency[$0] as? [Any])?.first as? String }
                    .first
            }
            guard dependencies.count == declared.count else {
                throw UnreadablePackage(reason: "a dependency of \(name) of a kind this test cannot read: \(declared)")
            }
            let path = target["path"] as? String ?? (type == "test" ? "Tests/" : "Sources/") + name
            return PackageTarget(name: name, type: type, path: path, dependencies: dependencies)
        }
    }

    /// `swift package dump-package` failed, or said something this test cannot read.
    struct UnreadablePackage: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    /// The target and everything it depends on, directly or through its dependencies.
    static func dependencyClosure(of target: PackageTarget, in targets: [String: PackageTarget]) -> Set<String> {
        var reached: Set<String> = []
        var pending = target.dependencies
        while let name = pending.popLast() {
            guard reached.insert(name).inserted else { continue }
            pending += targets[name]?.dependencies ?? []
        }
        return reached
    }

    /// Every `import` declaration of the Swift files under `directory`, by file (relative to it) and module.
    static func imports(under directory: String) throws -> [(file: String, module: String)] {
        // Attributes (`@testable`), an access level, an import kind (`import struct M.T`), then the module.
        let declaration = try Regex(
            #"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"#
                + #"import\s+(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?(\w+)"#)
        var result: [(file: String, module: String)] = []
        for file in try FileManager.default.subpathsOfDirectory(atPath: directory).sorted()
        where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                if let module = line.firstMatch(of: declaration)?.output[1].substring {
                    result.append((file, String(module)))
                }
            }
        }
        return result
    }

    // MARK: - The document

    /// One row of a table: the module its first column names and the modules its last column names.
    struct Row: Sendable {
        let line: Int
        let name: String
        let dependencies: [String]
    }

    struct Edge: Hashable, Comparable, Sendable {
        let from: String
        let to: String

        static func < (left: Edge, right: Edge) -> Bool { (left.from, left.to) < (right.from, right.to) }
    }

    static func architecture() throws -> String {
        try String(contentsOfFile: architecturePath, encoding: .utf8)
    }

    /// Compares a table's rows with the targets it should list, recording one issue per difference.
    static func compare(_ rows: [Row], with targets: [PackageTarget], table: String) {
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var seen: Set<String> = []
        for row in rows {
            let place = "docs/architecture.md:\(row.line)"
            guard seen.insert(row.name).inserted else {
                Issue.record("\(place): \(row.name) has a second row in the \(table)")
                continue
            }
            guard let target = byName[row.name] else {
                Issue.record("\(place): the \(table) names \(row.name), which is no such target of Package.swift")
                continue
            }
            let declared = target.dependencies
            #expect(
                row.dependencies.sorted() == declared.sorted(),
                "\(place): \(row.name) depends on \(declared) in Package.swift; the \(table) says \(row.dependencies)")
        }
        for missing in targets.map(\.name) where !seen.contains(missing) {
            Issue.record("The \(table) of docs/architecture.md has no row for \(missing), a target of Package.swift")
        }
    }

    /// The rows of the one table whose header is `header`. The first column's first code span names the
    /// module; the last column's code spans name what it depends on (`—` for nothing).
    static func table(withHeader header: [String], in document: String) throws -> [Row] {
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let starts = lines.indices.filter { index in cells(of: lines[index])?.map { $0.lowercased() } == header }
        try #require(starts.count == 1, "docs/architecture.md needs exactly one table headed \(header)")
        var rows: [Row] = []
        // The header, then the delimiter row, then rows up to the first line that is not one.
        for index in (starts[0] + 2)..<lines.count {
            guard let cells = cells(of: lines[index]) else { break }
            try #require(
                cells.count == header.count,
                "docs/architecture.md:\(index + 1): \(cells.count) columns, not \(header.count)")
            let name = try #require(codeSpans(in: cells[0]).first, "docs/architecture.md:\(index + 1): no `name`")
            rows.append(Row(line: index + 1, name: name, dependencies: codeSpans(in: cells[cells.count - 1])))
        }
        try #require(!rows.isEmpty, "the table headed \(header) has no rows")
        return rows
    }

    /// A table row's cells, trimmed, or `nil` for a line that is not a table row. `\|` does not split.
    static func cells(of line: String) -> [String]? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("|"), trimmed.hasSuffix("|"), trimmed.count > 1 else { return nil }
        var cells: [String] = []
        var current = ""
        var previous: Character = " "
        for character in trimmed.dropFirst().dropLast() {
            if character == "|" && previous != "\\" {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        cells.append(current.trimmingCharacters(in: .whitespaces))
        return cells
    }

    /// The contents of each `code span` in `text`, in order.
    static func codeSpans(in text: String) -> [String] {
        text.matches(of: /`([^`]+)`/).map { String($0.1) }
    }

    /// The boxes and arrows of the document's one `mermaid` block: `A --> B` lines and lone `A` lines.
    static func mermaidGraph(in document: String) throws -> (nodes: Set<String>, edges: Set<Edge>) {
        let blocks = document.matches(of: /```mermaid\n((?:.*\n)*?)```/)
        try #require(blocks.count == 1, "docs/architecture.md needs exactly one mermaid block")
        var nodes: Set<String> = []
        var edges: Set<Edge> = []
        for line in blocks[0].1.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) })
        where !line.hasPrefix("graph ") && !line.isEmpty {
            if let arrow = line.wholeMatch(of: /(\w+)\s*-->\s*(\w+)/) {
                edges.insert(Edge(from: String(arrow.1), to: String(arrow.2)))
                nodes.formUnion([String(arrow.1), String(arrow.2)])
            } else {
                let node = try #require(line.wholeMatch(of: /\w+/), "a graph line this test cannot read: '\(line)'")
                nodes.insert(String(node.0))
            }
        }
        return (nodes, edges)
    }
}

extension ArchitectureTests.PackageTarget {
    /// Test targets, and the helpers under `Tests/` (`TestSupport`, `StoreWriter`): the test table's rows.
    var isTestOrTestHelper: Bool { type == "test" || path.hasPrefix("Tests/") }
}

/// Libraries say what happened and which of their settings to change; only the command line names its options.
/// No string literal of a library module spells a command-line option (`--cdn`); `CLIAdvice` maps the settings
/// they name (`FetchOptions.cdn`) to the options.
@Suite struct LibraryMessagesTests {
    @Test func noLibraryMessageNamesACommandLineOption() throws {
        let libraries = [
            "LocaleData", "I18nCore", "GroupStore", "GroupStoreUserDefaults", "GroupContract", "WidgetTranslator",
            "TimelineEngine", "HomeScreenSimulator", "SampleWidgets", "CDNFetcher", "StringCatalog",
            "WidgetI18nSupport",
        ]
        var found: [String] = []
        for library in libraries {
            let directory = Repository.root + "/Sources/" + library
            for case let path as String in FileManager.default.enumerator(atPath: directory)!
            where path.hasSuffix(".swift") {
                let text = try String(contentsOfFile: directory + "/" + path, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//") else { continue }
                    if code.contains(/"[^"]*--[a-z][a-z-]+/) {
                        found.append("\(library)/\(path):\(number + 1): \(code)")
                    }
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
