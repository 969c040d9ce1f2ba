import Foundation

/// Loads a JSON file from this test target's `Data/` folder.
func loadTestData<T: Decodable>(_ name: String, as type: T.Type = T.self) throws -> T {
    guard let url = Bundle.module.url(forResource: "Data/\(name)", withExtension: nil) else {
        throw CocoaError(.fileNoSuchFile)
    }
    return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
}

/// The bytes of a file in this test target's `Data/` folder.
func testData(_ name: String) throws -> Data {
    guard let url = Bundle.module.url(forResource: "Data/\(name)", withExtension: nil) else {
        throw CocoaError(.fileNoSuchFile)
    }
    return try Data(contentsOf: url)
}
