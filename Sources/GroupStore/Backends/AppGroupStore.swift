/// An App Group as its widgets read it: the group's file container, where WidgetI18n's writers put bundles, and
/// its `UserDefaults` suite, where other SDKs write (better-i18n's Swift SDK, `ExtensionStorage` from
/// JavaScript).
///
/// As a `GroupStore` it reads a key from the container, else from the suite, lists both, and writes and removes
/// in the container only: the suite is the app's, and a reader never writes into it. The storage contract's
/// reader (`ContractReader`) looks at both places itself and, for each locale, takes the newest copy by the
/// times their writers recorded.
///
///     let store = AppGroupStore(container: try FileGroupStore(group: "group.acme.widgets"),
///                               suite: UserDefaultsGroupStore(suiteName: "group.acme.widgets"))
public struct AppGroupStore: GroupStore {
    /// The group's file container: where this package writes, and its readers keep their caches.
    package let container: FileGroupStore
    /// The group's preferences suite, read beside the container; `nil` when there is none.
    package let suite: (any GroupStore)?
    package let displayName: String

    /// Named after both places; its file container (what it writes, where readers keep their caches) is the
    /// group's; a reader looks in the container, then the suite.
    public var capabilities: GroupStoreCapabilities {
        var capabilities = GroupStoreCapabilities(displayName: displayName, fileContainer: container)
        capabilities.places = places
        return capabilities
    }

    /// The App Group made of `container` and `suite`.
    /// - Parameters:
    ///   - container: the group's file container.
    ///   - suite: the group's `UserDefaults` suite (`UserDefaultsGroupStore`), or `nil`.
    package init(container: FileGroupStore, suite: (any GroupStore)?) {
        self.container = container
        self.suite = suite
        displayName = suite.map { "\(container.displayName) and \($0.displayName)" } ?? container.displayName
    }

    /// The places to read, container first.
    package var places: [any GroupStore] { [container] + (suite.map { [$0] } ?? []) }

    public func identifiedValue(forKey key: String) throws -> IdentifiedValue? {
        if let value = try container.identifiedValue(forKey: key) { return value }
        return try suite?.identifiedValue(forKey: key)
    }

    /// Writes into the container only.
    @discardableResult
    public func write(_ values: [(key: String, value: [UInt8])], durability: WriteDurability) throws -> [[UInt8]?] {
        try container.write(values, durability: durability)
    }

    /// Removes from the container only: the suite is the app's.
    public func removeValue(forKey key: String) throws {
        try container.removeValue(forKey: key)
    }

    /// The container's keys, then those only the suite holds.
    public func entries() throws -> [GroupStoreEntry] {
        var result = try container.entries()
        guard let suite else { return result }
        let inContainer = Set(result.map(\.key))
        result += try suite.entries().filter { !inContainer.contains($0.key) }
        return result
    }
}
