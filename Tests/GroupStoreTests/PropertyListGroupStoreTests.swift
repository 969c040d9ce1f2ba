import Foundation
import GroupStore
import GroupStoreUserDefaults
import TestSupport
import Testing

/// A suite's property list read as it is (a simulator's `Library/Preferences/group.….plist`), never written.
@Suite struct PropertyListGroupStoreTests {
    let domain: [String: Any] = [
        "@better-i18n:locale:acme/widgets": "tr",
        "@better-i18n:messages:acme/widgets:tr": #"{"today":{"title":"Bugün"}}"#,
        "binary": Data([0xFF, 0x00]),
        "count": 3,
    ]

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
    func readsStringsAndDataOfBinaryAndXMLFiles(_ format: PropertyListSerialization.PropertyListFormat) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/group.acme.widgets.plist"
        try PropertyListSerialization.data(fromPropertyList: domain, format: format, options: 0)
            .write(to: URL(fileURLWithPath: path))
        let store: any GroupStore = try PropertyListGroupStore(path: path)
        #expect(try store.string(forKey: "@better-i18n:locale:acme/widgets") == "tr")
        #expect(try store.string(forKey: "@better-i18n:messages:acme/widgets:tr") == #"{"today":{"title":"Bugün"}}"#)
        #expect(try store.value(forKey: "binary") == [0xFF, 0x00])
        // A number is no value of a group store, as in UserDefaultsGroupStore.
        #expect(try store.value(forKey: "count") == nil)
        #expect(
            try store.keys().sorted() == [
                "@better-i18n:locale:acme/widgets", "@better-i18n:messages:acme/widgets:tr", "binary",
            ])
    }

    @Test func refusesEveryWriteAndLeavesTheFileAsItWas() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/suite.plist"
        let bytes = try PropertyListSerialization.data(fromPropertyList: domain, format: .binary, options: 0)
        try bytes.write(to: URL(fileURLWithPath: path))
        let store: any GroupStore = try PropertyListGroupStore(path: path)
        for attempt in [
            { try store.setString("de", forKey: "@better-i18n:locale:acme/widgets") },
            { try store.removeValue(forKey: "binary") },
        ] {
            let error = #expect(throws: GroupStoreError.self) { try attempt() }
            #expect(error?.kind == .readOnly)
            #expect(error?.description.contains("read-only") == true)
        }
        #expect(FileManager.default.contents(atPath: path) == bytes)
    }

    @Test func saysWhatIsWrongWithAFileThatIsNoSuite() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cases: [(String, Data?, (GroupStoreError.Kind) -> Bool)] = [
            ("missing.plist", nil, { if case .io = $0 { return true } else { return false } }),
            (
                "text.plist", Data("not a property list".utf8),
                { if case .malformed = $0 { return true } else { return false } }
            ),
            (
                "array.plist", try PropertyListSerialization.data(fromPropertyList: ["a"], format: .xml, options: 0),
                { if case .malformed = $0 { return true } else { return false } }
            ),
        ]
        for (name, contents, expected) in cases {
            let path = directory.path + "/" + name
            if let contents { try contents.write(to: URL(fileURLWithPath: path)) }
            let error = #expect(throws: GroupStoreError.self) { try PropertyListGroupStore(path: path) }
            #expect(error.map { expected($0.kind) } == true, "\(name): \(String(describing: error))")
            #expect(error?.description.contains(path) == true)
        }
        // A FIFO would block a reader forever, a directory is no file: each is named for what it is.
        let fifo = directory.path + "/fifo.plist"
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, reason) in [
            (fifo, "it is a FIFO (named pipe), not a file"), (directory.path, "it is a directory"),
        ] {
            let error = #expect(throws: GroupStoreError.self) { try PropertyListGroupStore(path: path) }
            #expect(error?.code == .notARegularFile)
            #expect(error?.description == "property list '\(path)' cannot be read: \(reason)")
        }
    }
}
