import CommandLineSupport

/// Whether this `widget-i18n` draws: `preview` and `check --layout` lay text out with Pango and draw with Cairo,
/// which the package builds in only where they are installed (Package.swift, `drawsPreviews`). Every other command
/// works without them; those two say what to install.
enum DrawingSupport {
    #if canImport(WidgetPreview)
        static let isAvailable = true
    #else
        static let isAvailable = false
    #endif

    /// The error of a drawing command in a build without Pango and Cairo.
    static func unavailable(_ command: String) -> CLIError {
        .failure(
            "'\(command)' draws with Pango and Cairo, which this widget-i18n was built without; install them "
                + "(macOS: 'brew install pango cairo pkg-config'; Debian: 'sudo apt-get install libpango1.0-dev "
                + "libcairo2-dev fonts-noto-core') and build widget-i18n again")
    }
}
