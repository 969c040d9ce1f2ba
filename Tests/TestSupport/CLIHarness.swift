import Foundation

/// Runs the built `widget-i18n` against a temporary group container of its own.
public struct CLIHarness: Sendable {
    public let directory: TemporaryDirectory
    /// The group container the commands use (`WIDGET_I18N_GROUP_DIR`).
    public var groupDirectory: String { directory.appending("group") }
    public let project: String

    public init(project: String = "acme/widgets") throws {
        directory = try TemporaryDirectory(prefix: "widget-i18n-cli")
        self.project = project
    }

    /// Runs `widget-i18n arguments…` with the project and group directory set through the environment.
    @discardableResult
    public func run(
        _ arguments: [String], environment: [String: String] = [:], input: Data? = nil, workingDirectory: String? = nil
    ) throws -> ProcessResult {
        // The bundled Locales/ as the CDN: commands that fetch stay on this machine unless a test says otherwise.
        let base = [
            "WIDGET_I18N_PROJECT": project, "WIDGET_I18N_GROUP_DIR": groupDirectory,
            "WIDGET_I18N_CDN": URL(fileURLWithPath: Repository.root + "/Locales").absoluteString,
        ]
        return try runProcess(
            Repository.product("widget-i18n"), arguments, environment: base.merging(environment) { _, new in new },
            input: input, workingDirectory: workingDirectory ?? directory.path)
    }

    /// Puts the sample project's messages for `locales` into the store, as the fetcher would.
    public func seedSampleLocales(_ locales: [String]) throws {
        for locale in locales {
            let file = Repository.sampleProjectLocales + "/\(locale)/translations.json"
            let result = try run(["store", "put", "@better-i18n:messages:\(project):\(locale)", "--file", file])
            precondition(result.status == 0, "seeding \(locale) failed: \(result)")
        }
    }

    public func remove() { directory.remove() }
}
