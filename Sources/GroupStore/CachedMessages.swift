import I18nCore

/// The locales whose messages a group store holds, and switching the stored locale among them.
public enum CachedMessages {
    /// Every locale with a messages key for `project`, mapped to that key. Keys written in another spelling
    /// (`…:pt-BR`) count; when one locale is stored under several spellings the normalised key wins.
    public static func locales(project: ProjectID, in store: any GroupStore) throws -> [LocaleTag: String] {
        var result: [LocaleTag: String] = [:]
        for key in try store.keys() {
            guard let raw = StorageKey.messagesLocale(inKey: key, project: project), let tag = LocaleTag(parsing: raw)
            else { continue }
            if result[tag] == nil || raw == tag.normalized { result[tag] = key }
        }
        return result
    }

    /// Writes `requested`, or its nearest parent with cached messages, as the stored locale, and records a
    /// reload request when that changed the stored value. Nothing is written unless the locale's cached
    /// messages parse.
    /// - Returns: the locale written.
    @discardableResult
    public static func selectLocale(_ requested: LocaleTag, project: ProjectID, in store: any GroupStore)
        throws(LocaleSelectionError) -> LocaleTag
    {
        let cached: [LocaleTag: String]
        do { cached = try locales(project: project, in: store) } catch { throw .store("\(error)") }
        guard let match = LocaleNegotiation.lookup(preferred: [requested], available: cached.keys) else {
            throw .notCached(
                requested: requested, cached: cached.keys.map(\.normalized).sorted(), store: store.displayName)
        }
        do {
            guard let bytes = try store.value(forKey: cached[match]!) else {
                throw LocaleSelectionError.notCached(requested: requested, cached: [], store: store.displayName)
            }
            _ = try MessageBundle(jsonBytes: bytes)
        } catch let error as LocaleSelectionError {
            throw error
        } catch {
            throw .unusable(locale: match, reason: "\(error)")
        }
        let chosen = match == requested ? requested : match
        let localeKey = StorageKey.locale(project: project)
        do {
            let previous = try? store.string(forKey: localeKey)
            guard previous != chosen.displayForm else { return chosen }
            try store.setString(chosen.displayForm, forKey: localeKey)
            try ReloadRequest.record("locale changed to \(chosen.displayForm)", project: project, in: store)
        } catch { throw .store("\(error)") }
        return chosen
    }
}

/// Why the stored locale was not changed.
public enum LocaleSelectionError: Error, Hashable, Sendable, CustomStringConvertible {
    case notCached(requested: LocaleTag, cached: [String], store: String)
    case unusable(locale: LocaleTag, reason: String)
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
