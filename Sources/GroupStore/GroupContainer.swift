import WidgetI18nSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where App Group containers live on this machine and what a group identifier may be.
///
/// On Apple platforms the container of group `G` is the directory the system gives the App Group
/// (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`), which the app and its extensions share,
/// and the file store is its ``appleSubdirectory``. Elsewhere it is `$XDG_DATA_HOME/widget-i18n/groups/G/`, with
/// `XDG_DATA_HOME` defaulting to `~/.local/share`. `--group-dir` (or `WIDGET_I18N_GROUP_DIR`) names a directory
/// directly.
package enum GroupContainer {
    /// The file store's directory inside an App Group's container on Apple platforms. `Library/Application
    /// Support` is where Apple's file system guide puts an app's own data files ("File System Programming
    /// Guide", The Library Directory Stores App-Specific Files); the system neither purges it, as it may purge
    /// `Library/Caches`, nor shows it to the user.
    package static let appleSubdirectory = "Library/Application Support/widget-i18n"

    /// The container directory of `group` on this platform: inside the App Group's container on Apple
    /// platforms, under `XDG_DATA_HOME` elsewhere.
    /// - Parameters:
    ///   - group: the App Group identifier, such as `group.acme.widgets`.
    ///   - environment: the variables that locate the container off Apple platforms: `XDG_DATA_HOME`, else `HOME`.
    /// - Throws: `GroupContainerError` when `group` cannot name a directory, or (Apple platforms) the process has
    ///   no container for it.
    package static func directory(group: String, environment: [String: String]) throws(GroupContainerError) -> String {
        try validateGroupIdentifier(group)
        #if canImport(Darwin)
            // The one Apple-only call: nil when the process lacks the App Groups entitlement for `group`
            // (Apple, "containerURL(forSecurityApplicationGroupIdentifier:)"; not compiled on Linux).
            let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group)?.path
            return try directory(group: group, inAppGroupContainer: container)
        #else
            return xdgDirectory(group: group, environment: environment)
        #endif
    }

    /// The file store's directory inside the App Group container `container`, as the system gave it for
    /// `group`: the rule of Apple platforms, apart from the call that finds the container.
    /// - Parameters:
    ///   - group: the App Group identifier.
    ///   - container: the App Group's container directory, or `nil` when the system gave none.
    /// - Throws: `GroupContainerError` with code `noContainer` when `container` is `nil` or empty: never a
    ///   directory of the process's own, which its widget would not share.
    package static func directory(group: String, inAppGroupContainer container: String?)
        throws(GroupContainerError) -> String
    {
        guard var container, !container.isEmpty else { throw GroupContainerError(.noContainer, group: group) }
        while container.count > 1, container.hasSuffix("/") { container.removeLast() }
        return (container == "/" ? "" : container) + "/" + appleSubdirectory
    }

    /// The container directory of `group` off Apple platforms: `$XDG_DATA_HOME/widget-i18n/groups/<group>`, with
    /// `XDG_DATA_HOME` defaulting to `~/.local/share` (a relative one is ignored, as the XDG specification says).
    /// - Parameters:
    ///   - group: the App Group identifier, such as `group.acme.widgets`.
    ///   - environment: the variables that locate the container: `XDG_DATA_HOME`, else `HOME`.
    package static func xdgDirectory(group: String, environment: [String: String]) -> String {
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            dataHome = (environment["HOME"] ?? NSHomeDirectoryFallback.path) + "/.local/share"
        }
        return dataHome + "/widget-i18n/groups/" + group
    }

    /// The group identifier a project uses when none is configured: `group.` + the project with `/` → `.`
    /// (`acme/widgets` → `group.acme.widgets`).
    /// - Parameter project: the project identifier, such as `acme/widgets`.
    package static func defaultGroupIdentifier(forProject project: String) -> String {
        "group." + project.replacing("/", with: ".")
    }

    /// Checks that `identifier` can name a directory: letters, digits, `.`, `-` and `_`, not starting with `.`.
    /// - Parameter identifier: the App Group identifier to check.
    /// - Throws: `GroupContainerError` with code `invalidIdentifier`.
    package static func validateGroupIdentifier(_ identifier: String) throws(GroupContainerError) {
        let bytes = Array(identifier.utf8)
        guard !bytes.isEmpty, bytes.count <= 200, bytes.first != UInt8(ascii: "."),
            bytes.allSatisfy({ KeyFileName.isUnreserved($0) && $0 != UInt8(ascii: "~") })
        else { throw GroupContainerError(.invalidIdentifier, group: identifier) }
    }
}

/// An App Group whose container cannot be used: its identifier cannot name a directory, or the system has no
/// container for it (the entitlement is missing).
public struct GroupContainerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, to switch on: `invalidIdentifier`, `noContainer`.
    public typealias Code = ErrorCode<GroupContainerError>

    /// What is wrong.
    public let code: Code
    /// The App Group identifier, as given.
    public let group: String

    package init(_ code: Code, group: String) {
        self.code = code
        self.group = group
    }

    public var description: String {
        if code == .noContainer {
            return "No App Group container for '\(group)': the process lacks the App Groups entitlement "
                + "(com.apple.security.application-groups) for it, or the identifier is misspelt; add '\(group)' to "
                + "the entitlements of the app and of the widget extension"
        }
        return "Invalid group '\(group)': use letters, digits, '.', '-' and '_' (e.g. 'group.acme.widgets'), "
            + "or name a directory with FileGroupStore(directory:)"
    }
}

extension ErrorCode where Domain == GroupContainerError {
    /// The identifier cannot name a directory.
    public static var invalidIdentifier: Self { Self("invalidIdentifier") }
    /// The system gave no container for the group: the process lacks the App Groups entitlement for it.
    public static var noContainer: Self { Self("noContainer") }
}

enum NSHomeDirectoryFallback {
    static let path = "/tmp"
}
