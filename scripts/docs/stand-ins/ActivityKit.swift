// A stand-in for the few ActivityKit declarations the documentation's Swift snippets use (the LiveActivities
// catalog), so that scripts/docs/check-code.py can type-check them on Linux, where ActivityKit does not exist. It
// is not ActivityKit: only the shapes, with the signatures Apple documents.
import Foundation

public protocol ActivityAttributes: Decodable, Encodable {
    associatedtype ContentState: Decodable & Encodable & Hashable
}

public struct ActivityContent<State: Decodable & Encodable & Hashable> {
    public let state: State
    public let staleDate: Date?

    public init(state: State, staleDate: Date?, relevanceScore: Double = 0) {
        self.state = state
        self.staleDate = staleDate
    }
}

public struct PushType: Equatable, Sendable {
    public static let token = PushType()
}

public final class Activity<Attributes: ActivityAttributes> {
    public let attributes: Attributes

    init(attributes: Attributes) {
        self.attributes = attributes
    }

    public static func request(
        attributes: Attributes, content: ActivityContent<Attributes.ContentState>, pushType: PushType? = nil
    ) throws -> Activity<Attributes> {
        Activity(attributes: attributes)
    }

    public func update(_ content: ActivityContent<Attributes.ContentState>) async {}
}
