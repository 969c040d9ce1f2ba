#if canImport(os)
    import os
#else
    import Synchronization
#endif

/// A value behind a lock, for every platform the package deploys to.
///
/// `Synchronization.Mutex` needs iOS 18, macOS 15 and watchOS 11, newer than the package's floor (iOS 16, macOS 13,
/// watchOS 9). On Apple platforms the state lives in an `OSAllocatedUnfairLock`, which those versions have (Apple,
/// "OSAllocatedUnfairLock": iOS 16.0, macOS 13.0, watchOS 9.0; the lock `Mutex` itself uses there); elsewhere in a
/// `Mutex`. The API is `Mutex`'s `withLock`, with typed throws.
///
/// The Apple branch is not compiled on Linux; `scripts/check-deployment.py` type-checks it against
/// `scripts/docs/stand-ins/os.swift`, which declares `OSAllocatedUnfairLock` with Apple's signatures.
package struct Locked<State>: ~Copyable {
    #if canImport(os)
        @usableFromInline let lock: OSAllocatedUnfairLock<State>
    #else
        @usableFromInline let mutex: Mutex<Unchecked<State>>
    #endif

    /// A lock around `initialState`.
    @inlinable package init(_ initialState: State) {
        #if canImport(os)
            lock = OSAllocatedUnfairLock(uncheckedState: initialState)
        #else
            mutex = Mutex(Unchecked(initialState))
        #endif
    }

    /// Runs `body` with the state, the lock held; what `body` returns or throws is what this returns or throws.
    // Inlinable, as `Mutex.withLock` is: callers in other modules get it specialized, not a generic call per lock.
    @inlinable package borrowing func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        #if canImport(os)
            // withLockUnchecked rethrows an untyped error: the body's typed one goes around it, in a Result.
            let outcome = lock.withLockUnchecked { state in
                Swift.Result { () throws(Failure) -> Result in try body(&state) }
            }
            return try outcome.get()
        #else
            // Mutex wants its state and result `sending`; the boxes say what `Locked` promises instead, as
            // OSAllocatedUnfairLock's unchecked API does: the state is reached only with the lock held, and
            // `Locked` is Sendable only when its state is (below).
            let outcome = mutex.withLock { box in
                Unchecked(Swift.Result { () throws(Failure) -> Result in try body(&box.value) })
            }
            return try outcome.value.get()
        #endif
    }
}

extension Locked: @unchecked Sendable where State: Sendable {}

#if !canImport(os)
    /// A value kept in or handed out of the lock, as `OSAllocatedUnfairLock`'s unchecked API keeps it.
    @usableFromInline struct Unchecked<Value>: @unchecked Sendable {
        @usableFromInline var value: Value
        @inlinable init(_ value: Value) { self.value = value }
    }
#endif
