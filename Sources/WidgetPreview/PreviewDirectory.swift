import Foundation

/// A directory written as a whole: files go into a hidden sibling, which `commit` renames into place.
///
/// Until `commit` the destination is untouched. `commit` moves what is at the destination aside first and
/// looks at it there: only an empty directory or an earlier preview (one holding `marker`) is replaced, and
/// anything else is moved back and reported, however it got there during the run. A crash can leave the
/// hidden `.NAME.partial-…` directories behind (between `commit`'s renames, with the earlier preview in one).
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
        // Refused early, so that a long run does not end in a refusal; `commit` checks again.
        try Self.checkReplaceable(url.path, as: url.path)
        let parent = url.deletingLastPathComponent().path
        do { try files.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
            throw .cannotWrite(parent, Self.reason(error))
        }
        var template = Array("\(parent)/.\(url.lastPathComponent).partial-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .cannotWrite(parent, String(cString: strerror(errno)))
        }
        staging = String(cString: made)
        // mkdtemp makes it private (0700); the published directory gets the umask's usual permissions.
        let mask = umask(0)
        umask(mask)
        chmod(staging, 0o777 & ~mask)
        do {
            try writeFile(
                Self.marker, "Written by widget-i18n preview; a later preview into this directory replaces it.\n")
        } catch {
            discard()
            throw error
        }
    }

    /// Throws unless `path` is absent, an empty directory or an earlier preview. `name` is how errors call it.
    private static func checkReplaceable(_ path: String, as name: String) throws(PreviewError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { throw .cannotWrite(name, "it is a file, not a directory") }
        let contents: [String]
        do { contents = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
            throw .cannotWrite(name, "its contents cannot be listed (\(reason(error)))")
        }
        guard contents.isEmpty || contents.contains(marker) else { throw .occupied(name) }
    }

    /// The path a file will have once committed, for messages.
    func published(_ relativePath: String) -> String { destination + "/" + relativePath }

    /// Makes the directories a relative file path needs.
    func createDirectory(for relativePath: String) throws(PreviewError) {
        let directory = URL(fileURLWithPath: staging + "/" + relativePath).deletingLastPathComponent().path
        do { try files.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw .cannotWrite(published(relativePath), Self.reason(error))
        }
    }

    func writeFile(_ relativePath: String, _ text: String) throws(PreviewError) {
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: staging + "/" + relativePath)) } catch {
            throw .cannotWrite(published(relativePath), Self.reason(error))
        }
    }

    /// Moves the finished directory into place, replacing an empty directory or an earlier preview.
    func commit() throws(PreviewError) {
        let aside = staging + ".old"
        let hadDestination = rename(destination, aside) == 0
        guard hadDestination || errno == ENOENT else {
            throw .cannotWrite(destination, String(cString: strerror(errno)))
        }
        if hadDestination {
            do { try Self.checkReplaceable(aside, as: destination) } catch {
                _ = rename(aside, destination)
                throw error
            }
        }
        guard rename(staging, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            if hadDestination { _ = rename(aside, destination) }
            throw .cannotWrite(destination, reason)
        }
        if hadDestination { try? files.removeItem(atPath: aside) }
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
