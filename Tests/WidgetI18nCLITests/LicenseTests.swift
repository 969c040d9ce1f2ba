import Foundation
import TestSupport
import Testing

/// The repository's license and its notice of third-party data: Apache-2.0, as swift-log, swift-nio and
/// swift-foundation are, and a NOTICE that names every file of Unicode data the repository carries (each generated
/// source and each ICU corpus) with the Unicode License v3's text, so that a new one cannot be left out.
@Suite struct LicenseTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOfFile: Repository.root + "/" + path, encoding: .utf8)
    }

    @Test func theRepositoryIsApacheLicensed() throws {
        let license = try Self.text("LICENSE")
        #expect(license.contains("Apache License") && license.contains("Version 2.0, January 2004"))
        #expect(try Self.text("Bridges/js/LICENSE") == license)
    }

    @Test func theNoticeNamesEveryUnicodeDataFileAndNoneThatIsGone() throws {
        let notice = try Self.text("NOTICE")
        #expect(notice.contains("UNICODE LICENSE V3") && notice.contains("Permission is hereby granted"))
        var carried: [String] = []
        for top in ["Sources", "Tests"] {
            let files = FileManager.default.enumerator(atPath: Repository.root + "/" + top)?.allObjects as? [String]
            for file in files ?? [] where file.hasSuffix("+Generated.swift") || file.hasSuffix("-corpus.jsonl") {
                carried.append(top + "/" + file)
            }
        }
        #expect(carried.count >= 14, "\(carried)")
        for path in carried { #expect(notice.contains(path), "NOTICE does not name \(path)") }
        let named = notice.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("Sources/") || $0.hasPrefix("Tests/") }
        for path in named {
            #expect(FileManager.default.fileExists(atPath: Repository.root + "/" + path), "\(path) is gone")
        }
    }
}
