import Foundation
import TestSupport
import Testing

/// Another SDK rewrites a bundle in place, keeping its size, and never touches the index `store put` wrote:
/// the next `widget-i18n t` process renders the new values, for every rewrite of the corpus.
@Suite struct ForeignRewriteTests {
    @Test(arguments: ForeignRewrites.cases)
    func theNextProcessRendersTheNewValues(_ rewrite: ForeignRewrite) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = "@better-i18n:messages:acme/widgets:tr"
        try #require(try cli.run(["store", "put", key], input: Data(ForeignRewrites.original)).status == 0)
        try cli.run(["store", "put", "@better-i18n:locale:acme/widgets"], input: Data("tr".utf8))
        #expect(try cli.run(["t", "start.a"]).standardOutput == "Good morning\n")
        #expect(try cli.run(["store", "get", "@better-i18n:widget-i18n:index:acme/widgets:tr"]).status == 0)

        // In place: same file, same size, only the bytes (and so the modification time) change.
        let file = try #require(
            FileHandle(forWritingAtPath: cli.groupDirectory + "/%40better-i18n%3Amessages%3Aacme%2Fwidgets%3Atr"))
        try file.write(contentsOf: rewrite.rewritten)
        try file.close()

        for (messageKey, value) in rewrite.expect {
            let result = try cli.run(["t", messageKey])
            if let value {
                #expect(result.status == 0, "\(rewrite): \(messageKey): \(result)")
                #expect(result.standardOutput == value + "\n", "\(rewrite): \(messageKey)")
            } else {
                #expect(result.status == 1, "\(rewrite): \(messageKey) must be missing: \(result)")
            }
        }
    }
}
