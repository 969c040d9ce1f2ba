import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
    public let path: String

    public init(prefix: String = "widget-i18n-test") throws {
        let template = NSTemporaryDirectory() + "/\(prefix)-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let created = bytes.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown)
        }
        path = String(cString: created)
    }

    /// `path` + `/` + `name`.
    public func appending(_ name: String) -> String { path + "/" + name }

    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The raw bytes of every regular file below `directory`, by relative path: a snapshot to prove that a failed
/// operation left a store byte-for-byte unchanged.
public func snapshot(of directory: String) -> [String: Data] {
    var result: [String: Data] = [:]
    guard let names = try? FileManager.default.subpathsOfDirectory(atPath: directory) else { return result }
    for name in names {
        var isDirectory: ObjCBool = false
        let path = directory + "/" + name
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            result[name] = FileManager.default.contents(atPath: path) ?? Data()
        }
    }
    return result
}

/// Removes the `UserDefaults` suite `suite` a test made in the process's own preferences (`~/.config` on Linux):
/// its keys, so its property list goes, and the writers' lock file `UserDefaultsGroupStore` keeps beside it.
public func removeSuite(_ suite: String) {
    UserDefaults.standard.removePersistentDomain(forName: suite)
    let environment = ProcessInfo.processInfo.environment
    let configuration =
        environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
    try? FileManager.default.removeItem(atPath: configuration + "/" + suite + ".widget-i18n-lock")
}
