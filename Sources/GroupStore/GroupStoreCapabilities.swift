/// What a store is beyond its keys and bytes: how it is named, where its files are, where a reader keeps what it
/// derives from its values, what stores it is made of, and whether the system caps its size. Readers and writers
/// ask a store for these (``GroupStore/capabilities``) instead of testing its type, so a store of an app's own
/// says the same things the package's stores say.
///
///     GroupStoreCapabilities(displayName: "group 'group.acme.widgets'", fileContainer: container)
public struct GroupStoreCapabilities: Sendable {
    /// How error messages and diagnostics name the store, such as `group 'group.acme.widgets'`.
    public var displayName: String
    /// The file container that holds the store's values, or `nil` when they are not files: a file container is
    /// its own, an App Group's is its container.
    public var fileContainer: FileGroupStore?
    /// Where a reader keeps what it derives from the values (lookup indexes), or `nil` when there is nowhere: by
    /// default the file container; a preferences domain names one beside it.
    package var readerCache: FileGroupStore?
    /// The stores this one reads, in the order it reads them, when it is made of several (an App Group: its
    /// container, then its suite); `nil` for a store that is one place.
    package var places: [any GroupStore]? = nil
    /// The most the store may hold, for a preferences domain the system caps (`UserDefaults`); `nil` for a store
    /// without a limit. A store with a budget keeps no reader caches of its own and is filled one locale at a time,
    /// in order of use.
    package var budget: PreferencesBudget? = nil
    /// What the store holds as its budget counts it, for tools to show; `nil` where it is not measured.
    package var budgetUsed: (@Sendable () throws -> Int)? = nil
    /// Where the values are, as a tool shows it: a container's directory, a suite's name, a file's path.
    package var location: String? = nil

    /// The capabilities of a store named `displayName`, with its values in `fileContainer` if they are files;
    /// readers keep their caches there. The package's stores set the rest (`places`, `budget`, `location`).
    /// - Parameters:
    ///   - displayName: how errors name the store.
    ///   - fileContainer: the file container holding its values, if they are files.
    public init(displayName: String, fileContainer: FileGroupStore? = nil) {
        self.displayName = displayName
        self.fileContainer = fileContainer
        self.readerCache = fileContainer
    }
}

extension GroupStore {
    /// How error messages and diagnostics name this store: ``GroupStoreCapabilities/displayName``.
    public var displayName: String { capabilities.displayName }

    /// The file container that holds this store's values: ``GroupStoreCapabilities/fileContainer``.
    package var fileContainer: FileGroupStore? { capabilities.fileContainer }

    /// Where a reader of this store keeps what it derives: `GroupStoreCapabilities.readerCache`.
    package var defaultReaderCache: FileGroupStore? { capabilities.readerCache }

    /// The places a reader looks in, in order: the store's `GroupStoreCapabilities.places`, else itself.
    package var places: [any GroupStore] { capabilities.places ?? [self] }
}
