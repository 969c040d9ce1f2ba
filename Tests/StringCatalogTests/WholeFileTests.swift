import Foundation
import StringCatalog
import TestSupport
import Testing

@Suite struct WholeFileTests {
    @Test func replacesAFileWholeAndKeepsItsPermissions() throws {
        let directory = try TemporaryDirectory(prefix: "string-catalog-whole-file")
        defer { directory.remove() }
        let path = directory.appending("Localizable.xcstrings")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o640)
        try WholeFile.write(Array("new".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("new".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["Localizable.xcstrings"])
    }

    @Test func writesNothingWhenOneFileCannotBeWritten() throws {
        let directory = try TemporaryDirectory(prefix: "string-catalog-whole-file")
        defer { directory.remove() }
        try FileManager.default.createDirectory(
            atPath: directory.appending("out/de/translations.json"), withIntermediateDirectories: true)
        let error = #expect(throws: WholeFileError.self) {
            try WholeFile.write([
                (directory.appending("out/en/translations.json"), Array("{}".utf8)),
                (directory.appending("out/de/translations.json"), Array("{}".utf8)),
            ])
        }
        #expect(error?.reason == "it is a directory")
        #expect(snapshot(of: directory.path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.appending("out/en")))
    }

    /// A catalog shared by a symbolic link (`Widgets/Localizable.xcstrings` → `../Shared/…`) is written through the
    /// link, relative ones included, as editors do: before, the link was replaced by a regular file and the shared
    /// catalog stayed stale.
    @Test func writesThroughASymbolicLinkToItsTarget() throws {
        let directory = try TemporaryDirectory(prefix: "string-catalog-whole-file")
        defer { directory.remove() }
        try FileManager.default.createDirectory(
            atPath: directory.appending("Shared"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: directory.appending("Widgets"), withIntermediateDirectories: true)
        let shared = directory.appending("Shared/Localizable.xcstrings")
        try Data("old".utf8).write(to: URL(fileURLWithPath: shared))
        chmod(shared, 0o640)
        let hop = directory.appending("Widgets/hop.xcstrings")
        let link = directory.appending("Widgets/Localizable.xcstrings")
        #expect(symlink("../Shared/Localizable.xcstrings", hop) == 0)
        #expect(symlink("hop.xcstrings", link) == 0)
        try WholeFile.write(Array("new".utf8), to: link)
        #expect(FileManager.default.contents(atPath: shared) == Data("new".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "hop.xcstrings")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: hop) == "../Shared/Localizable.xcstrings")
        #expect((try FileManager.default.attributesOfItem(atPath: shared)[.posixPermissions] as? Int) == 0o640)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.appending("Shared")) == [
                "Localizable.xcstrings"
            ])
    }

    @Test func aLoopOfLinksIsAnErrorAndWritesNothing() throws {
        let directory = try TemporaryDirectory(prefix: "string-catalog-whole-file")
        defer { directory.remove() }
        let link = directory.appending("a.xcstrings")
        #expect(symlink("b.xcstrings", link) == 0)
        #expect(symlink("a.xcstrings", directory.appending("b.xcstrings")) == 0)
        let error = #expect(throws: WholeFileError.self) { try WholeFile.write(Array("new".utf8), to: link) }
        #expect(
            error?.description.contains("Too many levels of symbolic links") == true, "\(String(describing: error))")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
                "a.xcstrings", "b.xcstrings",
            ])
    }
}

/// What the probe gave `--out` that is no regular file: a FIFO, a device, a socket (issue 53). Each is written
/// through as a stream, or refused by name, and never replaced: before, `catalog export --out /dev/null` as root
/// turned /dev/null into a 0666 regular file.
@Suite struct WholeFileStreamTests {
    /// The file type bits of what `path` names once links are followed; 0 when it cannot be read.
    static func fileType(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    /// A FIFO with a reader gets every byte, through a link too, more than a pipe holds at once, and stays a FIFO.
    @Test func aFIFOWithAReaderGetsTheBytesAndStaysAFIFO() throws {
        let directory = try TemporaryDirectory(prefix: "string-catalog-whole-file")
        defer { directory.remove() }
        let fifo = directory.appending("pipe")
        let link = directory.appending("Localizable.xcstrings")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(symlink("pipe", link) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        #expect(fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) & ~O_NONBLOCK) == 0)
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let group = DispatchGroup()
        nonisolated(unsafe) var received: [UInt8] = []
        group.enter()
        // Reads until the writer closes: a read before any writer opened would be the end, so it waits for one.
        DispatchQueue.global().async {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            var writerSeen = false
            while true {
                let count = chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
                if count > 0 {
                    writerSeen = true
                    received += chunk[..<count]
                } else if count == 0, !writerSeen {
                    usleep(1_000)
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            group.leave()
        }
        try WholeFile.write(bytes, to: link)
        #expect(group.wait(timeout: .now() + 30) == .success)
        // Compared as a flag: an expectation on two arrays of 300,000 bytes that differ would print their difference.
        let receivedEveryByte = received == bytes
        #expect(receivedEveryByte, "\(received.count) of \(bytes.count) bytes")
        #expect(Self.fileType(fifo) == S_IFIFO)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "pipe")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
                "Localizable.xcstrings", "pipe",
            ])
    }

    /// A FIFO nobody reads would block the command for ever: it is an error that names it, and it stays a FIFO.
    @Test func aFIFOWithoutAReaderIsAnErrorNotABlock() throws {
        let directory = try TemporaryDirectory(prefix: "string-catalog-whole-file")
        defer { directory.remove() }
        let fifo = directory.appending("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let error = #expect(throws: WholeFileError.self) { try WholeFile.write(Array("new".utf8), to: fifo) }
        #expect(error?.description == "Cannot write '\(fifo)': it is a FIFO with no reader")
        #expect(Self.fileType(fifo) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["pipe"])
    }

    /// /dev/null takes the bytes and stays the same character device (no one needs to be root to see it).
    @Test func aCharacterDeviceIsWrittenAndStaysADevice() throws {
        var before = stat()
        #expect(stat("/dev/null", &before) == 0 && before.st_mode & S_IFMT == S_IFCHR)
        try WholeFile.write(Array("new".utf8), to: "/dev/null")
        var after = stat()
        #expect(lstat("/dev/null", &after) == 0)
        #expect(after.st_mode == before.st_mode && after.st_rdev == before.st_rdev && after.st_ino == before.st_ino)
    }

    /// A socket cannot be opened as a file: the write says so, and the socket stays.
    @Test func aSocketIsNamedForWhatItIs() throws {
        let directory = try TemporaryDirectory(prefix: "string-catalog-whole-file")
        defer { directory.remove() }
        let path = directory.appending("socket")
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
        let error = #expect(throws: WholeFileError.self) { try WholeFile.write(Array("new".utf8), to: path) }
        #expect(error?.description == "Cannot write '\(path)': it is a socket, which cannot be opened as a file")
        #expect(Self.fileType(path) == S_IFSOCK)
    }

    /// A set of files with a stream in it writes nothing, to the stream either, when another file cannot be written.
    @Test func aStreamGetsNothingWhenAnotherFileOfTheSetFails() throws {
        let directory = try TemporaryDirectory(prefix: "string-catalog-whole-file")
        defer { directory.remove() }
        let fifo = directory.appending("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        try FileManager.default.createDirectory(
            atPath: directory.appending("taken"), withIntermediateDirectories: true)
        let error = #expect(throws: WholeFileError.self) {
            try WholeFile.write([(fifo, Array("new".utf8)), (directory.appending("taken"), Array("{}".utf8))])
        }
        #expect(error?.reason == "it is a directory")
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) } <= 0)
        #expect(Self.fileType(fifo) == S_IFIFO)
    }
}
