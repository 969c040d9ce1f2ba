import GroupContract
import GroupStore
import I18nCore
import LocaleData
import WidgetI18nSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Key resolution through the fallback chain: the requested locale and its parents, the default locale's
/// chain, the bundled messages, then the key; and the bundles each step loads.
extension WidgetTranslator {
    /// Resolves `key` through the fallback chain without formatting it.
    /// - Parameters:
    ///   - key: the dotted message key, such as `today.title`.
    ///   - locale: the locale to start from; the detected locale when `nil`.
    ///   - defaultText: what to show when no step has the key, instead of the key.
    public func resolve(_ key: String, locale: LocaleTag? = nil, defaultText: String? = nil) -> Resolution {
        let start = locale ?? self.locale
        // A widget re-renders the same keys on every timeline entry: remember each answer until `reload()`.
        let resolution: Resolution
        if let cached = state.withLock({ $0.resolutions[start.normalized]?[key] }) {
            resolution = cached
        } else {
            resolution = resolveThroughChain(key, start: start)
            state.withLock { $0.resolutions[start.normalized, default: [:]][key] = resolution }
        }
        guard let defaultText, resolution.step == .key else { return resolution }
        var attempts = resolution.attempts.dropLast()
        attempts.append(.init(step: .callerDefault, outcome: .found))
        return Resolution(key: key, message: defaultText, step: .callerDefault, attempts: Array(attempts))
    }

    /// The chain up to the bundled messages, then the key itself; `resolve` puts a caller's default in its place.
    func resolveThroughChain(_ key: String, start: LocaleTag) -> Resolution {
        var attempts: [Resolution.Attempt] = []
        // A chain is a handful of tags: an array is cheaper than a set here.
        var tried: [LocaleTag] = []
        for (offset, tag) in start.fallbackChain.enumerated() where !tried.contains(tag) {
            tried.append(tag)
            let step: ResolutionStep = offset == 0 ? .requestedLocale(tag) : .parentLocale(tag)
            if let (message, syntax) = lookUp(key, in: tag, step: step, attempts: &attempts) {
                return Resolution(key: key, message: message, step: step, attempts: attempts, syntax: syntax)
            }
        }
        for tag in defaultLocale.fallbackChain where !tried.contains(tag) {
            tried.append(tag)
            if let (message, syntax) = lookUp(key, in: tag, step: .defaultLocale(tag), attempts: &attempts) {
                return Resolution(
                    key: key, message: message, step: .defaultLocale(tag), attempts: attempts, syntax: syntax)
            }
        }
        var triedBundled: [LocaleTag] = []
        for tag in start.fallbackChain + defaultLocale.fallbackChain where !triedBundled.contains(tag) {
            triedBundled.append(tag)
            guard let bundle = bundledMessages[tag] else { continue }
            if let message = bundle.message(forKey: key) {
                attempts.append(.init(step: .bundled(tag), outcome: .found))
                let syntax = MessageSyntax(declaration: bundle.message(forKey: MessageSyntax.declarationKey))
                return Resolution(
                    key: key, message: message, step: .bundled(tag), attempts: attempts, syntax: syntax)
            }
            attempts.append(.init(step: .bundled(tag), outcome: .keyMissing))
        }
        attempts.append(.init(step: .key, outcome: .found))
        return Resolution(key: key, message: key, step: .key, attempts: attempts)
    }

    /// The messages of `locale` from the store, parsed in full (every key, counts), or why there are none.
    /// Widgets do not need this: lookups go through the stored index when there is one.
    /// - Parameter locale: the locale whose messages key to read.
    /// A failure is also reported in `problems`.
    package func messages(for locale: LocaleTag) -> Result<MessageBundle?, StoreProblem> {
        do {
            return .success(try reader.bundle(locale, cachedLocales: cachedMessages))
        } catch {
            let problem = problem(error, locale: locale, then: "")
            report(problem)
            return .failure(problem)
        }
    }

    /// The message of `key` in `tag`'s cached bundle, and the syntax the bundle declares.
    func lookUp(
        _ key: String, in tag: LocaleTag, step: ResolutionStep, attempts: inout [Resolution.Attempt]
    ) -> (String, MessageSyntax)? {
        var loaded = bundle(for: tag)
        // One lookup per key: each reads the key's index record and its value. The bundle's syntax declaration is
        // read once per bundle, with its first key found, and kept with the bundle.
        var found: MessageLookupResult? = nil
        var syntax = state.withLock { $0.syntaxes[tag.normalized] }
        var declaration: MessageLookupResult? = nil
        if case .loaded(let bundle, _) = loaded {
            found = bundle.lookUp(key)
            if case .found? = found, syntax == nil { declaration = bundle.lookUp(MessageSyntax.declarationKey) }
            if found == .stale || declaration == .stale {
                // The stored index proved stale: parse the JSON, answer from it, rebuild the index.
                loaded = loadBundle(for: tag, usingStoredIndex: false)
                syntax = nil
                state.withLock {
                    $0.bundles[tag.normalized] = loaded
                    $0.syntaxes[tag.normalized] = nil
                }
                if case .loaded(let reparsed, _) = loaded {
                    found = reparsed.lookUp(key)
                    if case .found? = found { declaration = reparsed.lookUp(MessageSyntax.declarationKey) }
                }
            }
        }
        switch loaded {
        case .loaded(_, let match):
            if case .found(let message)? = found {
                attempts.append(.init(step: step, outcome: .found, answeredBy: match))
                if let syntax { return (message, syntax) }
                var declared: String?
                if case .found(let value)? = declaration { declared = value }
                let read = MessageSyntax(declaration: declared)
                state.withLock { $0.syntaxes[tag.normalized] = read }
                return (message, read)
            }
            attempts.append(.init(step: step, outcome: .keyMissing, answeredBy: match))
        case .notCached:
            attempts.append(.init(step: step, outcome: .notCached))
        case .unreadable(let reason):
            attempts.append(.init(step: step, outcome: .unreadable(reason)))
        }
        return nil
    }

    func bundle(for tag: LocaleTag) -> CachedBundle {
        if let cached = state.withLock({ $0.bundles[tag.normalized] }) { return cached }
        let loaded = loadBundle(for: tag)
        state.withLock { $0.bundles[tag.normalized] = loaded }
        return loaded
    }

    func loadBundle(for tag: LocaleTag, usingStoredIndex: Bool = true) -> CachedBundle {
        let messages: StoredMessages
        do {
            guard let found = try reader.openMessages(tag, cachedLocales: cachedMessages) else { return .notCached }
            messages = found
        } catch {
            report(problem(error, locale: tag, then: "; using the next fallback"))
            return .unreadable("\(error)")
        }
        do {
            return .loaded(try reader.lookup(for: messages, usingStoredIndex: usingStoredIndex), via: messages.match)
        } catch {
            report(problem(error, locale: tag, then: "; using the next fallback"))
            return .unreadable("\(error)")
        }
    }
}

extension WidgetTranslator {
    /// When `locale` (the detected locale when `nil`) has no cached messages of its own, which step of the
    /// fallback chain answers its keys instead; `nil` when it has messages, its own or another cached spelling's
    /// (`pt-BR` answering `pt`). A key missing from the messages that answer still falls further, key by key.
    /// - Parameter locale: the locale to ask about; the detected locale when `nil`.
    package func uncachedLocale(_ locale: LocaleTag? = nil) -> UncachedLocale? {
        let start = locale ?? self.locale
        let own = bundle(for: start)
        if case .loaded = own { return nil }
        let isUnreadable: Bool
        if case .unreadable = own { isUnreadable = true } else { isUnreadable = false }
        var tried: [LocaleTag] = [start]
        let chain =
            start.fallbackChain.dropFirst().map { (tag: $0, step: ResolutionStep.parentLocale($0)) }
            + defaultLocale.fallbackChain.map { (tag: $0, step: ResolutionStep.defaultLocale($0)) }
        for (tag, step) in chain where !tried.contains(tag) {
            tried.append(tag)
            if case .loaded = bundle(for: tag) {
                return UncachedLocale(locale: start, isUnreadable: isUnreadable, answeredBy: step)
            }
        }
        let bundled = (start.fallbackChain + defaultLocale.fallbackChain).first { bundledMessages[$0] != nil }
        return UncachedLocale(
            locale: start, isUnreadable: isUnreadable, answeredBy: bundled.map(ResolutionStep.bundled) ?? .key)
    }
}
