import Foundation
import TestSupport
import Testing

@testable import GroupStore

@Suite struct FileGroupStoreTests {
    @Test func roundTripsValues() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store: any GroupStore = FileGroupStore(directory: directory.appending("group"))
        #expect(try store.value(forKey: "missing") == nil)
        #expect(try store.keys() == [])
        let binary: [UInt8] = [0, 1, 2, 255, 10]
        try store.setValue(binary, forKey: "binary")
        try store.setString("Günaydın 今日", forKey: "@better-i18n:locale:acme/widgets")
        try store.setString("", forKey: "empty")
        #expect(try store.value(forKey: "binary") == binary)
        #expect(try store.string(forKey: "@better-i18n:locale:acme/widgets") == "Günaydın 今日")
        #expect(try store.value(forKey: "empty") == [])
        #expect(try Set(store.keys()) == ["binary", "@better-i18n:locale:acme/widgets", "empty"])
        try store.setString("second", forKey: "binary")
        #expect(try store.string(forKey: "binary") == "second")
        try store.removeValue(forKey: "binary")
        try store.removeValue(forKey: "binary")
        #expect(try store.value(forKey: "binary") == nil)
    }

    /// A batch lands in order and stops at the first failure, leaving what came before it and no temporary
    /// files.
    @Test func storesABatchInOrderUpToTheFirstFailure() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store: any GroupStore = FileGroupStore(directory: directory.appending("group"))
        try store.setValues([("a", Array("1".utf8)), ("b", Array("2".utf8)), ("a", Array("3".utf8))])
        #expect(try store.string(forKey: "a") == "3")
        #expect(try store.string(forKey: "b") == "2")
        #expect(throws: GroupStoreError.self) {
            try store.setValues([("c", Array("4".utf8)), ("", Array("5".utf8)), ("d", Array("6".utf8))])
        }
        #expect(try store.string(forKey: "c") == "4")
        #expect(try store.value(forKey: "d") == nil)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.appending("group")).sorted() == [
                "a", "b", "c",
            ])
    }

    @Test func writesTheDocumentedFormat() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let container = directory.appending("a/b/group")
        let store: any GroupStore = FileGroupStore(directory: container)
        try store.setString("pt-BR", forKey: "@better-i18n:locale:acme/widgets")
        let file = container + "/%40better-i18n%3Alocale%3Aacme%2Fwidgets"
        #expect(FileManager.default.contents(atPath: file) == Data("pt-BR".utf8))
        #expect(try permissions(file) == 0o600)
        #expect(try permissions(container) == 0o700)
        #expect(try permissions(directory.appending("a")) == 0o700)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: container) == [
                "%40better-i18n%3Alocale%3Aacme%2Fwidgets"
            ])
    }

    @Test(arguments: ["../escape", "../../etc/passwd", "/absolute", "a/../../b", "..%2F", "~", "\u{0}nul"])
    func keysNeverLeaveTheContainer(_ key: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let container = directory.appending("group")
        let store: any GroupStore = FileGroupStore(directory: container)
        try store.setString("value", forKey: key)
        #expect(try store.string(forKey: key) == "value")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["group"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: container).count == 1)
        #expect(try store.keys() == [key])
    }

    @Test(arguments: ["", ".", "..", String(repeating: "x", count: 256), String(repeating: "/", count: 90)])
    func rejectsKeysThatCannotBeFiles(_ key: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store: any GroupStore = FileGroupStore(directory: directory.path)
        let error = #expect(throws: GroupStoreError.self) { try store.setString("v", forKey: key) }
        guard case .invalidKey = error?.kind else {
            Issue.record("expected an invalid key error, got \(String(describing: error))")
            return
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
    }

    @Test func temporaryAndStrayFilesAreNotKeys() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store: any GroupStore = FileGroupStore(directory: directory.path)
        try store.setString("x", forKey: "real")
        for stray in ["%tmp-1-abc", "not a key", "%2f-lowercase"] {
            _ = FileManager.default.createFile(atPath: directory.appending(stray), contents: Data("junk".utf8))
        }
        try FileManager.default.createDirectory(
            atPath: directory.appending("subdir"), withIntermediateDirectories: false)
        #expect(try store.keys() == ["real"])
    }

    @Test func symbolicLinksAreNeverFollowed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let container = directory.appending("group")
        let outside = directory.appending("outside.txt")
        try Data("secret".utf8).write(to: URL(fileURLWithPath: outside))
        let store: any GroupStore = FileGroupStore(directory: container)
        try store.setString("x", forKey: "other")
        try FileManager.default.createSymbolicLink(atPath: container + "/linked", withDestinationPath: outside)
        let error = #expect(throws: GroupStoreError.self) { try store.value(forKey: "linked") }
        #expect(error?.kind == .notARegularFile(path: container + "/linked"))
        #expect(try store.keys() == ["other"])
        // A write replaces the link itself and leaves its target alone.
        try store.setString("new", forKey: "linked")
        #expect(FileManager.default.contents(atPath: outside) == Data("secret".utf8))
        #expect(try store.string(forKey: "linked") == "new")
    }

    @Test func aDirectoryWhereAValueShouldBeIsAClearError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store: any GroupStore = FileGroupStore(directory: directory.path)
        try FileManager.default.createDirectory(atPath: directory.appending("dir"), withIntermediateDirectories: false)
        let readError = #expect(throws: GroupStoreError.self) { try store.value(forKey: "dir") }
        #expect(readError?.description.contains("is not a regular file") == true)
        #expect(throws: GroupStoreError.self) { try store.setString("x", forKey: "dir") }
        #expect(throws: GroupStoreError.self) { try store.removeValue(forKey: "dir") }
        // No temporary file was left behind by the failed write.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["dir"])
        // A library's message never sends its user to a command-line tool.
        #expect(readError?.description.contains("store rm") == false)
    }

    /// `removeEntry` clears what `notARegularFile` reports: a link (never its target), a FIFO, an empty
    /// directory; a directory with something in it stays, with `ENOTEMPTY`.
    @Test func removeEntryRemovesWhatIsNotARegularFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let container = directory.appending("group")
        let outside = directory.appending("outside.txt")
        try Data("secret".utf8).write(to: URL(fileURLWithPath: outside))
        let store = FileGroupStore(directory: container)
        try store.setString("x", forKey: "value")
        try FileManager.default.createSymbolicLink(atPath: container + "/link", withDestinationPath: outside)
        #expect(mkfifo(container + "/fifo", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: container + "/empty", withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: container + "/full/inner", withIntermediateDirectories: true)
        for key in ["link", "fifo", "empty", "value"] {
            #expect(try store.removeEntry(forKey: key), "\(key)")
            #expect(try store.removeEntry(forKey: key) == false, "\(key)")
        }
        #expect(FileManager.default.contents(atPath: outside) == Data("secret".utf8))
        let error = #expect(throws: GroupStoreError.self) { try store.removeEntry(forKey: "full") }
        #expect(error?.kind == .io(operation: "remove", path: container + "/full", errno: ENOTEMPTY))
        #expect(try FileManager.default.contentsOfDirectory(atPath: container) == ["full"])
        #expect(throws: GroupStoreError.self) { try store.removeEntry(forKey: "..") }
    }

    /// The on-disk format is the contract: a store that `Benchmarks/make-fixture.py` writes with Python's
    /// `urllib.parse.quote` opens as-is, every file a key, every value byte for byte.
    @Test func opensTheBenchmarkFixtureAsIs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fixture = directory.appending("fixture")
        let result = try runProcess(
            "/usr/bin/env",
            ["python3", Repository.root + "/Benchmarks/make-fixture.py", "--out", fixture, "--size-kb", "20"],
            inheritEnvironment: true)
        try #require(result.status == 0, "\(result)")
        let store: any GroupStore = FileGroupStore(directory: fixture + "/store")
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture + "/store")
        let keys = try store.keys()
        #expect(keys.count == files.count)
        #expect(
            Set(keys) == [
                "@better-i18n:locale:acme/widgets", "@better-i18n:manifest:acme/widgets",
                "@better-i18n:messages:acme/widgets:en", "@better-i18n:messages:acme/widgets:tr",
                "@better-i18n:messages:acme/widgets:de", "@better-i18n:messages:acme/widgets:ar",
                "@better-i18n:messages:acme/widgets:pt-br", "@better-i18n:messages:acme/widgets:ja",
            ])
        #expect(try store.string(forKey: "@better-i18n:locale:acme/widgets") == "tr")
        for key in keys {
            let file = fixture + "/store/" + KeyFileName.encode(key)
            #expect(try store.value(forKey: key) == Array(try #require(FileManager.default.contents(atPath: file))))
        }
    }

    @Test func listsEntriesWithSizeAndTime() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store: any GroupStore = FileGroupStore(directory: directory.path)
        let before = Date().addingTimeInterval(-5)
        try store.setString("12345", forKey: "five")
        let entries = try store.entries()
        #expect(entries.count == 1)
        #expect(entries.first?.key == "five")
        #expect(entries.first?.size == 5)
        #expect(try #require(entries.first?.modified) > before)
    }

    private func permissions(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? 0) & 0o777
    }

    /// A flush that fails is reported by every write API: of the file (then the old value stays), and of the
    /// directory (the value is in place, but might not survive a power loss).
    @Test(arguments: [true, false])
    func aFailedFlushIsReported(_ failDirectory: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("group")
        try FileGroupStore(directory: path).setString("old", forKey: "a")
        let store: any GroupStore = FileGroupStore(directory: path) { descriptor in
            var status = stat()
            let isDirectory = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            guard isDirectory == failDirectory else { return fsync(descriptor) }
            errno = EIO
            return -1
        }
        let writes: [(String, () throws -> Void)] = [
            ("setValue", { try store.setString("new", forKey: "a") }),
            ("setValues", { try store.setValues([("a", Array("new".utf8))]) }),
            ("removeValue", { try store.removeValue(forKey: "a") }),
        ]
        for (name, write) in writes where failDirectory || name != "removeValue" {
            try FileGroupStore(directory: path).setString("old", forKey: "a")
            let error = #expect(throws: GroupStoreError.self, "\(name)") { try write() }
            if failDirectory {
                // The value is in place; what failed is making it durable, and the message says so.
                #expect(error?.kind == .notDurable(path: path, errno: EIO), "\(name): \(String(describing: error))")
                #expect(error?.description.contains("but flushing the container failed") == true)
            } else {
                #expect(error?.kind == .io(operation: "flush", path: path + "/a", errno: EIO), "\(name)")
                #expect(error?.description.contains("Cannot flush 'a'") == true, "\(String(describing: error))")
                #expect(try store.string(forKey: "a") == "old", "\(name)")
            }
        }
        // Caches are not flushed file by file, but their directory is.
        if failDirectory {
            #expect(throws: GroupStoreError.self) { try store.setCachedValues([("c", [1])]) }
        } else {
            #expect(throws: Never.self) { try store.setCachedValues([("c", [1])]) }
        }
    }
}
