import Foundation

/// A directory written as a whole: files go into a hidden sibling, which `commit` renames into place.
/// Until then the destination is untouched; a failure or a crash leaves at most the hidden sibling.
struct PreviewDirectory {
    let destination: String
    /// Where the files are written until `commit`.
    let staging: String
    private let files = FileManager.default

    /// The file that marks a directory as one `Previews` wrote, which a later run may replace. A directory
    /// without it is someone else's, even when it holds a `report.json`.
    static let marker = ".widget-i18n-previews"

    init(_ destination: String) throws(PreviewError) {
        let url = URL(fileURLWithPath: destination).standardizedFileURL
        self.destination = url.path
        let parent = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .cannotWrite(url.path, "it is a file, not a directory") }
            let contents = (try? files.contentsOfDirectory(atPath: url.path)) ?? []
            guard contents.isEmpty || contents.contains(Self.marker) else {
                throw .cannotWrite(
                    url.path, "it holds other files, not an earlier preview; choose an empty or new --out directory")
            }
        }
        do { try files.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
            throw .cannotWrite(parent, Self.reason(error))
        }
        var template = Array("\(parent)/.\(url.lastPathComponent).partial-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .cannotWrite(parent, String(cString: strerror(errno)))
        }
        staging = String(cString: made)
        do {
            try writeFile(
                Self.marker, "Written by widget-i18n preview; a later preview into this directory replaces it.\n")
        } catch {
            discard()
            throw error
        }
    }

    /// Makes the directories a relative file path needs.
    func createDirectory(for relativePath: String) throws(PreviewError) {
        let directory = URL(fileURLWithPath: staging + "/" + relativePath).deletingLastPathComponent().path
        do { try files.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw .cannotWrite(directory, Self.reason(error))
        }
    }

    func writeFile(_ relativePath: String, _ text: String) throws(PreviewError) {
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: staging + "/" + relativePath)) } catch {
            throw .cannotWrite(destination + "/" + relativePath, Self.reason(error))
        }
    }

    /// Moves the finished directory into place, replacing an earlier preview directory.
    func commit() throws(PreviewError) {
        var old: String?
        if files.fileExists(atPath: destination) {
            old = staging + ".old"
            guard rename(destination, old!) == 0 else {
                throw .cannotWrite(destination, String(cString: strerror(errno)))
            }
        }
        guard rename(staging, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            if let old { _ = rename(old, destination) }
            throw .cannotWrite(destination, reason)
        }
        if let old { try? files.removeItem(atPath: old) }
    }

    func discard() {
        try? files.removeItem(atPath: staging)
    }

    private static func reason(_ error: any Error) -> String {
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
            posix.domain == NSPOSIXErrorDomain, let message = strerror(Int32(posix.code))
        {
            return String(cString: message)
        }
        return (error as NSError).localizedDescription
    }
}
