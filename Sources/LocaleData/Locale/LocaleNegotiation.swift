/// Picks the best available locale for a list of preferences, as CLDR and ICU's `LocaleMatcher` see locales: a
/// script mismatch is never a match, a region mismatch is a weak one.
///
/// Each preference's ``LocaleTag/fallbackChain`` is walked (`de-CH-1996` → `de-CH` → `de`, `es-MX` → `es-419` →
/// `es`), and each step is matched against the available locales (``match(_:among:)``): the same tag, else
/// one with the same maximized form (`pt` and `pt-BR`), else one that falls back to the step (`en-001` is
/// answered by `en-GB`). Preferences earlier in the list always beat later ones, even when a later one
/// matches exactly.
///
///     LocaleNegotiation.lookup(preferred: [try LocaleTag("pt-PT"), try LocaleTag("en")],
///                              available: [try LocaleTag("pt"), try LocaleTag("en")])   // pt
///     LocaleNegotiation.lookup(preferred: [try LocaleTag("zh-TW")],
///                              available: [try LocaleTag("zh-Hans"), try LocaleTag("zh-Hant")])   // zh-Hant
package enum LocaleNegotiation {
    /// The first preference's best match (``bestMatch(for:among:)``), or `nil` when no preference matches.
    /// - Parameters:
    ///   - preferred: the preferences, most preferred first.
    ///   - available: the tags to choose from.
    package static func lookup(preferred: [LocaleTag], available: some Collection<LocaleTag>) -> LocaleTag? {
        // The first preference itself available, as a manifest lookup of a locale it lists is: the answer, with no
        // available tag maximized (`Candidates` maximizes them all, 3% of a cold 30-locale fetch's samples).
        if let first = preferred.first, let exact = available.first(where: { $0 == first }) { return exact }
        let candidates = Candidates(available)
        for preference in preferred {
            for step in preference.fallbackChain {
                if let match = candidates.match(step) { return match.tag }
            }
        }
        return nil
    }

    /// The available locale that best answers `desired`, with every step of its fallback chain tried, in order:
    /// at each step an exact match, else the same maximized form, else an available locale that falls back to
    /// the step. The steps after the one that matched are not tried.
    ///
    ///     let (tag, steps) = LocaleNegotiation.bestMatch(
    ///         for: try LocaleTag("en-AU"), among: [try LocaleTag("en-US"), try LocaleTag("en-GB")])
    ///     // tag: en-GB; steps: "en-au: no match", "en-001: en-GB (falls back to it in 1 step)"
    ///
    /// - Parameters:
    ///   - desired: the locale wanted.
    ///   - available: the tags to choose from.
    /// - Returns: the available tag chosen, `nil` when no step matches; and each step tried with its match.
    package static func bestMatch(
        for desired: LocaleTag, among available: some Collection<LocaleTag>
    ) -> (tag: LocaleTag?, steps: [Step]) {
        let candidates = Candidates(available)
        var steps: [Step] = []
        for tag in desired.fallbackChain {
            let match = candidates.match(tag)
            steps.append(Step(tag: tag, match: match))
            if let match { return (match.tag, steps) }
        }
        return (nil, steps)
    }

    /// The available locale that answers one step of a fallback chain, and why; `nil` when none does.
    ///
    /// In order: (a) the step itself, in any spelling; (b) a tag with the same maximized form (`pt` and `pt-BR`
    /// are both `pt-Latn-BR`; `zh-Hant` and `zh-TW` both `zh-Hant-TW`); (c) a tag of the same script and
    /// language (or of a language CLDR makes the step's child, `nb` of `no`) whose own fallback chain reaches
    /// the step (`en-GB` for `en-001`, `pt-PT` for `pt` when no `pt-BR` is available): first one whose
    /// maximized region is the step's, then the one whose chain reaches the step in the fewest steps, then one
    /// of CLDR's paradigm locales (`en-GB`, `es-419`, `pt-PT`, as ICU's `LocaleMatcher` prefers them), then the
    /// first by normalised tag. Never across scripts: `zh-Hant` never answers `zh-Hans`, nor `sr-Latn`
    /// `sr-Cyrl`.
    /// - Parameters:
    ///   - step: one tag of a preference's fallback chain.
    ///   - available: the tags to choose from.
    package static func match(_ step: LocaleTag, among available: some Collection<LocaleTag>) -> Match? {
        Candidates(available).match(step)
    }

    /// Why an available locale answers a step of a fallback chain.
    package enum MatchReason: Hashable, Sendable, CustomStringConvertible {
        /// The available tag is the step, perhaps spelt otherwise (`pt_BR` for `pt-br`).
        case exact
        /// The available tag and the step have the same maximized form, the payload (`pt-Latn-BR` for `pt` and
        /// `pt-BR`).
        case sameMaximized(LocaleTag)
        /// The step is in the available tag's own fallback chain, the payload's number of steps up (`en-001` is
        /// one step up from `en-GB`).
        case fallsBack(steps: Int)

        package var description: String {
            switch self {
            case .exact: return "exact"
            case .sameMaximized(let maximized): return "same maximized form \(maximized)"
            case .fallsBack(let steps): return "falls back to it in \(steps) step\(steps == 1 ? "" : "s")"
            }
        }
    }

    /// An available tag that answers a step, and why.
    package struct Match: Hashable, Sendable, CustomStringConvertible {
        /// The available tag, as it was given.
        package let tag: LocaleTag
        /// Why it answers.
        package let reason: MatchReason

        package var description: String { "\(tag) (\(reason))" }
    }

    /// One step of a fallback chain as ``bestMatch(for:among:)`` tried it.
    package struct Step: Hashable, Sendable, CustomStringConvertible {
        /// The tag of the chain tried.
        package let tag: LocaleTag
        /// The available tag that answered it, or `nil`.
        package let match: Match?

        package var description: String { "\(tag.displayForm): \(match.map(\.description) ?? "no match")" }
    }

    /// The available tags, each with its maximized form and fallback chain worked out once.
    struct Candidates {
        struct Candidate {
            let tag: LocaleTag
            let maximized: LocaleTag
            let chain: [LocaleTag]
        }

        /// Without repeats (the first spelling of a tag is kept), sorted by normalised tag.
        let sorted: [Candidate]
        let byNormalized: [String: LocaleTag]

        init(_ available: some Collection<LocaleTag>) {
            var byNormalized: [String: LocaleTag] = [:]
            var unique: [LocaleTag] = []
            for tag in available where byNormalized[tag.normalized] == nil {
                byNormalized[tag.normalized] = tag
                unique.append(tag)
            }
            self.byNormalized = byNormalized
            sorted = unique.sorted { $0.normalized < $1.normalized }.map {
                Candidate(tag: $0, maximized: $0.maximized, chain: $0.fallbackChain)
            }
        }

        func match(_ step: LocaleTag) -> Match? {
            if let tag = byNormalized[step.normalized] { return Match(tag: tag, reason: .exact) }
            let maximized = step.maximized
            if let same = sorted.first(where: { $0.maximized == maximized }) {
                return Match(tag: same.tag, reason: .sameMaximized(maximized))
            }
            // The step's region first, then the nearest, then a paradigm locale; on a tie the first by name, as
            // `sorted` is. Ranks compare as tuples: lower is better.
            var best: (candidate: Candidate, rank: (Int, Int, Int))?
            for candidate in sorted where candidate.maximized.script == maximized.script {
                // The same language, or one CLDR makes a child of the step's (`nb` and `nn` of `no`), but never
                // another language that only inherits CLDR data (`hi-Latn` from `en-IN`, `ht` from `fr-HT`).
                guard
                    candidate.maximized.language == maximized.language
                        || LikelySubtags.parent(of: candidate.tag.language) == step.language
                else { continue }
                guard let steps = candidate.chain.firstIndex(of: step), steps > 0 else { continue }
                let rank = (
                    candidate.maximized.region == maximized.region ? 0 : 1, steps,
                    LikelySubtags.isParadigm(candidate.maximized) ? 0 : 1
                )
                if let current = best, current.rank <= rank { continue }
                best = (candidate, rank)
            }
            return best.map { Match(tag: $0.candidate.tag, reason: .fallsBack(steps: $0.rank.1)) }
        }
    }
}
