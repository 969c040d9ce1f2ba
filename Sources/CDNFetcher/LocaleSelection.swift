import GroupStore
import I18nCore
import TimelineEngine
import WidgetTranslator

extension CachedMessages {
    /// Writes `requested`, or its nearest parent with cached messages, as the stored locale in normalised form
    /// (`pt-br`, the spelling of its messages key), and records a reload request when the locale changed.
    /// Nothing is written unless the locale's cached messages parse. An app-side operation: a widget never
    /// changes the stored locale.
    /// - Parameters:
    ///   - requested: the locale to select.
    ///   - project: the project whose stored locale to write.
    ///   - store: the group store shared with the widgets.
    /// - Returns: the locale written.
    @discardableResult
    public static func selectLocale(_ requested: LocaleTag, project: ProjectID, in store: any GroupStore)
        throws(LocaleSelectionError) -> LocaleTag
    {
        let cached: [CachedLocale]
        do { cached = try locales(project: project, in: store) } catch { throw .store("\(error)") }
        guard let match = LocaleNegotiation.lookup(preferred: [requested], available: cached.map(\.tag)),
            let key = cached.first(where: { $0.tag == match })?.key
        else {
            throw .notCached(requested: requested, cached: cached.map(\.tag.normalized), store: store.displayName)
        }
        do {
            guard let bytes = try store.value(forKey: key, maximumSize: MessageBundle.maximumStoredSize) else {
                throw LocaleSelectionError.notCached(requested: requested, cached: [], store: store.displayName)
            }
            _ = try MessageBundle(jsonBytes: bytes)
        } catch let error as LocaleSelectionError {
            throw error
        } catch {
            throw .unusable(locale: match, reason: "\(error)")
        }
        let chosen = match == requested ? requested : match
        // Stored in the spelling of the messages key the fetcher wrote (`pt-br`): the better-i18n Swift SDK
        // builds the messages key from the stored value verbatim. Display forms are for people.
        let localeKey = StorageKey.locale(project: project)
        do {
            let previous = (try? store.value(forKey: localeKey, maximumSize: 1024))?.map {
                String(decoding: $0, as: UTF8.self)
            }
            guard previous != chosen.normalized else { return chosen }
            try store.setString(chosen.normalized, forKey: localeKey)
            // Another spelling of the same locale renders the same: no reload for a respelling.
            if previous.flatMap({ StoredLocale(value: $0).tag }) != chosen {
                try ReloadRequest.record("locale changed to \(chosen.displayForm)", project: project, in: store)
            }
        } catch { throw .store("\(error)") }
        return chosen
    }
}

/// Why the stored locale was not changed.
public enum LocaleSelectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Neither the requested locale nor a parent of it has cached messages in the store; `cached` lists the
    /// locales that do and `store` names the store.
    case notCached(requested: LocaleTag, cached: [String], store: String)
    /// The locale's cached messages do not parse as a bundle; `reason` says why.
    case unusable(locale: LocaleTag, reason: String)
    /// The store could not be read or written; the payload is the store's error message.
    case store(String)

    public var description: String {
        switch self {
        case .notCached(let requested, let cached, let store):
            let available = cached.isEmpty ? "none are cached" : "cached: " + cached.joined(separator: ", ")
            return "No cached messages for '\(requested.normalized)' or its parents in \(store) (\(available)); "
                + "run 'widget-i18n fetch --locale \(requested.displayForm)' first"
        case .unusable(let locale, let reason):
            return
                "The cached messages for '\(locale.normalized)' are unusable (\(reason)); the locale was not changed. "
                + "Run 'widget-i18n fetch --locale \(locale.displayForm) --force' to replace them"
        case .store(let message):
            return message
        }
    }
}
