/// What kind of failure an error is, to compare and switch on: every public error of the package carries one (and
/// so does a fetch's `FetchWarning`)
/// (`error.code == .notAnObject`), and each error type declares its codes in an extension constrained to it, so a
/// new code is a new static property, never a new case that breaks a caller's `switch` (async-http-client's
/// `HTTPClientError` is the model).
///
///     extension ErrorCode where Domain == MessageBundleError {
///         public static var notAnObject: Self { Self("notAnObject") }
///     }
///
/// The one public type of this module: the error types elsewhere name it as their `Code`.
public struct ErrorCode<Domain>: Hashable, Sendable, CustomStringConvertible {
    /// The code's name, such as `notAnObject`: stable, for logs and machine-readable output.
    public let description: String

    /// The code named `name`; only the package declares codes.
    package init(_ name: String) { description = name }
}
