@_spi(WidgetI18nSupport) import WidgetI18nSupport

/// A BCP 47 language tag (RFC 5646): language, optional script, region, variants, extensions and private use.
///
/// Tags arrive in every spelling (`pt-BR`, `pt_BR`, `PT-br`); two tags are equal when their normalised forms
/// are. The normalised form (`pt-br`) is what storage keys use; the display form (`pt-BR`) is what people read.
///
///     let tag = try LocaleTag("zh_Hant_TW")
///     tag.normalized           // "zh-hant-tw"
///     tag.displayForm          // "zh-Hant-TW"
///     tag.parents.map(\.normalized)   // ["zh-hant", "zh"]
///     tag.fallbackChain.map(\.normalized)   // ["zh-hant-tw", "zh-hant"]: CLDR's, zh is Simplified
///     try LocaleTag("pt").maximized   // pt-Latn-BR
public struct LocaleTag: Hashable, Sendable, CustomStringConvertible {
    /// Lower case, `-` separated: the spelling of storage keys (`pt-br`, `zh-hant-tw`).
    public let normalized: String
    /// Conventional casing: language lower, script title, region upper (`pt-BR`, `zh-Hant-TW`).
    public let displayForm: String
    /// The primary language subtag, lower case (`pt`).
    package let language: String
    /// The script subtag in title case (`Hant`), if any.
    package let script: String?
    /// The region subtag in upper case (`BR`, `419`), if any.
    package let region: String?
    /// Variant subtags, lower case.
    package let variants: [String]

    public var description: String { displayForm }

    /// `en`, the usual default locale.
    public static let english = LocaleTag(parsing: "en")!

    /// Longest tag accepted; RFC 5646 asks for at least 35 characters, real tags stay far below 64.
    static let maximumLength = 64

    /// Parses and validates `text`; `_` is accepted as a separator.
    /// - Parameter text: a BCP 47 language tag, such as `pt-BR` or `pt_BR`.
    /// - Throws: `LocaleTagError` naming the rejected text and the offending subtag.
    public init(_ text: String) throws(LocaleTagError) {
        let parsed = try Self.parse(text)
        self = parsed
    }

    /// Parses `text`, or returns `nil` when it is not a valid tag.
    /// - Parameter text: a BCP 47 language tag, such as `pt-BR` or `pt_BR`.
    public init?(parsing text: String) {
        guard let parsed = try? Self.parse(text) else { return nil }
        self = parsed
    }

    private init(subtags: [Subtag]) {
        // Built by hand rather than with `joined(separator:)`, whose generic path costs a widget's first render
        // a scan of the binary's protocol conformances.
        var display = ""
        func append(_ subtag: String) {
            if !display.isEmpty { display += "-" }
            display += subtag
        }
        var language = ""
        var script: String?
        var region: String?
        var variants: [String] = []
        for subtag in subtags {
            let lower = subtag.text.lowercased()
            switch subtag.kind {
            case .language:
                language = lower
                append(lower)
            case .extendedLanguage, .extensionPart, .privateUse:
                append(lower)
            case .script:
                let titled = lower.prefix(1).uppercased() + lower.dropFirst()
                script = titled
                append(titled)
            case .region:
                region = lower.uppercased()
                append(lower.uppercased())
            case .variant:
                variants.append(lower)
                append(lower)
            }
        }
        self.language = language
        self.script = script
        self.region = region
        self.variants = variants
        self.displayForm = display
        self.normalized = displayForm.lowercased()
    }

    /// The tags obtained by removing subtags from the end, nearest first (RFC 4647 lookup truncation);
    /// a singleton left at the end is removed with its extension. `zh-hant-tw` → `zh-hant`, `zh`.
    ///
    /// This is truncation only, whatever the language: CLDR's inheritance, where `zh-Hant` does not fall back to
    /// `zh`, is ``fallbackChain``.
    package var parents: [LocaleTag] {
        var result: [LocaleTag] = []
        var parts = normalized.split(separator: "-").map(String.init)
        while parts.count > 1 {
            parts.removeLast()
            if parts.count > 1, parts[parts.count - 1].count == 1 { parts.removeLast() }
            var text = parts[0]
            for part in parts.dropFirst() { text += "-" + part }
            if let parent = LocaleTag(parsing: text) { result.append(parent) }
        }
        return result
    }

    /// The type of `key` in the tag's Unicode extension (`-u-`), lower case, its subtags joined by `-`:
    /// `ca` of `th-TH-u-ca-gregory` is `gregory`, of `ar-SA-u-ca-islamic-umalqura-nu-latn` is
    /// `islamic-umalqura`, and `nu` of the latter `latn`. A key written without a type is `true`, as UTS #35
    /// reads it; a key the tag does not have, or a tag without a `-u-` extension, gives `nil`.
    /// - Parameter key: a two-character Unicode extension key, such as `ca` (calendar), `nu` (numbering
    ///   system) or `rg` (region override).
    package func unicodeExtension(_ key: String) -> String? {
        let subtags = normalized.split(separator: "-")
        guard let start = subtags.firstIndex(of: "u") else { return nil }
        let key = key.lowercased()
        var index = start + 1
        while index < subtags.count, subtags[index].count > 1 {
            // Attributes (3–8 characters) come before the first key; a key is 2; its type, 3–8 each.
            guard subtags[index].count == 2 else {
                index += 1
                continue
            }
            var end = index + 1
            while end < subtags.count, subtags[end].count > 2 { end += 1 }
            if subtags[index] == key {
                guard end > index + 1 else { return "true" }
                var type = String(subtags[index + 1])
                for subtag in subtags[(index + 2)..<end] { type += "-" + subtag }
                return type
            }
            index = end
        }
        return nil
    }

    /// Whether the script or language is written right to left (Arabic, Hebrew, Persian, Urdu, …).
    public var isRightToLeft: Bool {
        if let script {
            switch script {
            case "Arab", "Hebr", "Syrc", "Thaa", "Nkoo", "Adlm", "Rohg": return true
            default: return false
            }
        }
        switch language {
        case "ar", "he", "iw", "fa", "ur", "ps", "yi", "ckb", "dv", "sd", "ug": return true
        default: return false
        }
    }

    public static func == (lhs: LocaleTag, rhs: LocaleTag) -> Bool { lhs.normalized == rhs.normalized }
    public func hash(into hasher: inout Hasher) { hasher.combine(normalized) }

    // MARK: - Grammar

    private enum SubtagKind { case language, extendedLanguage, script, region, variant, extensionPart, privateUse }
    private struct Subtag {
        var text: Substring
        var kind: SubtagKind
    }

    private static func parse(_ text: String) throws(LocaleTagError) -> LocaleTag {
        // A tag is parsed once per text: formatting parses the same few (a display name's code, a slice's
        // locales) on every call, at a microsecond each.
        if let kept = parsed.value(forKey: text) { return kept }
        let tag = try parseText(text)
        parsed.insert(tag, forKey: text)
        return tag
    }

    /// Tags by the text they were parsed from.
    private static let parsed = BoundedCache<LocaleTag>(capacity: 512)

    private static func parseText(_ text: String) throws(LocaleTagError) -> LocaleTag {
        guard !text.isEmpty else { throw LocaleTagError(text: text, reason: .empty) }
        guard text.utf8.count <= maximumLength else { throw LocaleTagError(text: text, reason: .tooLong) }
        let pieces = text.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        for piece in pieces {
            guard !piece.isEmpty, piece.utf8.count <= 8, piece.utf8.allSatisfy(ASCII.isAlphanumeric) else {
                throw LocaleTagError(text: text, reason: .invalidSubtag(String(piece)))
            }
        }
        var subtags: [Subtag] = []
        var index = 0
        func isAlpha(_ piece: Substring) -> Bool { piece.utf8.allSatisfy(ASCII.isLetter) }
        func isDigits(_ piece: Substring) -> Bool { piece.utf8.allSatisfy(ASCII.isDigit) }

        // language: 2–3 letters (with up to three 3-letter extlangs) or 5–8 letters; 4 letters is reserved.
        let language = pieces[0]
        guard isAlpha(language), [2, 3, 5, 6, 7, 8].contains(language.count) else {
            throw LocaleTagError(text: text, reason: .invalidLanguage(String(language)))
        }
        subtags.append(Subtag(text: language, kind: .language))
        index = 1
        if language.count <= 3 {
            var extlangs = 0
            while index < pieces.count, extlangs < 3, pieces[index].count == 3, isAlpha(pieces[index]) {
                subtags.append(Subtag(text: pieces[index], kind: .extendedLanguage))
                index += 1
                extlangs += 1
            }
        }
        if index < pieces.count, pieces[index].count == 4, isAlpha(pieces[index]) {
            subtags.append(Subtag(text: pieces[index], kind: .script))
            index += 1
        }
        if index < pieces.count,
            (pieces[index].count == 2 && isAlpha(pieces[index]))
                || (pieces[index].count == 3 && isDigits(pieces[index]))
        {
            subtags.append(Subtag(text: pieces[index], kind: .region))
            index += 1
        }
        var seenVariants: Set<String> = []
        while index < pieces.count, isVariant(pieces[index]) {
            guard seenVariants.insert(pieces[index].lowercased()).inserted else {
                throw LocaleTagError(text: text, reason: .invalidSubtag(String(pieces[index])))
            }
            subtags.append(Subtag(text: pieces[index], kind: .variant))
            index += 1
        }
        var seenSingletons: Set<String> = []
        while index < pieces.count {
            let singleton = pieces[index]
            guard singleton.count == 1 else {
                throw LocaleTagError(text: text, reason: .invalidSubtag(String(singleton)))
            }
            let isPrivateUse = singleton.lowercased() == "x"
            guard seenSingletons.insert(singleton.lowercased()).inserted else {
                throw LocaleTagError(text: text, reason: .invalidSubtag(String(singleton)))
            }
            subtags.append(Subtag(text: singleton, kind: isPrivateUse ? .privateUse : .extensionPart))
            index += 1
            let firstPart = index
            while index < pieces.count, isPrivateUse || pieces[index].count >= 2 {
                subtags.append(Subtag(text: pieces[index], kind: isPrivateUse ? .privateUse : .extensionPart))
                index += 1
            }
            guard index > firstPart else { throw LocaleTagError(text: text, reason: .invalidSubtag(String(singleton))) }
        }
        return LocaleTag(subtags: subtags)
    }

    /// 5–8 alphanumerics, or a digit followed by three alphanumerics.
    private static func isVariant(_ piece: Substring) -> Bool {
        if piece.count >= 5 { return true }
        guard piece.count == 4, let first = piece.utf8.first else { return false }
        return ASCII.isDigit(first)
    }
}

/// Text that is not a BCP 47 language tag.
public struct LocaleTagError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public typealias Code = ErrorCode<LocaleTagError>

    /// What was wrong with the tag, with its details.
    package enum Reason: Hashable, Sendable {
        /// The text is empty.
        case empty
        /// The text is longer than 64 bytes.
        case tooLong
        /// The first subtag is not 2–3 or 5–8 letters; the payload is that subtag.
        case invalidLanguage(String)
        /// A later subtag is empty, not alphanumeric, too long, repeated or out of place; the payload is that subtag.
        case invalidSubtag(String)
    }

    /// The rejected text.
    public let text: String
    /// What was wrong with the tag.
    package let reason: Reason

    /// What kind of problem it is, to compare.
    public var code: Code {
        switch reason {
        case .empty: .empty
        case .tooLong: .tooLong
        case .invalidLanguage: .invalidLanguage
        case .invalidSubtag: .invalidSubtag
        }
    }

    public var description: String {
        let detail: String
        switch reason {
        case .empty: detail = "the tag is empty"
        case .tooLong: detail = "it is longer than \(LocaleTag.maximumLength) characters"
        case .invalidLanguage(let subtag):
            detail = "'\(QuotedExcerpt.of(subtag))' is not a language subtag (2–3 or 5–8 letters)"
        case .invalidSubtag(let subtag): detail = "'\(QuotedExcerpt.of(subtag))' is not a valid subtag here"
        }
        // A rejected locale may be a megabyte that a store held: quoted, it is a short prefix.
        return "Invalid locale '\(QuotedExcerpt.of(text))': \(detail); use a BCP 47 tag such as 'en', 'pt-BR' or "
            + "'zh-Hant-TW'"
    }
}

extension ErrorCode where Domain == LocaleTagError {
    /// The text is empty.
    public static var empty: Self { Self("empty") }
    /// The text is longer than `LocaleTag.maximumLength`.
    public static var tooLong: Self { Self("tooLong") }
    /// The first subtag is not a language subtag.
    public static var invalidLanguage: Self { Self("invalidLanguage") }
    /// A later subtag is empty, not alphanumeric, too long, repeated or out of place.
    public static var invalidSubtag: Self { Self("invalidSubtag") }
}
