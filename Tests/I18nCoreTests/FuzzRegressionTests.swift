import Foundation
import Testing

@testable import I18nCore

/// Inputs libFuzzer found that crashed (`Fuzz/run.sh`), replayed the way the fuzz target ran them.
@Suite struct FuzzRegressionTests {
    static let inputs: [String] = {
        let directory = Bundle.module.url(forResource: "Data/fuzz-regressions", withExtension: nil)!
        return (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.sorted() ?? []
    }()

    @Test func theRegressionInputsAreThere() {
        #expect(Self.inputs.filter { $0.hasPrefix("bundle-") }.count >= 2, "\(Self.inputs)")
    }

    @Test(arguments: inputs.filter { $0.hasPrefix("bundle-") })
    func bundleInputsNoLongerCrash(_ name: String) throws {
        let url = try #require(Bundle.module.url(forResource: "Data/fuzz-regressions/\(name)", withExtension: nil))
        let bytes = Array(try Data(contentsOf: url))
        // As in Fuzz/Targets/BundleFuzzer.swift: validation and parsing agree, a fresh index answers what the
        // bundle answers, and reading through the index after an edit never traps (a trap ends the test run).
        let validated = try? MessageBundle.validate(jsonBytes: bytes)
        let parsed = try? MessageBundle(jsonBytes: bytes)
        #expect((validated == nil) == (parsed == nil), "validate and the parser disagree")
        // Each input here crashed the index reader, so each is a bundle with an index to read.
        let bundle = try #require(parsed)
        let index = try #require(StoredBundleIndex(index: bundle.storedIndex(), json: bytes))
        #expect(!bundle.keys.isEmpty)
        for key in bundle.keys.prefix(64) { #expect(index.message(forKey: key) == bundle.message(forKey: key)) }
        var edited = bytes
        edited[bytes.count / 2] ^= 0x5A
        if let stale = StoredBundleIndex(index: bundle.storedIndex(), json: edited) {
            for key in bundle.keys.prefix(16) { _ = stale.message(forKey: key) }
        }
    }

    @Test(arguments: [#"x\u12zz"#, "x\\", #"x\u12"#, #"\ud83d\u00"#, #"\ud83d\uzzzz"#, #"\u"#])
    func brokenEscapesDecodeWithoutTrapping(_ body: String) {
        // A stale stored index can point at any bytes; decoding them must never trap.
        let bytes = Array(body.utf8)
        let decoded = bytes.withUnsafeBufferPointer { JSONStringDecoder.unescape($0) }
        #expect(!decoded.isEmpty)
    }
}
