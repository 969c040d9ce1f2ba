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
}
