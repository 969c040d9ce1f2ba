// The translator in Apple's frameworks' own types: the locale in SwiftUI's environment, a message as a
// `LocalizedStringResource`. Compiled on Apple platforms only; scripts/check-apple-only.py type-checks it here
// against stand-ins of SwiftUI and Foundation (scripts/docs/stand-ins/).
import LocaleData

#if canImport(SwiftUI)
    import SwiftUI

    extension View {
        /// Renders this view in `locale`, the translator's (`entry.locale`, from `translator.locale`): puts it in
        /// the environment's `\.locale`, which SwiftUI's own formatting reads (`Text(_:format:)`,
        /// `Text(_:style:)`, a `LocalizedStringKey`'s lookup), and its direction in `\.layoutDirection`, so that an
        /// Arabic widget on an English phone lays out right to left.
        ///
        /// https://developer.apple.com/documentation/swiftui/environmentvalues/locale
        /// https://developer.apple.com/documentation/swiftui/environmentvalues/layoutdirection
        /// - Parameter locale: the locale the widget's strings are in.
        public func widgetLocale(_ locale: LocaleTag) -> some View {
            environment(\.locale, locale.foundationLocale)
                .environment(\.layoutDirection, locale.isRightToLeft ? .rightToLeft : .leftToRight)
        }
    }
#endif

#if canImport(Darwin)
    import Foundation
    import I18nCore

    extension WidgetTranslator {
        /// `message` as a `LocalizedStringResource`, for an API that takes one (an App Intent's dialog, an
        /// ActivityKit alert built on the device): its text resolved now by this translator, as the resource's key
        /// and value, in the translation's locale. What is lost: the deferral (the text is fixed in this locale;
        /// the system cannot look it up again in another), and the key (a String Catalog entry for the key is not
        /// consulted: its text could not be the app's over-the-air text).
        ///
        /// https://developer.apple.com/documentation/foundation/localizedstringresource
        /// - Parameter message: the message to resolve.
        @available(iOS 16, macOS 13, watchOS 9, *)
        public func localizedStringResource(_ message: LocalizedMessage) -> LocalizedStringResource {
            let translation = translate(message)
            return LocalizedStringResource(
                String.LocalizationValue(translation.text), locale: translation.locale.foundationLocale)
        }
    }
#endif
