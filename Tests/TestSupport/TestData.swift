import Foundation

/// A test target's `Data/` folder, as its resources bundle holds it: `TestData(Bundle.module)`.
public struct TestData: Sendable {
    private let bundle: Bundle

    /// The `Data/` folder of the target whose resources are `bundle` (its `Bundle.module`).
    public init(_ bundle: Bundle) { self.bundle = bundle }

    /// Decodes the JSON file `name` of the folder.
    public func load<T: Decodable>(_ name: String, as type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: bytes(name))
    }

    /// The bytes of the file `name` of the folder.
    public func bytes(_ name: String) throws -> Data {
        guard let url = bundle.url(forResource: "Data/\(name)", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try Data(contentsOf: url)
    }
}
