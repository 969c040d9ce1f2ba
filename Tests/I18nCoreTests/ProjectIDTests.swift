import I18nCore
import Testing

@Suite struct ProjectIDTests {
    @Test(arguments: [
        "acme/widgets", "my-org/my_project.v2", "a/b", "3f2c8a9e-1b4d-4c6a-9e2f-7a8b9c0d1e2f",
        "3F2C8A9E-1B4D-4C6A-9E2F-7A8B9C0D1E2F",
    ])
    func acceptsOrgProjectAndUUIDs(_ text: String) throws {
        let project = try ProjectID(text)
        #expect(project.description == text)
    }

    @Test(arguments: [
        "", " ", "acme", "acme/", "/widgets", "acme//widgets", "acme/widgets/extra", "acme/../etc",
        "../acme", "acme/..", "./widgets", "acme widgets/x", "acme/wid gets", "acme/widgets\n",
        "-acme/widgets", "acme/.hidden", "3f2c8a9e-1b4d-4c6a-9e2f-7a8b9c0d1e2", "ünï/code",
        "acme:x/widgets",
    ])
    func rejectsAnythingElse(_ text: String) {
        let error = #expect(throws: ProjectIDError.self) { try ProjectID(text) }
        #expect(error?.description.contains("e.g. 'acme/widgets'") == true)
        #expect(error?.description.contains("'\(text)'") == true)
    }

    @Test func splitsSlugs() throws {
        let project = try ProjectID("acme/widgets")
        #expect(project.slugs?.organization == "acme")
        #expect(project.slugs?.project == "widgets")
        #expect(!project.isUUID)
        let uuid = try ProjectID("3f2c8a9e-1b4d-4c6a-9e2f-7a8b9c0d1e2f")
        #expect(uuid.slugs == nil)
        #expect(uuid.isUUID)
    }
}
