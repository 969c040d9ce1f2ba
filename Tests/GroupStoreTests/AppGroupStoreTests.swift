import GroupStore
import TestSupport
import Testing

/// An App Group's two places as one store: read the container, then the suite; write the container only.
@Suite struct AppGroupStoreTests {
    @Test func readsTheContainerFirstAndWritesOnlyThere() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let container = FileGroupStore(directory: directory.path)
        let suite = InMemoryGroupStore(["both": "suite", "suite only": "s"], displayName: "suite")
        try container.setString("container", forKey: "both")
        let store = AppGroupStore(container: container, suite: suite)
        #expect(try store.string(forKey: "both") == "container")
        #expect(try store.string(forKey: "suite only") == "s")
        #expect(try store.keys().sorted() == ["both", "suite only"])
        #expect(store.displayName == "group container '\(directory.path)' and suite")

        try store.setString("new", forKey: "suite only")
        #expect(try container.string(forKey: "suite only") == "new")
        #expect(try suite.string(forKey: "suite only") == "s")
        try store.removeValue(forKey: "suite only")
        #expect(try suite.string(forKey: "suite only") == "s")
        #expect(try store.string(forKey: "suite only") == "s")
        #expect(store.places.count == 2)
        #expect(AppGroupStore(container: container, suite: nil).places.count == 1)
    }
}
