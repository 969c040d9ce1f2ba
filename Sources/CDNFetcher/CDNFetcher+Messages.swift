import Foundation
import GroupContract
import GroupStore
import I18nCore
import LocaleData
import WidgetI18nSupport

extension CDNFetcher {
    // MARK: - Messages

    /// Fetches the messages of `locales` in parallel with the manifest `manifestFetch` brought, caches each valid
    /// one, and then caches the manifest itself, only if every locale succeeded (fetched, unchanged or current).
    ///
    /// When any locale fails, the manifest and its metadata stay byte for byte as they were, and so do the
    /// messages, index and metadata of every locale that failed; the locales that succeeded keep what this
    /// fetch wrote for them (their messages are complete and valid, and their metadata records the new
    /// manifest's version for them). The report's manifest outcome then says why it was not cached.
    ///
    ///     let manifestFetch = try await fetcher.fetchManifest()
    ///     let report = await fetcher.fetch([try LocaleTag("tr"), .english], committing: manifestFetch)
    ///     for result in report.locales where result.outcome.isFailure { print(result.locale, result.outcome) }
    /// - Parameters:
    ///   - locales: the locales to fetch; each is fetched as the manifest's language that serves it. None at all
    ///     only caches the manifest.
    ///   - manifestFetch: what `fetchManifest()` returned: the manifest to fetch with, and to cache after.
    ///   - progress: called as transfers finish, with (finished, total, bytes so far).
    /// - Returns: each locale's result, the manifest fetch with its final outcome, and a warning when the reload
    ///   request for new content could not be recorded.
    public func fetch(
        _ locales: [LocaleTag], committing manifestFetch: ManifestFetch,
        progress: (@Sendable (_ finished: Int, _ total: Int, _ bytes: Int) -> Void)? = nil
    ) async -> FetchReport {
        let (results, updated) = await fetchLocales(locales, manifest: manifestFetch.manifest, progress: progress)
        var warnings: [FetchWarning] = []
        // Even a cancelled fetch may have cached some locales before it stopped: widgets reload for those.
        do { try recordReload(updated) } catch {
            warnings.append(
                FetchWarning(
                    .reloadNotRecorded, "The messages were cached, but no reload request could be recorded: \(error)"))
        }
        if Task.isCancelled {
            let reason = "The manifest was not cached: the fetch was cancelled"
            return FetchReport(
                manifest: manifestFetch.pending == nil ? manifestFetch : manifestFetch.settled(.failed(reason)),
                locales: results, warnings: warnings, isCancelled: true)
        }
        // A locale the manifest does not offer is not one it describes: its failure does not hold the manifest
        // back (else a project that dropped the user's locale could never have its new manifest cached).
        let offered = { (result: LocaleFetchResult) in manifestFetch.manifest.language(for: result.locale) != nil }
        guard let failure = results.first(where: { $0.outcome.isFailure && offered($0) }) else {
            return FetchReport(manifest: commit(manifestFetch), locales: results, warnings: warnings)
        }
        guard manifestFetch.pending != nil else {
            return FetchReport(manifest: manifestFetch, locales: results, warnings: warnings)
        }
        let reason =
            "The manifest was not cached, since '\(failure.locale.displayForm)' failed: a manifest is cached only "
            + "with the messages it describes"
        return FetchReport(manifest: manifestFetch.settled(.failed(reason)), locales: results, warnings: warnings)
    }

    /// One reload request when any content changed.
    func recordReload(_ updated: [String]) throws {
        guard !updated.isEmpty else { return }
        try writer.recordReloadRequest("messages updated: \(updated.joined(separator: ", "))")
    }

    /// The locales' results, and the locales whose content changed.
    func fetchLocales(
        _ locales: [LocaleTag], manifest: Manifest,
        progress: (@Sendable (_ finished: Int, _ total: Int, _ bytes: Int) -> Void)?
    ) async -> (results: [LocaleFetchResult], updated: [String]) {
        var plans: [Plan] = []
        var results: [LocaleTag: LocaleFetchResult] = [:]
        var order: [LocaleTag] = []
        if let problem = limitProblem(manifest) {
            var refused: [LocaleFetchResult] = []
            for requested in locales {
                let tag = manifest.language(for: requested)?.tag ?? requested
                guard !order.contains(tag) else { continue }
                order.append(tag)
                refused.append(
                    LocaleFetchResult(
                        locale: tag, outcome: .failed("The manifest \(problem)"), bytesTransferred: 0, urls: []))
            }
            return (refused, [])
        }
        for requested in locales {
            guard let language = manifest.language(for: requested) else {
                if !order.contains(requested) { order.append(requested) }
                let offered = manifest.languages.map(\.tag.normalized).joined(separator: ", ")
                results[requested] = LocaleFetchResult(
                    locale: requested,
                    outcome: .failed(
                        "'\(requested.displayForm)' is not offered by project '\(project)' (languages: \(offered))"),
                    bytesTransferred: 0, urls: [])
                continue
            }
            guard !order.contains(language.tag) else { continue }
            order.append(language.tag)
            switch plan(for: language, manifest: manifest) {
            case .success(let plan):
                if plan.isCurrent {
                    // The manifest still gives the version that is cached: no request at all.
                    results[language.tag] = LocaleFetchResult(
                        locale: language.tag, outcome: .notModified, bytesTransferred: 0, urls: [])
                } else {
                    plans.append(plan)
                }
            case .failure(let error):
                results[language.tag] = LocaleFetchResult(
                    locale: language.tag, outcome: .failed(error.description), bytesTransferred: 0, urls: [])
            }
        }
        var processed: [LocaleFetchResult] = []
        if store.capabilities.budget != nil {
            // A domain with a budget holds what fits: one locale after another, the stored locale first and then
            // in the order asked (the caller's default locale before the rest), so that what is left out is what
            // is used least. Concurrent commits would let whichever arrived first take the room.
            for plan in prioritized(plans) {
                processed += await download([plan], manifest: manifest, progress: progress)
            }
        } else {
            processed = await download(plans, manifest: manifest, progress: progress)
        }
        var updated: [String] = []
        for result in processed {
            if case .updated = result.outcome { updated.append(result.locale.displayForm) }
            results[result.locale] = result
        }
        return (order.compactMap { results[$0] }, updated)
    }

    /// `plans` with the stored locale's first: the order in which a store with a budget takes them.
    func prioritized(_ plans: [Plan]) -> [Plan] {
        // An unreadable stored locale puts no locale first.
        guard let stored = try? ContractReader(store: store, project: project).storedLocale()?.tag,
            let index = plans.firstIndex(where: {
                $0.language.tag == stored
                    || LocaleNegotiation.lookup(
                        preferred: [stored], available: [$0.language.tag]) != nil
            })
        else { return plans }
        var ordered = plans
        ordered.insert(ordered.remove(at: index), at: 0)
        return ordered
    }

    /// Fetches `requested` (or the nearest locale the manifest offers) and only then stores it as the
    /// selected locale, so a widget never sees a locale without its messages. When the refresh fails but
    /// messages are cached, the switch still happens and the result carries a warning. The manifest is cached
    /// as `fetch(_:committing:progress:)` caches it: only when the locale's fetch succeeded.
    /// - Parameter requested: the locale to switch to.
    /// - Throws: `FetchError` when the locale is not offered, or cannot be fetched and is not cached; the
    ///   stored locale is then unchanged.
    public func switchLocale(to requested: LocaleTag) async throws(FetchError) -> LocaleSwitch {
        var warnings: [FetchWarning] = []
        let manifestFetch: ManifestFetch
        do {
            manifestFetch = try await fetchManifest()
        } catch {
            // No manifest at all: a cached locale can still be selected, offline.
            do {
                let chosen = try writer.selectLocale(requested)
                return LocaleSwitch(
                    locale: chosen, fetch: nil,
                    warnings: [FetchWarning(.cachedMessagesUsed, "\(error); switched using the cached messages")])
            } catch let selection {
                throw FetchError(.cannotSwitch, "\(error); \(selection)")
            }
        }
        if case .failed(let reason) = manifestFetch.outcome {
            warnings.append(FetchWarning(.cachedManifestUsed, "\(reason); using the cached manifest"))
        }
        warnings += manifestFetch.warnings
        guard let language = manifestFetch.manifest.language(for: requested) else {
            let offered = manifestFetch.manifest.languages.map(\.tag.normalized).joined(separator: ", ")
            throw FetchError(
                .notOffered,
                "'\(requested.displayForm)' is not offered by project '\(project)' (languages: \(offered)); "
                    + "the locale was not changed")
        }
        let report = await fetch([language.tag], committing: manifestFetch)
        let result = report.locales[0]
        warnings += report.warnings
        if !result.outcome.isFailure, !manifestFetch.outcome.isFailure,
            case .failed(let reason) = report.manifest.outcome
        {
            warnings.append(FetchWarning(.manifestNotCached, reason))
        }
        let notStored: (code: FetchError.Code, reason: String)? =
            switch result.outcome {
            case .failed(let reason): (.cannotSwitch, reason)
            case .leftOut(let reason): (.storeFull, reason)
            default: nil
            }
        if let (code, reason) = notStored {
            // Unreadable counts as not cached: the switch then stops, and says why the fetch did not store it.
            let cached = try? store.containsValue(forKey: StorageKey.messages(project: project, locale: language.tag))
            guard cached == true else {
                throw FetchError(
                    code, "Cannot fetch '\(language.tag.displayForm)': \(reason); the locale was not changed")
            }
            warnings.append(
                FetchWarning(
                    .cachedMessagesUsed,
                    "Could not refresh '\(language.tag.displayForm)' (\(reason)); using the cached messages"))
        }
        do {
            let chosen = try writer.selectLocale(language.tag)
            return LocaleSwitch(locale: chosen, fetch: result, warnings: warnings)
        } catch {
            throw FetchError(.cannotSwitch, "\(error)")
        }
    }
}
