// The identifiers that go into keys and paths, validated exactly as the Swift types validate them, with their
// messages: locale tags (LocaleTag), project ids (ProjectID), App Group ids (GroupContainer) and widget kinds.
// test/end-to-end.test.mjs asks the built widget-i18n about every vector, so the two cannot drift apart.

import { describe, excerpt, failure } from './errors.mjs';
import { every, isAlphanumeric, isDigit, isHexDigit, isLetter } from './text.mjs';
import { loneSurrogateIndex, utf8Count } from './utf8.mjs';

// MARK: - Locale tags

const isAlpha = (piece) => every(piece, isLetter);
const isDigits = (piece) => every(piece, isDigit);
const isVariant = (piece) => piece.length >= 5 || (piece.length === 4 && isDigit(piece.charCodeAt(0)));

/** The errors of an invalid `text`, with LocaleTag's messages: `invalid(detail)` and `invalidSubtag(piece)`. */
function localeErrors(text) {
  const invalid = (detail) =>
    failure(
      RangeError,
      'ERR_INVALID_LOCALE',
      `Invalid locale '${excerpt(text)}': ${detail}; use a BCP 47 tag such as 'en', 'pt-BR' or 'zh-Hant-TW'`,
    );
  return { invalid, invalidSubtag: (piece) => invalid(`'${excerpt(piece)}' is not a valid subtag here`) };
}

/** The index after the language, its extlangs, script and region (RFC 5646's `langtag` up to its variants). */
function afterRegion(pieces, errors) {
  const language = pieces[0];
  if (!isAlpha(language) || ![2, 3, 5, 6, 7, 8].includes(language.length)) {
    throw errors.invalid(`'${excerpt(language)}' is not a language subtag (2–3 or 5–8 letters)`);
  }
  let index = 1;
  if (language.length <= 3) {
    for (let extlangs = 0; index < pieces.length && extlangs < 3; extlangs++, index++) {
      if (pieces[index].length !== 3 || !isAlpha(pieces[index])) break;
    }
  }
  if (index < pieces.length && pieces[index].length === 4 && isAlpha(pieces[index])) index++;
  const region = pieces[index];
  if (region !== undefined && ((region.length === 2 && isAlpha(region)) || (region.length === 3 && isDigits(region)))) {
    index++;
  }
  return index;
}

/** The index after the variants from `index`, none twice. */
function afterVariants(pieces, index, errors) {
  const variants = new Set();
  for (; index < pieces.length && isVariant(pieces[index]); index++) {
    const variant = pieces[index].toLowerCase();
    if (variants.has(variant)) throw errors.invalidSubtag(pieces[index]);
    variants.add(variant);
  }
  return index;
}

/** Checks the extensions and private use from `index` to the end: singletons, none twice, each with a part. */
function checkExtensions(pieces, index, errors) {
  const singletons = new Set();
  while (index < pieces.length) {
    const singleton = pieces[index];
    if (singleton.length !== 1) throw errors.invalidSubtag(singleton);
    const isPrivateUse = singleton.toLowerCase() === 'x';
    if (singletons.has(singleton.toLowerCase())) throw errors.invalidSubtag(singleton);
    singletons.add(singleton.toLowerCase());
    index++;
    const firstPart = index;
    while (index < pieces.length && (isPrivateUse || pieces[index].length >= 2)) index++;
    if (index === firstPart) throw errors.invalidSubtag(singleton);
  }
}

/**
 * Validates `text` as a BCP 47 language tag exactly as WidgetI18n's `LocaleTag` does
 * (Sources/LocaleData/Locale/LocaleTag.swift) and returns its normalised form, the spelling of storage keys:
 * lower case, `-` separated (`pt_BR` → `pt-br`). For a valid tag that is what the better-i18n core's
 * `normalizeLocale` gives too (utils/locale.ts: `toLowerCase()`, `_` → `-`), so both SDKs' widgets find it.
 * @throws {RangeError} with `code` `ERR_INVALID_LOCALE` and LocaleTag's own message.
 */
export function normalizeLocaleTag(text) {
  if (typeof text !== 'string') {
    throw failure(TypeError, 'ERR_INVALID_LOCALE', `Expected a locale tag as a string, got ${describe(text)}`);
  }
  const errors = localeErrors(text);
  if (text.length === 0) throw errors.invalid('the tag is empty');
  if (utf8Count(text) > 64) throw errors.invalid('it is longer than 64 characters');
  const pieces = text.split('-').flatMap((piece) => piece.split('_'));
  for (const piece of pieces) {
    if (piece.length === 0 || piece.length > 8 || !every(piece, isAlphanumeric)) throw errors.invalidSubtag(piece);
  }
  checkExtensions(pieces, afterVariants(pieces, afterRegion(pieces, errors), errors), errors);
  return pieces.map((piece) => piece.toLowerCase()).join('-');
}

// MARK: - Project ids

const isSlug = (slug) =>
  slug.length > 0 &&
  slug.length <= 100 &&
  isAlphanumeric(slug.charCodeAt(0)) &&
  every(slug, (c) => isAlphanumeric(c) || c === 0x2d || c === 0x5f || c === 0x2e);

/** Whether `text` is a UUID in the 8-4-4-4-12 form, either case. */
function isUUID(text) {
  if (text.length !== 36) return false;
  for (let index = 0; index < 36; index++) {
    const c = text.charCodeAt(index);
    if (!([8, 13, 18, 23].includes(index) ? c === 0x2d : isHexDigit(c))) return false;
  }
  return true;
}

/**
 * The most characters the two slugs have together, so that every key derived from the project fits a 255-byte file
 * name with a 64-character locale (ProjectID.maximumSlugsLength in Sources/I18nCore/Schema/ProjectID.swift).
 */
const MAXIMUM_SLUGS_LENGTH = 137;

/**
 * Validates `text` as a better-i18n project id exactly as WidgetI18n's `ProjectID` does
 * (Sources/I18nCore/Schema/ProjectID.swift): `org/project` (each slug a letter or digit, then letters,
 * digits, `-`, `_` or `.`, at most 100, the two at most 137 together) or a UUID, either case. Returns it
 * unchanged: ids go into keys verbatim.
 * @throws {RangeError} with `code` `ERR_INVALID_PROJECT` and ProjectID's own message.
 */
export function validateProjectId(text) {
  if (typeof text !== 'string') {
    throw failure(TypeError, 'ERR_INVALID_PROJECT', `Expected a project id as a string, got ${describe(text)}`);
  }
  const segments = text.split('/');
  const slugs = segments.length === 2 && segments.every(isSlug) && text.length - 1 <= MAXIMUM_SLUGS_LENGTH;
  if (isUUID(text) || slugs) return text;
  throw failure(
    RangeError,
    'ERR_INVALID_PROJECT',
    `Invalid project '${text}': use 'org/project' (e.g. 'acme/widgets', the two at most ` +
      `${MAXIMUM_SLUGS_LENGTH} characters together) or a project UUID (e.g. '3f2c8a9e-1b4d-4c6a-9e2f-7a8b9c0d1e2f')`,
  );
}

// MARK: - App Group ids

/** The longest App Group id, in UTF-8 bytes (GroupContainer.validateGroupIdentifier). */
const MAXIMUM_APP_GROUP_BYTES = 200;

/** What is wrong with `appGroup` (a string) as an App Group id, or null. */
function appGroupProblem(appGroup) {
  const bytes = utf8Count(appGroup);
  if (bytes === 0) return 'it is empty';
  if (bytes > MAXIMUM_APP_GROUP_BYTES) return `it is ${bytes} bytes long`;
  if (appGroup.charCodeAt(0) === 0x2e) return "it starts with '.'";
  for (const character of appGroup) {
    const unit = character.charCodeAt(0);
    if (character.length === 1 && (isAlphanumeric(unit) || unit === 0x2e || unit === 0x2d || unit === 0x5f)) continue;
    return `${JSON.stringify(character)} is not a letter, digit, '.', '-' or '_'`;
  }
  return null;
}

/**
 * Validates an App Group id exactly as WidgetI18n's `GroupContainer.validateGroupIdentifier` does
 * (Sources/GroupStore/GroupContainer.swift): 1 to 200 bytes, each an ASCII letter or digit, `.`, `-` or `_`, the
 * first not `.`; so that it names one directory, as the Swift side uses it. Returns it unchanged.
 * @throws {TypeError|RangeError} with `code` `ERR_INVALID_OPTIONS`, naming `options.appGroup`.
 */
export function checkAppGroup(appGroup, caller) {
  const rule =
    "an App Group id is 1 to 200 letters, digits, '.', '-' and '_', not starting with '.' (such as " +
    "'group.acme.widgets')";
  if (typeof appGroup !== 'string') {
    const message = `${caller}: options.appGroup must be a string, got ${describe(appGroup)}; ${rule}`;
    throw failure(TypeError, 'ERR_INVALID_OPTIONS', message);
  }
  const problem = appGroupProblem(appGroup);
  if (problem !== null) {
    const message = `${caller}: invalid options.appGroup '${excerpt(appGroup)}': ${problem}; ${rule}`;
    throw failure(RangeError, 'ERR_INVALID_OPTIONS', message);
  }
  return appGroup;
}

// MARK: - Widget kinds

/** Checks a widget kind for a reload request's key: a non-empty string without `:` or control characters. */
export function checkKind(kind, caller) {
  let valid = typeof kind === 'string' && kind.length > 0;
  for (let index = 0; valid && index < kind.length; index++) {
    const unit = kind.charCodeAt(index);
    valid = unit !== 0x3a && unit >= 0x20 && !(unit >= 0x7f && unit <= 0x9f);
  }
  if (!valid || loneSurrogateIndex(kind) >= 0) {
    throw failure(
      TypeError,
      'ERR_INVALID_KIND',
      `${caller}: a widget kind must be a non-empty string without ':', control characters or lone surrogates, ` +
        `got ${describe(kind)}`,
    );
  }
  return kind;
}
