#if canImport(os)
    import os
#else
    import Synchronization
#endif

#if canImport(os)
    /// A value behind a lock, for every platform the package deploys to: `Synchronization.Mutex`'s API, over the
    /// lock the deployment floor has.
    ///
    /// `Mutex` needs iOS 18, macOS 15 and watchOS 11, newer than the package's floor (iOS 16, macOS 13, watchOS 9).
    /// On Apple platforms the state lives in an `OSAllocatedUnfairLock`, which those versions have (Apple,
    /// "OSAllocatedUnfairLock": iOS 16.0, macOS 13.0, watchOS 9.0; the lock `Mutex` itself uses there). Elsewhere
    /// `Locked` is `Mutex` itself (below), so that a lock costs there what `Mutex` costs.
    ///
    /// Not compiled on Linux; `scripts/check-deployment.py` compiles it against `scripts/docs/stand-ins/os.swift`,
    /// which declares `OSAllocatedUnfairLock` with Apple's signatures.
    @usableFromInline package struct Locked<State>: ~Copyable, @unchecked Sendable {
        @usableFromInline let lock: OSAllocatedUnfairLock<Unchecked<State>>

        /// A lock around `initialValue`.
        @inlinable package init(_ initialValue: consuming sending State) {
            lock = OSAllocatedUnfairLock(uncheckedState: Unchecked(initialValue))
        }

        /// Runs `body` with the state, the lock held; what `body` returns or throws is what this returns or
        /// throws, as `Mutex.withLock`.
        @inlinable package borrowing func withLock<Result, Failure: Error>(
            _ body: (inout sending State) throws(Failure) -> sending Result
        ) throws(Failure) -> sending Result {
            // withLockUnchecked rethrows an untyped error: the body's typed one goes around it, in a Result; the
            // box says what Mutex's `sending` says, that the state is reached only with the lock held.
            let outcome = lock.withLockUnchecked { box in
                Unchecked(Swift.Result { () throws(Failure) -> Result in try body(&box.value) })
            }
            return try outcome.value.get()
        }
    }

    /// A value kept in or handed out of the lock, as `OSAllocatedUnfairLock`'s unchecked API keeps it.
    @usableFromInline struct Unchecked<Value>: @unchecked Sendable {
        @usableFromInline var value: Value
        @inlinable init(_ value: Value) { self.value = value }
    }
#else
    /// A value behind a lock: `Synchronization.Mutex` where the platform has it from the package's deployment
    /// floor on (Linux); on Apple platforms a struct of the same API over `OSAllocatedUnfairLock` (above).
    @usableFromInline package typealias Locked<State> = Mutex<State>
#endif
