import Foundation
import GroupContract
import GroupStore
import I18nCore
import LocaleData

/// Caches one locale whose files have all arrived: merges namespaced files under their names, drops a
/// byte-order mark, validates, hashes and writes the messages, their lookup index and their metadata.
///
/// Validation is one pass over the bytes, the same pass that builds the index widgets read: a namespaced
/// locale is merged first and parsed once, then each namespace is checked to be exactly one JSON object
/// where its file was put, so no file can add members beside its own.
package struct LocaleCache {
    /// One downloaded file of a locale, in the order of the locale's URLs.
    package struct File: Sendable {
        package var url: String
        package var body: [UInt8]
        package var validators: CacheMetadata.Validators

        package init(url: String, body: [UInt8], validators: CacheMetadata.Validators) {
            self.url = url
            self.body = body
            self.validators = validators
        }
    }

    package let store: any GroupStore
    package let project: ProjectID

    package init(store: any GroupStore, project: ProjectID) {
        self.store = store
        self.project = project
    }

    /// Validates and writes `files` as the messages of `locale`.
    /// - Parameters:
    ///   - namespaces: the manifest's namespaces, one per file, or `nil` for a single `translations.json`.
    ///   - bundleURL: how errors about the merged bundle name it (`…/tr/*.json` for namespaces).
    ///   - previous: the metadata of what is cached now, to tell `unchanged` from `updated`.
    ///   - warn: told what did not go to plan but did not stop the locale (messages that cannot be nested).
    /// - Returns: `.updated` or `.unchanged`.
    /// - Throws: `FetchError` that names the file and the problem; nothing was written then.
    package func cache(
        _ files: [File], locale: LocaleTag, namespaces: [String]?, bundleURL: String, manifestVersion: String?,
        selection: [String]? = nil, previous: CacheMetadata?, previousSize: Int?,
        warn: (FetchWarning) -> Void = { _ in }
    ) throws(FetchError) -> FetchOutcome {
        var body: [UInt8]
        var bundle: MessageBundle
        if let namespaces {
            precondition(namespaces.count == files.count, "one file per namespace")
            (body, bundle) = try merged(files, namespaces: namespaces, locale: locale, bundleURL: bundleURL)
        } else {
            precondition(files.count == 1, "a locale without namespaces has one file")
            body = Self.droppingByteOrderMark(files[0].body)
            do { bundle = try MessageBundle(jsonBytes: body) } catch {
                throw Self.rejected(locale, url: files[0].url, error)
            }
        }
        if bundle.messageCount == 0 { throw Self.emptyBundleError(body, locale: locale, url: bundleURL) }
        // Stored in the shape every better-i18n reader reads: nested (the Swift SDK walks nested objects only).
        let notNested = { (problem: String) in
            FetchWarning(
                .storedFlat,
                "The messages for '\(locale.displayForm)' from '\(bundleURL)' are stored flat as served: \(problem), "
                    + "so better-i18n's Swift SDK, which reads nested keys only, will not find the dotted ones")
        }
        // Nested already (no dotted name, which the parse above found out): nothing to rewrite, and nothing to
        // read again; the second parse cost a cold fetch of flat-free bundles a quarter of its time.
        switch bundle.hasDottedMemberName ? BundleNesting.nested(body) : .nested {
        case .nested: break
        case .nestable(let nested):
            if let nestedBundle = try? MessageBundle(jsonBytes: nested) {
                (body, bundle) = (nested, nestedBundle)
            } else {
                warn(notNested("nested, they would be deeper than \(MessageBundle.maximumDepth) levels"))
            }
        case .notNestable(let key, let reason):
            warn(notNested("they cannot be nested at '\(QuotedExcerpt.of(key))' (\(reason))"))
        }
        // What a widget would refuse to read is not stored either.
        guard body.count <= MessageBundle.maximumStoredSize else {
            throw FetchError(
                .rejectedContent,
                "The messages for '\(locale.displayForm)' from '\(bundleURL)' are \(body.count) bytes, larger than the "
                    + "\(MessageBundle.maximumStoredSize / 1024 / 1024) MiB a widget reads; nothing was stored")
        }

        let digest = SHA256.hexDigest(of: body)
        var validators: [String: CacheMetadata.Validators] = [:]
        for file in files { validators[file.url] = file.validators }
        var metadata = CacheMetadata(
            files: validators, manifestVersion: manifestVersion, fetchedAt: Date(), size: body.count, sha256: digest,
            namespaces: selection, identity: previous?.identity)
        // `previous` describes the stored value (the caller checked its identity): the same digest is the same
        // content, and only metadata that changed is written again.
        let unchanged = previous?.sha256 == digest && previousSize == body.count
        do {
            if unchanged {
                if previous?.files != validators || previous?.manifestVersion != manifestVersion
                    || previous?.namespaces != selection
                {
                    try ContractWriter(store: store, project: project).storeMetadata(metadata, locale: locale)
                }
            } else {
                try ContractWriter(store: store, project: project).storeMessages(body, bundle: bundle, locale: locale) {
                    identity in
                    metadata.identity = identity.map(SHA256.hex)
                    return metadata
                }
            }
        } catch let error as GroupStoreError {
            if case .domainFull = error.kind {
                throw FetchError(.storeFull, "Left out '\(locale.displayForm)' (\(body.count) bytes): \(error)")
            }
            throw FetchError(.cannotCache, "Cannot cache '\(locale.displayForm)': \(error)")
        } catch {
            throw FetchError(.cannotCache, "Cannot cache '\(locale.displayForm)': \(error)")
        }
        return unchanged ? .unchanged : .updated(size: body.count)
    }

    /// `{"ns1":<file 1>,"ns2":<file 2>}`, parsed once; a problem is reported against the file it lies in.
    private func merged(
        _ files: [File], namespaces: [String], locale: LocaleTag, bundleURL: String
    ) throws(FetchError) -> ([UInt8], MessageBundle) {
        var body: [UInt8] = [UInt8(ascii: "{")]
        var ranges: [Range<Int>] = []
        for (index, (namespace, file)) in zip(namespaces, files).enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            JSONEscaping.appendQuoted(namespace, to: &body)
            body.append(UInt8(ascii: ":"))
            let start = body.count
            body.append(contentsOf: Self.droppingByteOrderMark(file.body))
            ranges.append(start..<body.count)
        }
        body.append(UInt8(ascii: "}"))
        let bundle: MessageBundle
        do { bundle = try MessageBundle(jsonBytes: body) } catch {
            guard let file = ranges.firstIndex(where: { $0.contains(error.offset) || $0.upperBound == error.offset })
            else { throw Self.rejected(locale, url: bundleURL, error) }
            let local = MessageBundleError(kind: error.kind, offset: error.offset - ranges[file].lowerBound)
            throw Self.rejected(locale, url: files[file].url, local)
        }
        // Each namespace must be exactly the one object its file holds, where the file was put.
        let objects = bundle.topLevelObjects()
        for (index, range) in ranges.enumerated() {
            let trimmed = Self.trimmingWhitespace(range, in: body)
            guard index < objects.count, objects[index].name == namespaces[index], objects[index].range == trimmed
            else {
                let offset = body[range].firstIndex { !Self.isWhitespace($0) }.map { $0 - range.lowerBound } ?? 0
                throw Self.rejected(
                    locale, url: files[index].url, MessageBundleError(kind: .notAnObject, offset: offset))
            }
        }
        guard objects.count == ranges.count else {
            throw Self.rejected(locale, url: bundleURL, MessageBundleError(kind: .notAnObject, offset: 0))
        }
        return (body, bundle)
    }

    private static func rejected(_ locale: LocaleTag, url: String, _ error: MessageBundleError) -> FetchError {
        FetchError(.rejectedContent, "Rejected the messages for '\(locale.displayForm)' from '\(url)': \(error)")
    }

    /// Why a bundle without a single string is refused: the CDN's "no such locale" answers `{}` and
    /// `{"fallback": true}` are named as such.
    private static func emptyBundleError(_ body: [UInt8], locale: LocaleTag, url: String) -> FetchError {
        let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
        if object.isEmpty || (object.count == 1 && object["fallback"] as? Bool == true) {
            let shown = object.isEmpty ? "{}" : "{\"fallback\": true}"
            return FetchError(
                .rejectedContent,
                "The CDN has no messages for '\(locale.displayForm)' at '\(url)' (it answered \(shown))")
        }
        return FetchError(.rejectedContent, "The messages for '\(locale.displayForm)' from '\(url)' contain no strings")
    }

    /// JSON.parse in the other SDKs rejects a byte-order mark: the store never holds one.
    static func droppingByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func trimmingWhitespace(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }
}
