import GroupStore
import Testing

@Suite struct InMemoryGroupStoreTests {
    @Test func roundTripsValues() throws {
        let store: any GroupStore = InMemoryGroupStore(["a": "1"])
        #expect(try store.string(forKey: "a") == "1")
        try store.setString("2", forKey: "b")
        #expect(try Set(store.keys()) == ["a", "b"])
        try store.removeValue(forKey: "a")
        #expect(try store.value(forKey: "a") == nil)
        #expect(try store.entries().map(\.size) == [1])
    }

    @Test func reportsInvalidUTF8() throws {
        let store: any GroupStore = InMemoryGroupStore()
        try store.setValue([0xFF], forKey: "bad")
        #expect(throws: GroupStoreError.self) { try store.string(forKey: "bad") }
    }
}
