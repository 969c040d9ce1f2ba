import TestSupport
import Testing

/// Runs `widget-i18n arguments…` in a fresh container and checks it is refused as a usage error with
/// `message`, writing nothing.
func expectUsageError(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
{
    let cli = try CLIHarness()
    defer { cli.remove() }
    let result = try cli.run(arguments)
    #expect(result.status == 64, sourceLocation: sourceLocation)
    #expect(result.standardError == message, sourceLocation: sourceLocation)
    #expect(snapshot(of: cli.groupDirectory).isEmpty, sourceLocation: sourceLocation)
}
