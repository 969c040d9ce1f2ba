import CDNFetcher
import CommandLineSupport
import Foundation
import GroupStore
import GroupStoreUserDefaults
import I18nCore
import LocaleData

/// Where the CLI's settings come from: flags win over environment variables, which win over an optional
/// `widget-i18n.json` in the working directory.
///
/// | flag | environment | `widget-i18n.json` |
/// |---|---|---|
/// | `--project` | `WIDGET_I18N_PROJECT` | `project` |
/// | `--group` | `WIDGET_I18N_GROUP` | `group` |
/// | `--group-dir` | `WIDGET_I18N_GROUP_DIR` | `groupDir` |
/// | `--suite` | `WIDGET_I18N_SUITE` | `suite` |
/// | `--suite-plist` | `WIDGET_I18N_SUITE_PLIST` | `suitePlist` |
/// | `--default-locale` | `WIDGET_I18N_DEFAULT_LOCALE` | `defaultLocale` |
/// | `--cdn` | `WIDGET_I18N_CDN` | `cdn` |
/// | `--namespaces` | `WIDGET_I18N_NAMESPACES` | `namespaces` |
/// | `--allow-origin` (repeatable) | `WIDGET_I18N_ALLOWED_ORIGINS` (comma-separated) | `allowedOrigins` (a list) |
/// | `--http-client` | `WIDGET_I18N_HTTP_CLIENT` | `httpClient` |
struct Configuration {
    /// A setting that a flag, an environment variable or `widget-i18n.json` can give.
    enum Setting: CaseIterable {
        case project, group, groupDirectory, suite, suitePlist, defaultLocale, cdn, namespaces, allowedOrigins,
            httpClient

        var flag: String {
            switch self {
            case .project: "project"
            case .group: "group"
            case .groupDirectory: "group-dir"
            case .suite: "suite"
            case .suitePlist: "suite-plist"
            case .defaultLocale: "default-locale"
            case .cdn: "cdn"
            case .namespaces: "namespaces"
            case .allowedOrigins: "allow-origin"
            case .httpClient: "http-client"
            }
        }

        var environmentVariable: String {
            switch self {
            case .project: "WIDGET_I18N_PROJECT"
            case .group: "WIDGET_I18N_GROUP"
            case .groupDirectory: "WIDGET_I18N_GROUP_DIR"
            case .suite: "WIDGET_I18N_SUITE"
            case .suitePlist: "WIDGET_I18N_SUITE_PLIST"
            case .defaultLocale: "WIDGET_I18N_DEFAULT_LOCALE"
            case .cdn: "WIDGET_I18N_CDN"
            case .namespaces: "WIDGET_I18N_NAMESPACES"
            case .allowedOrigins: "WIDGET_I18N_ALLOWED_ORIGINS"
            case .httpClient: "WIDGET_I18N_HTTP_CLIENT"
            }
        }

        /// The member name in `widget-i18n.json`.
        var fileKey: String {
            switch self {
            case .project: "project"
            case .group: "group"
            case .groupDirectory: "groupDir"
            case .suite: "suite"
            case .suitePlist: "suitePlist"
            case .defaultLocale: "defaultLocale"
            case .cdn: "cdn"
            case .namespaces: "namespaces"
            case .allowedOrigins: "allowedOrigins"
            case .httpClient: "httpClient"
            }
        }
    }

    static let fileName = "widget-i18n.json"

    static let globalOptions: [OptionSpec] = [
        .value("project", "ORG/PROJECT", "The better-i18n project, 'org/project' or a UUID [WIDGET_I18N_PROJECT]"),
        .value("group", "ID", "The App Group identifier (default: group.ORG.PROJECT) [WIDGET_I18N_GROUP]"),
        .value(
            "group-dir", "DIR", "The group container directory, instead of the group's default [WIDGET_I18N_GROUP_DIR]"),
        .value("suite", "NAME", "Run over the UserDefaults suite NAME instead of the container [WIDGET_I18N_SUITE]"),
        .value(
            "suite-plist", "FILE",
            "Read a suite's property list file (binary or XML) as it is, read-only [WIDGET_I18N_SUITE_PLIST]"),
        .value(
            "suite-budget", "BYTES", "The most --suite may hold (default: iOS's 4194304 less 1/16; watchOS: 1048576)"),
        .value("default-locale", "LOCALE", "The fallback locale (default: en) [WIDGET_I18N_DEFAULT_LOCALE]"),
        .value(
            "cdn", "URL",
            "The CDN base URL, https://… or file:///… (default: \(FetchOptions.defaultCDN)) [WIDGET_I18N_CDN]"),
        .flag("help", "Show help for this command"),
    ]

    let project: ProjectID?
    let group: String?
    let groupDirectory: String?
    /// `--suite NAME`: the command runs over `UserDefaultsGroupStore(suiteName:)`.
    let suite: String?
    /// `--suite-plist FILE`, resolved against the working directory: a suite's property list, read-only.
    let suitePlist: String?
    /// `--suite-budget BYTES`: the limit `--suite` writes under (less a sixteenth), instead of iOS's.
    let suiteBudget: PreferencesBudget
    let defaultLocale: LocaleTag
    let cdn: String
    /// The namespaces `fetch` and `locale set` store (`--namespaces a,b`), or `nil` for all.
    let namespaces: [String]?
    /// The origins besides the CDN's own that a manifest's URLs may name (`--allow-origin`), each checked.
    let allowedOrigins: [String]
    /// The HTTP stack commands that fetch use (`--http-client`), or `nil` for the platform's default.
    let httpClient: String?
    let environment: [String: String]

    init(arguments: ParsedArguments, environment: [String: String], workingDirectory: String) throws(CLIError) {
        let (file, fileOrigins) = try Self.readFile(in: workingDirectory)
        func setting(_ setting: Setting) -> (value: String, origin: String)? {
            if let value = arguments.value(setting.flag) { return (value, "--\(setting.flag)") }
            if let value = environment[setting.environmentVariable], !value.isEmpty {
                return (value, setting.environmentVariable)
            }
            if let value = file[setting.fileKey] { return (value, "'\(setting.fileKey)' in \(Self.fileName)") }
            return nil
        }
        if let (text, _) = setting(.project) {
            do { project = try ProjectID(text) } catch { throw .usage(error.description) }
        } else {
            project = nil
        }
        if let (text, _) = setting(.group) {
            do { try GroupContainer.validateGroupIdentifier(text) } catch { throw .usage(error.description) }
            group = text
        } else {
            group = nil
        }
        // One store: of --group-dir, --suite and --suite-plist, those given the way that wins (flags over the
        // environment over the file) count, and two of them at once are a mistake.
        let level = { (origin: String) in origin.hasPrefix("--") ? 0 : origin.hasPrefix("WIDGET_I18N_") ? 1 : 2 }
        let given = [Setting.groupDirectory, .suite, .suitePlist].compactMap { place in
            setting(place).map { (place: place, value: $0.value, origin: $0.origin) }
        }
        let winning = given.filter { level($0.origin) == given.map { level($0.origin) }.min() }
        guard winning.count <= 1 else {
            throw .usage(
                "\(winning.map(\.origin).joined(separator: " and ")) name different stores; give one of --group-dir, "
                    + "--suite and --suite-plist")
        }
        if let text = arguments.value("suite-budget") {
            guard let limit = Int(text), limit > 0 else {
                throw .usage("Invalid --suite-budget '\(text)': give the suite's limit in bytes, such as 1048576")
            }
            suiteBudget = PreferencesBudget(limit: limit)
        } else {
            suiteBudget = .platform
        }
        let place = winning.first
        groupDirectory = place?.place == .groupDirectory ? place?.value : nil
        if let place, place.place == .suite {
            // On Linux a suite is a file named after it: '../x', '/abs' or 'a/b/c' would be a path out of
            // $XDG_CONFIG_HOME, and '' or 'NSGlobalDomain' no App Group's suite.
            guard Self.isSuiteName(place.value) else {
                throw .usage(
                    "Invalid suite '\(place.value)' (from \(place.origin)): a suite is named like its App Group, in "
                        + "reverse-DNS form: two or more labels of letters, digits, '-' and '_' joined by '.', such as "
                        + "'group.acme.widgets'")
            }
            suite = place.value
        } else {
            suite = nil
        }
        suitePlist = (place?.place == .suitePlist ? place?.value : nil).map {
            $0.hasPrefix("/") ? $0 : workingDirectory + "/" + $0
        }
        if let (text, origin) = setting(.defaultLocale) {
            do { defaultLocale = try LocaleTag(text) } catch { throw .usage("\(error.description) (from \(origin))") }
        } else {
            defaultLocale = .english
        }
        // A plain path is a directory laid out as the CDN serves it: make it a file:// URL.
        let cdnSetting = setting(.cdn)?.value ?? FetchOptions.defaultCDN
        if cdnSetting.contains("://") {
            cdn = cdnSetting
        } else {
            let path = cdnSetting.hasPrefix("/") ? cdnSetting : workingDirectory + "/" + cdnSetting
            cdn = URL(fileURLWithPath: path).standardizedFileURL.absoluteString
        }
        if let (text, origin) = setting(.namespaces) {
            let names = text.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
            guard !names.isEmpty else {
                throw .usage("No namespaces in '\(text)' (from \(origin)); give names such as 'common,widget'")
            }
            if let invalid = names.first(where: { !Manifest.isPlainFileName($0) }) {
                throw .usage(
                    "Invalid namespace '\(invalid)' (from \(origin)): use letters, digits, '-', '_' and '.'")
            }
            namespaces = names
        } else {
            namespaces = nil
        }
        // A list: every --allow-origin, else the variable's comma-separated origins, else the file's list.
        let origins: (values: [String], origin: String)
        let originFlags = arguments.allValues(Setting.allowedOrigins.flag)
        if !originFlags.isEmpty {
            origins = (originFlags, "--\(Setting.allowedOrigins.flag)")
        } else if let text = environment[Setting.allowedOrigins.environmentVariable], !text.isEmpty {
            let values = text.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
            origins = (values, Setting.allowedOrigins.environmentVariable)
        } else {
            origins = (fileOrigins ?? [], "'\(Setting.allowedOrigins.fileKey)' in \(Self.fileName)")
        }
        for text in origins.values {
            do { _ = try ManifestURLPolicy.Origin(parsing: text) } catch {
                throw .usage("\(error.description) (from \(origins.origin))")
            }
        }
        allowedOrigins = origins.values
        httpClient = setting(.httpClient)?.value
        self.environment = environment
    }

    /// Whether `name` can name a suite: a group identifier (`GroupContainer.validateGroupIdentifier`) in reverse-DNS
    /// form, two or more non-empty labels joined by `.`.
    static func isSuiteName(_ name: String) -> Bool {
        guard (try? GroupContainer.validateGroupIdentifier(name)) != nil else { return false }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }

    /// The project, or a usage error that says how to set it.
    func requireProject() throws(CLIError) -> ProjectID {
        guard let project else {
            throw .usage(
                "No project given; pass --project ORG/PROJECT (e.g. --project acme/widgets), "
                    + "set WIDGET_I18N_PROJECT, or add \"project\" to \(Self.fileName)")
        }
        return project
    }

    /// The group identifier in use, when the store is not a directory given directly.
    var groupIdentifier: String? {
        group ?? project.map { GroupContainer.defaultGroupIdentifier(forProject: $0.description) }
    }

    /// The group store the settings name: `--suite-plist`'s file (read-only), `--suite`'s `UserDefaults` suite,
    /// `--group-dir`'s directory, or else the group's App Group as a widget reads it: its container, and its suite
    /// beside it (`AppGroupStore`).
    func store() throws(CLIError) -> any GroupStore {
        if let suitePlist {
            do { return try PropertyListGroupStore(path: suitePlist) } catch { throw .failure(error.description) }
        }
        if let suite {
            // swift-corelibs-foundation loads a suite whole, however far a hostile plist expands: it is read first
            // as --suite-plist reads one.
            do { try UserDefaultsGroupStore.checkPropertyList(suiteName: suite, environment: environment) } catch {
                throw .failure(error.description)
            }
            guard let store = UserDefaultsGroupStore(suiteName: suite, budget: suiteBudget) else {
                throw .usage("The system refuses the user defaults suite '\(suite)'; give an App Group identifier")
            }
            return store
        }
        if let groupDirectory {
            guard !groupDirectory.isEmpty else { throw .usage("The group directory is empty; pass --group-dir DIR") }
            // An App Group's container (a simulator's, one copied off a device) holds the store in a folder of its
            // own: read at its root, it would be an empty store, and a fetch would write beside the app's files.
            let inside = groupDirectory + "/" + GroupContainer.appleSubdirectory
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: inside, isDirectory: &isDirectory), isDirectory.boolValue {
                throw .usage(
                    "'\(groupDirectory)' is an App Group's container; its store is the folder inside it: pass "
                        + "--group-dir '\(inside)'")
            }
            return FileGroupStore(directory: groupDirectory)
        }
        guard let identifier = groupIdentifier else {
            throw .usage("No group store given; pass --group-dir DIR, --group ID or --project ORG/PROJECT")
        }
        do { return try AppGroupStore(group: identifier, environment: environment) } catch {
            throw .usage(error.description)
        }
    }

    /// The group store, for a command that writes: refused for `--suite-plist`, a copy to look at.
    /// - Parameter command: the command's name, for the error.
    func writableStore(for command: String) throws(CLIError) -> any GroupStore {
        guard suitePlist == nil else {
            throw .usage(
                "--suite-plist reads a copy of a suite and writes nothing; '\(command)' writes the store: use "
                    + "--suite NAME or --group-dir DIR")
        }
        return try store()
    }

    /// The string settings of `widget-i18n.json`, and its `allowedOrigins` list.
    private static func readFile(in directory: String) throws(CLIError) -> ([String: String], [String]?) {
        let path = directory + "/" + fileName
        guard let data = FileManager.default.contents(atPath: path) else { return ([:], nil) }
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw .usage("\(fileName) is not valid JSON; fix it or remove it ('\(path)')")
        }
        guard let dictionary = object as? [String: Any] else {
            throw .usage("\(fileName) must hold a JSON object such as {\"project\": \"acme/widgets\"} ('\(path)')")
        }
        let known = Set(Setting.allCases.map(\.fileKey))
        var result: [String: String] = [:]
        var origins: [String]?
        for (key, value) in dictionary {
            guard known.contains(key) else {
                throw .usage(
                    "Unknown setting '\(key)' in \(fileName); known settings: \(known.sorted().joined(separator: ", "))"
                )
            }
            if key == Setting.allowedOrigins.fileKey {
                guard let list = value as? [String] else {
                    throw .usage(
                        "Setting '\(key)' in \(fileName) must be a list of origins, such as "
                            + "[\"https://assets.example.com\"]")
                }
                origins = list
                continue
            }
            guard let text = value as? String else { throw .usage("Setting '\(key)' in \(fileName) must be a string") }
            result[key] = text
        }
        return (result, origins)
    }
}
