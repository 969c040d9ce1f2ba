// A stand-in for the part of Apple's `os` module that WidgetI18n uses, so that scripts/check-deployment.py can
// type-check the Apple branch of Sources/WidgetI18nSupport/Locked.swift on Linux, where `os` does not exist.
// Signatures as Apple's documentation gives them (developer.apple.com/documentation/os/osallocatedunfairlock:
// `@frozen struct OSAllocatedUnfairLock<State>`, Sendable; `init(uncheckedState:)`, `withLockUnchecked(_:)`, iOS
// 16.0, macOS 13.0, watchOS 9.0). The bodies only make it compile: nothing runs against them.

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
@frozen public struct OSAllocatedUnfairLock<State>: @unchecked Sendable {
    @usableFromInline let storage: Storage

    @usableFromInline final class Storage {
        @usableFromInline var state: State
        @usableFromInline init(_ state: State) { self.state = state }
    }

    public init(uncheckedState initialState: State) { storage = Storage(initialState) }

    public func withLockUnchecked<R>(_ body: (inout State) throws -> R) rethrows -> R { try body(&storage.state) }

    public func withLock<R>(_ body: @Sendable (inout State) throws -> R) rethrows -> R where R: Sendable {
        try body(&storage.state)
    }
}
