import LiveActivities

extension ActivityMessage {
    /// The message resolved and formatted by `translator`, in its detected locale, with its fallbacks; what it
    /// met on the way is in the translation's and the translator's problems.
    ///
    /// Here rather than in LiveActivities, so that an app that only builds a Live Activity's state does not link
    /// the translator.
    /// - Parameter translator: the widget extension's storage-only translator.
    public func text(in translator: WidgetTranslator) -> Translation {
        translator.translate(key, arguments: messageArguments)
    }
}
