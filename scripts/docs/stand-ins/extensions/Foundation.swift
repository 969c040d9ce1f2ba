// A stand-in for the members of Apple's Foundation that WidgetI18n's Apple-only code calls and that
// swift-corelibs-foundation (Linux's Foundation) lacks. Not a module: a module named Foundation would hide the real
// one, so scripts/check-apple-only.py compiles this file into the Apple copy of each module that imports
// Foundation, as one more source. Only the shapes, with the signatures Apple documents; nothing runs against them.
// A branch that needs another Foundation member that Linux lacks adds it here, as Apple declares it.
import Foundation

extension FileManager {
    /// `func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL?`, iOS 7.0,
    /// macOS 10.8, watchOS 2.0; `nil` when the process lacks the App Groups entitlement for the group:
    /// https://developer.apple.com/documentation/foundation/filemanager/containerurl(forsecurityapplicationgroupidentifier:)
    func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? { nil }
}
