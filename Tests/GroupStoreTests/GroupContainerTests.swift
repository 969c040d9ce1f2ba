import GroupStore
import Testing

@Suite struct GroupContainerTests {
    @Test func defaultDirectoryFollowsXDG() {
        #expect(
            GroupContainer.xdgDirectory(
                group: "group.acme.widgets", environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/me"])
                == "/data/widget-i18n/groups/group.acme.widgets")
        #expect(
            GroupContainer.xdgDirectory(group: "g", environment: ["HOME": "/home/me"])
                == "/home/me/.local/share/widget-i18n/groups/g")
        // A relative XDG_DATA_HOME is invalid per the XDG spec and ignored.
        #expect(
            GroupContainer.xdgDirectory(group: "g", environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"])
                == "/h/.local/share/widget-i18n/groups/g")
    }

    @Test func derivesAGroupFromTheProject() {
        #expect(GroupContainer.defaultGroupIdentifier(forProject: "acme/widgets") == "group.acme.widgets")
    }

    @Test(arguments: ["group.acme.widgets", "a", "group_x-1"])
    func acceptsGroupIdentifiers(_ identifier: String) throws {
        try GroupContainer.validateGroupIdentifier(identifier)
    }

    @Test(arguments: ["", "..", ".hidden", "a/b", "../etc", "a b", "~x", "ü"])
    func rejectsGroupIdentifiersThatAreNotDirectoryNames(_ identifier: String) {
        let error = #expect(throws: GroupContainerError.self) { try GroupContainer.validateGroupIdentifier(identifier) }
        #expect(error?.code == .invalidIdentifier)
    }

    /// The rule of Apple platforms around `containerURL(forSecurityApplicationGroupIdentifier:)`, which Linux
    /// cannot call: the file store is a subdirectory of the App Group's container, and no container (a missing
    /// entitlement) is an error naming the group, never a directory of the process's own.
    @Test func appleContainersHoldTheStoreInTheirSubdirectory() throws {
        let container = "/private/var/mobile/Containers/Shared/AppGroup/6F0B1C2D-3E4F-5061-7283-94A5B6C7D8E9"
        #expect(
            try GroupContainer.directory(group: "group.acme.widgets", inAppGroupContainer: container + "/")
                == container + "/Library/Application Support/widget-i18n")
        for missing in [nil, ""] as [String?] {
            let error = #expect(throws: GroupContainerError.self) {
                try GroupContainer.directory(group: "group.acme.widgets", inAppGroupContainer: missing)
            }
            #expect(error?.code == .noContainer)
            #expect(error?.description.contains("'group.acme.widgets'") == true)
            #expect(error?.description.contains("entitlement") == true)
        }
    }

    /// Off Apple platforms `FileGroupStore(group:)` is the XDG directory, and refuses what cannot be one.
    @Test func fileStoresOfAGroupUseThePlatformsContainer() throws {
        let store = try FileGroupStore(group: "group.acme.widgets", environment: ["XDG_DATA_HOME": "/data"])
        #if canImport(Darwin)
            #expect(store.directory.hasSuffix("/" + GroupContainer.appleSubdirectory))
        #else
            #expect(store.directory == "/data/widget-i18n/groups/group.acme.widgets")
        #endif
        #expect(throws: GroupContainerError.self) { try FileGroupStore(group: "../etc", environment: [:]) }
    }
}
