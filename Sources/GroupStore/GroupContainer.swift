#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where App Group containers live on this machine and what a group identifier may be.
///
/// The default container of group `G` is `$XDG_DATA_HOME/widget-i18n/groups/G/`, with `XDG_DATA_HOME`
/// defaulting to `~/.local/share`. `--group-dir` (or `WIDGET_I18N_GROUP_DIR`) names a directory directly.
public enum GroupContainer {
    /// The default container directory of `group`.
    /// - Parameters:
    ///   - group: the App Group identifier, such as `group.acme.widgets`.
    ///   - environment: the variables that locate the container: `XDG_DATA_HOME`, else `HOME`.
    public static func defaultDirectory(group: String, environment: [String: String]) -> String {
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
    public static func defaultGroupIdentifier(forProject project: String) -> String {
        "group." + project.replacing("/", with: ".")
    }

    /// Checks that `identifier` can name a directory: letters, digits, `.`, `-` and `_`, not starting with `.`.
    /// - Parameter identifier: the App Group identifier to check.
    public static func validateGroupIdentifier(_ identifier: String) throws(GroupIdentifierError) {
        let bytes = Array(identifier.utf8)
        guard !bytes.isEmpty, bytes.count <= 200, bytes.first != UInt8(ascii: "."),
            bytes.allSatisfy({ KeyFileName.isUnreserved($0) && $0 != UInt8(ascii: "~") })
        else { throw GroupIdentifierError(identifier: identifier) }
    }
}

/// A group identifier that cannot name a container directory.
public struct GroupIdentifierError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rejected identifier.
    public let identifier: String
    public var description: String {
        "Invalid group '\(identifier)': use letters, digits, '.', '-' and '_' (e.g. 'group.acme.widgets'), "
            + "or name a directory with --group-dir"
    }
}

enum NSHomeDirectoryFallback {
    static let path = "/tmp"
}
