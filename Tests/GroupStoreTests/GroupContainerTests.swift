import GroupStore
import Testing

@Suite struct GroupContainerTests {
    @Test func defaultDirectoryFollowsXDG() {
        #expect(
            GroupContainer.defaultDirectory(
                group: "group.acme.widgets", environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/me"])
                == "/data/widget-i18n/groups/group.acme.widgets")
        #expect(
            GroupContainer.defaultDirectory(group: "g", environment: ["HOME": "/home/me"])
                == "/home/me/.local/share/widget-i18n/groups/g")
        // A relative XDG_DATA_HOME is invalid per the XDG spec and ignored.
        #expect(
            GroupContainer.defaultDirectory(group: "g", environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"])
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
        #expect(throws: GroupIdentifierError.self) { try GroupContainer.validateGroupIdentifier(identifier) }
    }
}
