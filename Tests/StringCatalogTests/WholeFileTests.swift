import Foundation
import StringCatalog
import TestSupport
import Testing

@Suite struct WholeFileTests {
    @Test func replacesAFileWholeAndKeepsItsPermissions() throws {
        let directory = try TemporaryDirectory(prefix: "string-catalog-whole-file")
        defer { directory.remove() }
        let path = directory.appending("Localizable.xcstrings")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o640)
        try WholeFile.write(Array("new".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("new".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["Localizable.xcstrings"])
    }

    @Test func writesNothingWhenOneFileCannotBeWritten() throws {
        let directory = try TemporaryDirectory(prefix: "string-catalog-whole-file")
        defer { directory.remove() }
        try FileManager.default.createDirectory(
            atPath: directory.appending("out/de/translations.json"), withIntermediateDirectories: true)
        let error = #expect(throws: WholeFileError.self) {
            try WholeFile.write([
                (directory.appending("out/en/translations.json"), Array("{}".utf8)),
                (directory.appending("out/de/translations.json"), Array("{}".utf8)),
            ])
        }
        #expect(error?.reason == "it is a directory")
        #expect(snapshot(of: directory.path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.appending("out/en")))
    }

    /// A catalog shared by a symbolic link (`Widgets/Localizable.xcstrings` → `../Shared/…`) is written through the
    /// link, relative ones included, as editors do: before, the link was replaced by a regular file and the shared
    /// catalog stayed stale.
    @Test func writesThroughASymbolicLinkToItsTarget() throws {
        let directory = try TemporaryDirectory(prefix: "string-catalog-whole-file")
        defer { directory.remove() }
        try FileManager.default.createDirectory(
            atPath: directory.appending("Shared"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: directory.appending("Widgets"), withIntermediateDirectories: true)
        let shared = directory.appending("Shared/Localizable.xcstrings")
        try Data("old".utf8).write(to: URL(fileURLWithPath: shared))
        chmod(shared, 0o640)
        let hop = directory.appending("Widgets/hop.xcstrings")
        let link = directory.appending("Widgets/Localizable.xcstrings")
        #expect(symlink("../Shared/Localizable.xcstrings", hop) == 0)
        #expect(symlink("hop.xcstrings", link) == 0)
        try WholeFile.write(Array("new".utf8), to: link)
        #expect(FileManager.default.contents(atPath: shared) == Data("new".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "hop.xcstrings")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: hop) == "../Shared/Localizable.xcstrings")
        #expect((try FileManager.default.attributesOfItem(atPath: shared)[.posixPermissions] as? Int) == 0o640)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.appending("Shared")) == [
                "Localizable.xcstrings"
            ])
    }

    @Test func aLoopOfLinksIsAnErrorAndWritesNothing() throws {
        let directory = try TemporaryDirectory(prefix: "string-catalog-whole-file")
        defer { directory.remove() }
        let link = directory.appending("a.xcstrings")
        #expect(symlink("b.xcstrings", link) == 0)
        #expect(symlink("a.xcstrings", directory.appending("b.xcstrings")) == 0)
        let error = #expect(throws: WholeFileError.self) { try WholeFile.write(Array("new".utf8), to: link) }
        #expect(
            error?.description.contains("Too many levels of symbolic links") == true, "\(String(describing: error))")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
                "a.xcstrings", "b.xcstrings",
            ])
    }
}
