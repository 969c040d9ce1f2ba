import Foundation

/// Runs the built `widget-i18n` against a temporary group container of its own.
public struct CLIHarness: Sendable {
    public let directory: TemporaryDirectory
    /// The group container the commands use (`WIDGET_I18N_GROUP_DIR`).
    public var groupDirectory: String { directory.appending("group") }
    public let project: String
    /// The HTTP stack of every command that fetches (`WIDGET_I18N_HTTP_CLIENT`): `curl`, `urlsession`, or `nil`
    /// for the default.
    public let httpClient: String?

    /// The HTTP stacks the CLI has here, for tests that run over each (`--http-client`).
    public static let httpClients = ["curl", "urlsession"]

    public init(project: String = "acme/widgets", httpClient: String? = nil) throws {
        directory = try TemporaryDirectory(prefix: "widget-i18n-cli")
        self.project = project
        self.httpClient = httpClient
    }

    /// Runs `widget-i18n arguments…` with the project and group directory set through the environment.
    @discardableResult
    public func run(
        _ arguments: [String], environment: [String: String] = [:], input: Data? = nil, workingDirectory: String? = nil
    ) throws -> ProcessResult {
        try runProcess(
            Repository.product("widget-i18n"), arguments, environment: self.environment.merging(environment) { $1 },
            input: input, workingDirectory: workingDirectory ?? directory.path)
    }

    /// Runs a bash `script` in which `"$WIDGET_I18N"` is the built binary, in the environment of `run`: for what
    /// `Process` cannot set up, such as a closed descriptor (`>&-`), `/dev/full`, a reader that goes away, or
    /// an argument that is not UTF-8 (`"$(printf 'a\\377b')"`).
    @discardableResult
    public func runShell(_ script: String, input: Data? = nil) throws -> ProcessResult {
        try runProcess(
            "/bin/bash", ["-c", script],
            environment: environment.merging(["WIDGET_I18N": Repository.product("widget-i18n")]) { $1 }, input: input,
            workingDirectory: directory.path)
    }

    /// The project, the group directory and the bundled Locales/ as the CDN, so that commands that fetch stay
    /// on this machine unless a test says otherwise.
    private var environment: [String: String] {
        var environment = [
            "WIDGET_I18N_PROJECT": project, "WIDGET_I18N_GROUP_DIR": groupDirectory,
            "WIDGET_I18N_CDN": URL(fileURLWithPath: Repository.root + "/Locales").absoluteString,
        ]
        environment["WIDGET_I18N_HTTP_CLIENT"] = httpClient
        return environment
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
