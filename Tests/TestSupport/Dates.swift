import Foundation

/// The instant an ISO 8601 text names, such as `2026-03-29T00:30:00Z`; a test's fixed point in time.
public func date(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }
