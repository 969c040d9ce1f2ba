// @widget-i18n/bridge: carries a JavaScript app's translations (better-i18n core, Expo, React Native,
// NativeScript) into the App Group store its iOS widgets read with WidgetI18n. No dependencies; runs on
// Hermes, JavaScriptCore, V8 and Node. It assumes nothing of the engine beyond ES2020 (and uses TextEncoder and
// crypto.getRandomValues when they are there); Node's file system is in node.mjs, not here.
//
// The key schema and spellings are WidgetI18n's storage contract (Sources/GroupContract/StorageKey.swift;
// docs/architecture.md, "The storage contract"). The file container layout is FileGroupStore's
// (Sources/GroupStore/Backends/FileGroupStore.swift, Sources/GroupStore/KeyFileName.swift), the lookup index
// StoredBundleIndex's (Sources/I18nCore/Bundle/StoredBundleIndex.swift, BundleIndex.swift,
// BundleIndex+Parser.swift), a suite's budget PreferencesBudget's (Sources/GroupStore/PreferencesGroupStore.swift).
// What the SDKs on the other side do is from their public code:
// - @better-i18n/core 0.13 (better-i18n/oss packages/core/src/cdn.ts, types.ts, utils/locale.ts): storage
//   `{get(k), set(k, v: string), remove?(k)}`, all promises; writes `@better-i18n:messages:{project}:
//   {normalizeLocale(locale)}` and `@better-i18n:manifest:{project}` as JSON strings.
// - @better-i18n/expo 0.9 (packages/expo/src/storage.ts, helpers.ts, types.ts): storage `{getItem, setItem,
//   removeItem}`, passed on to the core as its `get`/`set`; `storageAdapter` tells MMKV (`getString`, `set`,
//   `delete`) from AsyncStorage (`getItem`, `setItem`, `removeItem`) by shape.
// - @bacons/apple-targets 4 (packages/apple-targets/src/ExtensionStorage.ts): `new ExtensionStorage(group)`,
//   synchronous `set(key, value)` (a string is stored as a String, an object as JSON `Data` a string reader
//   reads as nil, `null`/`undefined` removes), `get(key): string | null`, `remove(key)`.
// - react-native-shared-group-preferences 1.1 (index.js, ios/*.m): `setItem(key, value, group)` and
//   `getItem(key, group)` return promises; `getItem` rejects with 1 for a missing key, `setItem` with 0 when
//   the suite cannot be opened; there is no way to remove a key.
// - expo-file-system's object API (SDK 54 on; expo/expo packages/expo-file-system), as the Expo backend below
//   uses it: its comment says what each call does and where that is written.

const PREFIX = '@better-i18n:';
const PACKAGE_PREFIX = `${PREFIX}widget-i18n:`;
const WRITER = '@widget-i18n/bridge';

/** The largest messages value a WidgetI18n widget reads (`MessageBundle.maximumStoredSize`, 4 MiB). */
export const MAXIMUM_MESSAGES_BYTES = 4 * 1024 * 1024;

// MARK: - Errors

/** Every error this module made (`failure`): what passes through a wrapper as it is, its code already said. */
const OWN_ERRORS = new WeakSet();

function failure(Kind, code, message, cause) {
  const error = new Kind(message);
  error.code = code;
  // Set by hand: `new Error(message, { cause })` is not in every engine an app may run on.
  if (cause !== undefined) error.cause = cause;
  OWN_ERRORS.add(error);
  return error;
}

/**
 * How a message names `value`. Never throws: a revoked Proxy, or one whose traps throw, is "an object that cannot
 * be inspected" (`Array.isArray` and every property read throw for those).
 */
function describe(value) {
  try {
    if (value === null) return 'null';
    if (value === undefined) return 'undefined';
    if (Array.isArray(value)) return 'an array';
    if (typeof value === 'string') return `the string ${JSON.stringify(excerpt(value))}`;
    if (typeof value === 'function') {
      const name = value.name;
      return name && typeof name === 'string' ? `the function ${name}` : 'a function';
    }
    if (typeof value === 'object') {
      const name = value.constructor && value.constructor.name;
      return name && typeof name === 'string' && name !== 'Object' ? `a ${name}` : 'an object';
    }
    return `${typeof value} ${String(value)}`;
  } catch {
    return `${typeof value === 'function' ? 'a function' : 'an object'} that cannot be inspected`;
  }
}

/** What went wrong, from what was thrown: an error's message, else what was thrown. Never throws. */
function reason(cause) {
  try {
    if (cause instanceof Error) return String(cause.message);
  } catch {
    // A Proxy of an error, or a message that is no string: say what it is instead.
  }
  return `rejected with ${describe(cause)}`;
}

/**
 * `object[name]` of an argument, or an error with `code` when reading it throws (a getter, a Proxy's trap), so
 * that an argument can never make this module throw an error without a code.
 */
function member(object, name, Kind, code, caller, of) {
  try {
    return object[name];
  } catch (cause) {
    throw failure(Kind, code, `${caller}: reading ${of}.${name} threw: ${reason(cause)}`, cause);
  }
}

/** The options named, each read once from `options` (an object: `checkOptions`), as `member` reads them. */
function readOptions(options, names, caller) {
  const values = {};
  for (const name of names) values[name] = member(options, name, TypeError, 'ERR_INVALID_OPTIONS', caller, 'options');
  return values;
}

const isObjectLike = (value) => (value !== null && typeof value === 'object') || typeof value === 'function';

// MARK: - Text

/**
 * The UTF-8 length of `text`, as the store counts bytes.
 * @throws {TypeError} with `code` `ERR_INVALID_VALUE` when `text` is not a string.
 */
export function utf8Length(text) {
  if (typeof text !== 'string') {
    throw failure(TypeError, 'ERR_INVALID_VALUE', `utf8Length: expected a string, got ${describe(text)}`);
  }
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

const textEncoder = typeof TextEncoder === 'function' ? new TextEncoder() : null;

/** `text` as UTF-8, a lone surrogate as U+FFFD (what TextEncoder and a Swift String make of one). */
function utf8Bytes(text) {
  if (textEncoder) return textEncoder.encode(text);
  const bytes = new Uint8Array(utf8Length(text));
  let offset = 0;
  for (let index = 0; index < text.length; index++) {
    let point = text.charCodeAt(index);
    if (point >= 0xd800 && point <= 0xdfff) {
      const next = index + 1 < text.length ? text.charCodeAt(index + 1) : 0;
      if (point <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        point = 0x10000 + ((point - 0xd800) << 10) + (next - 0xdc00);
        index++;
      } else point = 0xfffd;
    }
    if (point < 0x80) bytes[offset++] = point;
    else if (point < 0x800) {
      bytes[offset++] = 0xc0 | (point >> 6);
      bytes[offset++] = 0x80 | (point & 0x3f);
    } else if (point < 0x10000) {
      bytes[offset++] = 0xe0 | (point >> 12);
      bytes[offset++] = 0x80 | ((point >> 6) & 0x3f);
      bytes[offset++] = 0x80 | (point & 0x3f);
    } else {
      bytes[offset++] = 0xf0 | (point >> 18);
      bytes[offset++] = 0x80 | ((point >> 12) & 0x3f);
      bytes[offset++] = 0x80 | ((point >> 6) & 0x3f);
      bytes[offset++] = 0x80 | (point & 0x3f);
    }
  }
  return bytes;
}

/**
 * The length in bytes of the UTF-8 sequence that starts at `bytes[index]`, or 0 when none does (an overlong
 * form, a surrogate, past U+10FFFF, cut short): BundleIndex.Parser's scanUTF8Sequence, and what
 * `String(validating:as: UTF8.self)` accepts.
 */
function utf8SequenceLength(bytes, index, end) {
  const lead = bytes[index];
  if (lead < 0x80) return 1;
  let length;
  let lower = 0x80;
  let upper = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) length = 2;
  else if (lead === 0xe0) {
    length = 3;
    lower = 0xa0;
  } else if ((lead >= 0xe1 && lead <= 0xec) || lead === 0xee || lead === 0xef) length = 3;
  else if (lead === 0xed) {
    length = 3;
    upper = 0x9f;
  } else if (lead === 0xf0) {
    length = 4;
    lower = 0x90;
  } else if (lead >= 0xf1 && lead <= 0xf3) length = 4;
  else if (lead === 0xf4) {
    length = 4;
    upper = 0x8f;
  } else return 0;
  if (index + length > end) return 0;
  const second = bytes[index + 1];
  if (second < lower || second > upper) return 0;
  for (let offset = 2; offset < length; offset++) if ((bytes[index + offset] & 0xc0) !== 0x80) return 0;
  return length;
}

/** Valid UTF-8 `bytes` as a string, or null. No TextDecoder: Hermes did not have one for long. */
function decodeUTF8(bytes) {
  let text = '';
  for (let index = 0; index < bytes.length; ) {
    const length = utf8SequenceLength(bytes, index, bytes.length);
    if (length === 0) return null;
    const lead = bytes[index];
    let point;
    if (length === 1) point = lead;
    else if (length === 2) point = ((lead & 0x1f) << 6) | (bytes[index + 1] & 0x3f);
    else if (length === 3) point = ((lead & 0x0f) << 12) | ((bytes[index + 1] & 0x3f) << 6) | (bytes[index + 2] & 0x3f);
    else {
      point =
        ((lead & 0x07) << 18) | ((bytes[index + 1] & 0x3f) << 12) | ((bytes[index + 2] & 0x3f) << 6) |
        (bytes[index + 3] & 0x3f);
    }
    text += String.fromCodePoint(point);
    index += length;
  }
  return text;
}

/** What an error message quotes of a value: at most 64 code points (QuotedExcerpt.of in LocaleData). */
function excerpt(text, length = 64) {
  const points = Array.from(text);
  if (points.length <= length) return text;
  return `${points.slice(0, length).join('')}… (${utf8Length(text)} bytes)`;
}

const isDigit = (c) => c >= 0x30 && c <= 0x39;
const isLetter = (c) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isAlphanumeric = (c) => isLetter(c) || isDigit(c);
const isHexDigit = (c) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const every = (text, test) => {
  for (let index = 0; index < text.length; index++) if (!test(text.charCodeAt(index))) return false;
  return true;
};

/** `count` random bytes: crypto.getRandomValues where the engine has it, else Math.random (temporary names). */
function randomBytes(count) {
  const bytes = new Uint8Array(count);
  const crypto = globalThis.crypto;
  if (crypto && typeof crypto.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let index = 0; index < count; index++) bytes[index] = Math.floor(Math.random() * 256);
  return bytes;
}

const HEX = '0123456789abcdef';
const hexOf = (bytes) => {
  let text = '';
  for (const byte of bytes) text += HEX[byte >> 4] + HEX[byte & 15];
  return text;
};

/** A random (version 4) UUID in lower case. */
function randomUUID() {
  const bytes = randomBytes(16);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = hexOf(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// MARK: - Locale tags

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
  const invalid = (detail) =>
    failure(
      RangeError,
      'ERR_INVALID_LOCALE',
      `Invalid locale '${excerpt(text)}': ${detail}; use a BCP 47 tag such as 'en', 'pt-BR' or 'zh-Hant-TW'`,
    );
  const invalidSubtag = (piece) => invalid(`'${excerpt(piece)}' is not a valid subtag here`);
  if (text.length === 0) throw invalid('the tag is empty');
  if (utf8Length(text) > 64) throw invalid('it is longer than 64 characters');
  const pieces = text.split('-').flatMap((piece) => piece.split('_'));
  for (const piece of pieces) {
    if (piece.length === 0 || piece.length > 8 || !every(piece, isAlphanumeric)) throw invalidSubtag(piece);
  }
  const isAlpha = (piece) => every(piece, isLetter);
  const isDigits = (piece) => every(piece, isDigit);
  const language = pieces[0];
  if (!isAlpha(language) || ![2, 3, 5, 6, 7, 8].includes(language.length)) {
    throw invalid(`'${excerpt(language)}' is not a language subtag (2–3 or 5–8 letters)`);
  }
  let index = 1;
  if (language.length <= 3) {
    for (let extlangs = 0; index < pieces.length && extlangs < 3; extlangs++, index++) {
      if (pieces[index].length !== 3 || !isAlpha(pieces[index])) break;
    }
  }
  if (index < pieces.length && pieces[index].length === 4 && isAlpha(pieces[index])) index++;
  if (
    index < pieces.length &&
    ((pieces[index].length === 2 && isAlpha(pieces[index])) || (pieces[index].length === 3 && isDigits(pieces[index])))
  ) {
    index++;
  }
  const isVariant = (piece) => piece.length >= 5 || (piece.length === 4 && isDigit(piece.charCodeAt(0)));
  const variants = new Set();
  for (; index < pieces.length && isVariant(pieces[index]); index++) {
    const variant = pieces[index].toLowerCase();
    if (variants.has(variant)) throw invalidSubtag(pieces[index]);
    variants.add(variant);
  }
  const singletons = new Set();
  while (index < pieces.length) {
    const singleton = pieces[index];
    if (singleton.length !== 1) throw invalidSubtag(singleton);
    const isPrivateUse = singleton.toLowerCase() === 'x';
    if (singletons.has(singleton.toLowerCase())) throw invalidSubtag(singleton);
    singletons.add(singleton.toLowerCase());
    index++;
    const firstPart = index;
    while (index < pieces.length && (isPrivateUse || pieces[index].length >= 2)) index++;
    if (index === firstPart) throw invalidSubtag(singleton);
  }
  return pieces.map((piece) => piece.toLowerCase()).join('-');
}

// MARK: - Project ids

/**
 * Validates `text` as a better-i18n project id exactly as WidgetI18n's `ProjectID` does
 * (Sources/I18nCore/Schema/ProjectID.swift): `org/project` (each slug a letter or digit, then letters,
 * digits, `-`, `_` or `.`, at most 100) or a UUID, either case. Returns it unchanged: ids go into keys verbatim.
 * @throws {RangeError} with `code` `ERR_INVALID_PROJECT` and ProjectID's own message.
 */
export function validateProjectId(text) {
  if (typeof text !== 'string') {
    throw failure(TypeError, 'ERR_INVALID_PROJECT', `Expected a project id as a string, got ${describe(text)}`);
  }
  let isUUID = text.length === 36;
  for (let index = 0; isUUID && index < 36; index++) {
    const c = text.charCodeAt(index);
    isUUID = [8, 13, 18, 23].includes(index) ? c === 0x2d : isHexDigit(c);
  }
  const segments = text.split('/');
  const isSlug = (slug) =>
    slug.length > 0 &&
    slug.length <= 100 &&
    isAlphanumeric(slug.charCodeAt(0)) &&
    every(slug, (c) => isAlphanumeric(c) || c === 0x2d || c === 0x5f || c === 0x2e);
  if (isUUID || (segments.length === 2 && segments.every(isSlug))) return text;
  throw failure(
    RangeError,
    'ERR_INVALID_PROJECT',
    `Invalid project '${text}': use 'org/project' (e.g. 'acme/widgets') or a project UUID ` +
      `(e.g. '3f2c8a9e-1b4d-4c6a-9e2f-7a8b9c0d1e2f')`,
  );
}

// MARK: - Keys

function checkKind(kind, caller) {
  let valid = typeof kind === 'string' && kind.length > 0;
  for (let index = 0; valid && index < kind.length; index++) {
    const unit = kind.charCodeAt(index);
    valid = unit !== 0x3a && unit >= 0x20 && !(unit >= 0x7f && unit <= 0x9f);
  }
  if (!valid) {
    throw failure(
      TypeError,
      'ERR_INVALID_KIND',
      `${caller}: a widget kind must be a non-empty string without ':' or control characters, got ${describe(kind)}`,
    );
  }
  return kind;
}

/** The storage contract's keys (StorageKey.swift), with the project and locale validated and normalised. */
export const storageKeys = Object.freeze({
  /** `@better-i18n:locale:{project}`: the selected locale. */
  locale: (project) => `${PREFIX}locale:${validateProjectId(project)}`,
  /** `@better-i18n:messages:{project}:{normalised locale}`: a locale's messages as a JSON string. */
  messages: (project, locale) => `${PREFIX}messages:${validateProjectId(project)}:${normalizeLocaleTag(locale)}`,
  /** `@better-i18n:manifest:{project}`: the CDN manifest as a JSON string. */
  manifest: (project) => `${PREFIX}manifest:${validateProjectId(project)}`,
  /** `@better-i18n:widget-i18n:index:{project}:{normalised locale}`: the messages' lookup index (binary). */
  bundleIndex: (project, locale) =>
    `${PACKAGE_PREFIX}index:${validateProjectId(project)}:${normalizeLocaleTag(locale)}`,
  /** `@better-i18n:widget-i18n:written:{project}:{normalised locale}`: when the bridge wrote the messages. */
  messagesWritten: (project, locale) =>
    `${PACKAGE_PREFIX}written:${validateProjectId(project)}:${normalizeLocaleTag(locale)}`,
  /** `@better-i18n:widget-i18n:reload:{project}`, or `…:{kind}` for one widget kind: a reload request. */
  reloadRequest: (project, kind) =>
    `${PACKAGE_PREFIX}reload:${validateProjectId(project)}` +
    (kind === undefined || kind === null ? '' : `:${checkKind(kind, 'storageKeys.reloadRequest')}`),
  /** `@better-i18n:widget-i18n:suite-ledger`: what the bridge wrote into a `UserDefaults` suite, and its size. */
  suiteLedger: `${PACKAGE_PREFIX}suite-ledger`,
});

/** WidgetI18n's fetch metadata of a locale's messages, which a new value of the messages key invalidates. */
const messagesCacheKey = (project, locale) => `${PACKAGE_PREFIX}messages-cache:${project}:${locale}`;

/**
 * The project and locale of a messages key in its normalised spelling (the one the core writes and the keys
 * derived from it describe: ContractWriter.derivedKeys), or null for any other key.
 */
function messagesLocation(key) {
  if (!key.startsWith(`${PREFIX}messages:`)) return null;
  const parts = key.split(':');
  if (parts.length !== 4) return null;
  try {
    validateProjectId(parts[2]);
    if (normalizeLocaleTag(parts[3]) !== parts[3]) return null;
  } catch {
    return null;
  }
  return { project: parts[2], locale: parts[3] };
}

/** The keys derived from a normalised messages key: what describes that value, and goes when it changes. */
function derivedKeys(location) {
  return {
    index: storageKeys.bundleIndex(location.project, location.locale),
    stamp: storageKeys.messagesWritten(location.project, location.locale),
    fetchMetadata: messagesCacheKey(location.project, location.locale),
  };
}

/**
 * The freshness stamp of a messages value of `bytes` UTF-8 bytes: WidgetI18n's reader takes `writtenAt` for the
 * value's time while `size` is its size (RecordedTime.swift, WriteStamp), so a bundle just mirrored wins over an
 * older Expo cache of the same locale.
 */
const stampText = (bytes, now = Date.now()) => JSON.stringify({ size: bytes, writer: WRITER, writtenAt: now });

// MARK: - File names

const isUnreserved = (byte) => isAlphanumeric(byte) || byte === 0x2d || byte === 0x2e || byte === 0x5f || byte === 0x7e;
const UPPER_HEX = '0123456789ABCDEF';

/** The longest file name most file systems accept (KeyFileName.maximumLength). */
const MAXIMUM_FILE_NAME_BYTES = 255;

/**
 * The name of `key`'s file in a file container, as WidgetI18n's `KeyFileName.encode` writes it: the key's UTF-8
 * bytes, every byte outside `A-Z a-z 0-9 - . _ ~` as `%XX` in upper-case hex (Python's
 * `urllib.parse.quote(key, safe="")`; `encodeURIComponent` would leave `!'()*` as they are, names no reader
 * finds). The mapping is one-to-one, so no key names a path outside the container or a temporary file.
 * @throws {TypeError|RangeError} with `code` `ERR_INVALID_KEY` for an empty key, `.`, `..`, or a key whose
 *   name would be longer than 255 bytes (FileGroupStore's refusals).
 */
export function keyFileName(key) {
  if (typeof key !== 'string' || key.length === 0) {
    throw failure(TypeError, 'ERR_INVALID_KEY', `Expected a storage key as a non-empty string, got ${describe(key)}`);
  }
  if (key === '.' || key === '..') {
    throw failure(RangeError, 'ERR_INVALID_KEY', `Invalid key '${key}': '.' and '..' are not keys`);
  }
  let name = '';
  for (const byte of utf8Bytes(key)) {
    name += isUnreserved(byte) ? String.fromCharCode(byte) : `%${UPPER_HEX[byte >> 4]}${UPPER_HEX[byte & 15]}`;
  }
  if (name.length > MAXIMUM_FILE_NAME_BYTES) {
    throw failure(
      RangeError,
      'ERR_INVALID_KEY',
      `Invalid key '${excerpt(key)}': it is longer than ${MAXIMUM_FILE_NAME_BYTES} bytes once percent-encoded ` +
        `(${name.length})`,
    );
  }
  return name;
}

/** The key whose file name `name` is (KeyFileName.decode), or null: a temporary or stray file is no key. */
export function keyOfFileName(name) {
  if (typeof name !== 'string') return null;
  const bytes = [];
  for (let index = 0; index < name.length; ) {
    const unit = name.charCodeAt(index);
    if (unit === 0x25) {
      if (index + 2 >= name.length) return null;
      const high = UPPER_HEX.indexOf(name[index + 1]);
      const low = UPPER_HEX.indexOf(name[index + 2]);
      if (high < 0 || low < 0) return null;
      const byte = (high << 4) | low;
      if (isUnreserved(byte)) return null;
      bytes.push(byte);
      index += 3;
    } else {
      if (!isUnreserved(unit)) return null;
      bytes.push(unit);
      index += 1;
    }
  }
  if (bytes.length === 0) return null;
  const key = decodeUTF8(bytes);
  return key === null || key === '.' || key === '..' ? null : key;
}

// MARK: - 64-bit hashes
//
// A u64 is two u32 halves (high, low). Every step is exact: products of 16-bit limbs stay below 2^53, and
// Math.imul and `>>> 0` reduce modulo 2^32. BigInt would be simpler, and is about four times slower on V8 (the
// digest of 4 MiB: 116 ms against 32), and Hermes has it only since React Native 0.70.

const FNV_BASIS_HIGH = 0xcbf29ce4;
const FNV_BASIS_LOW = 0x84222325;
/** FNV-1a's prime is 2^40 + 0x1b3: a multiply by 0x1b3 and a shift by 40. */
const FNV_PRIME_LOW = 0x1b3;

let hashHigh = 0;
let hashLow = 0;

/** FNV-1a (FNV1a.combine) of `bytes[start..<end]` from the hash (high, low), into hashHigh and hashLow. */
function fnvBytes(high, low, bytes, start, end) {
  for (let index = start; index < end; index++) {
    low = (low ^ bytes[index]) >>> 0;
    const product = low * FNV_PRIME_LOW;
    const nextLow = product >>> 0;
    high = (Math.imul(high, FNV_PRIME_LOW) + (product - nextLow) / 4294967296 + (low << 8)) >>> 0;
    low = nextLow;
  }
  hashHigh = high;
  hashLow = low;
}

let productHigh = 0;
let productLow = 0;

/** (aHigh:aLow × bHigh:bLow) mod 2^64, into productHigh and productLow: 16-bit limbs, every partial exact. */
function multiply64(aHigh, aLow, bHigh, bLow) {
  const a0 = aLow & 0xffff;
  const a1 = aLow >>> 16;
  const b0 = bLow & 0xffff;
  const b1 = bLow >>> 16;
  const low = a0 * b0;
  const cross1 = a0 * b1;
  const cross2 = a1 * b0;
  const middle = (low >>> 16) + (cross1 & 0xffff) + (cross2 & 0xffff);
  productLow = ((middle << 16) | (low & 0xffff)) >>> 0;
  const carries = (cross1 >>> 16) + (cross2 >>> 16) + (middle >>> 16);
  productHigh = (a1 * b1 + carries + Math.imul(aHigh, bLow) + Math.imul(aLow, bHigh)) >>> 0;
}

const hex64 = (high, low) => high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');

/** The little-endian bytes of a size (below 2^53). */
function sizeBytes(count) {
  const bytes = new Uint8Array(8);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, count >>> 0, true);
  view.setUint32(4, Math.floor(count / 4294967296), true);
  return bytes;
}

/** StoredBundleIndex.fingerprint: FNV-1a of the size, then of the whole value or 64 samples of 32 bytes. */
function fingerprint64(bytes) {
  const count = bytes.length;
  fnvBytes(FNV_BASIS_HIGH, FNV_BASIS_LOW, sizeBytes(count), 0, 8);
  const sample = 32;
  const samples = 64;
  if (count <= sample * samples) {
    fnvBytes(hashHigh, hashLow, bytes, 0, count);
  } else {
    for (let index = 0; index < samples; index++) {
      const start = Math.floor((index * (count - sample)) / (samples - 1));
      fnvBytes(hashHigh, hashLow, bytes, start, start + sample);
    }
  }
  return [hashHigh, hashLow];
}

const GOLDEN_HIGH = 0x9e3779b9;
const GOLDEN_LOW = 0x7f4a7c15;

/** ContentDigest.of: two lanes of 8-byte words, multiply and xor-shift, the tail, then a final mix. */
function digest64(bytes) {
  const count = bytes.length;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  multiply64(Math.floor(count / 4294967296) >>> 0, count >>> 0, GOLDEN_HIGH, GOLDEN_LOW);
  let firstHigh = productHigh;
  let firstLow = productLow;
  let secondHigh = (firstHigh ^ 0x2545f491) >>> 0;
  let secondLow = (firstLow ^ 0x4f6cdd1d) >>> 0;
  let offset = 0;
  while (offset + 16 <= count) {
    multiply64(
      (firstHigh ^ view.getUint32(offset + 4, true)) >>> 0,
      (firstLow ^ view.getUint32(offset, true)) >>> 0,
      GOLDEN_HIGH,
      GOLDEN_LOW,
    );
    firstHigh = productHigh;
    firstLow = productLow;
    multiply64(
      (secondHigh ^ view.getUint32(offset + 12, true)) >>> 0,
      (secondLow ^ view.getUint32(offset + 8, true)) >>> 0,
      GOLDEN_HIGH,
      GOLDEN_LOW,
    );
    secondHigh = productHigh;
    secondLow = productLow;
    firstLow = (firstLow ^ ((firstLow >>> 29) | (firstHigh << 3))) >>> 0;
    firstHigh = (firstHigh ^ (firstHigh >>> 29)) >>> 0;
    secondLow = (secondLow ^ ((secondLow >>> 31) | (secondHigh << 1))) >>> 0;
    secondHigh = (secondHigh ^ (secondHigh >>> 31)) >>> 0;
    offset += 16;
  }
  let tailHigh = 0;
  let tailLow = 0;
  let shift = 0;
  while (offset < count) {
    const byte = bytes[offset];
    if (shift < 32) tailLow = (tailLow | (byte << shift)) >>> 0;
    else tailHigh = (tailHigh | (byte << (shift - 32))) >>> 0;
    shift += 8;
    offset += 1;
    if (shift === 64) {
      multiply64((firstHigh ^ tailHigh) >>> 0, (firstLow ^ tailLow) >>> 0, GOLDEN_HIGH, GOLDEN_LOW);
      firstHigh = productHigh;
      firstLow = productLow;
      tailHigh = 0;
      tailLow = 0;
      shift = 0;
    }
  }
  multiply64(secondHigh, secondLow, 0xc2b2ae3d, 0x27d4eb4f);
  multiply64(
    (firstHigh ^ tailHigh ^ productHigh) >>> 0,
    (firstLow ^ tailLow ^ productLow) >>> 0,
    GOLDEN_HIGH,
    GOLDEN_LOW,
  );
  return [productHigh, (productLow ^ productHigh) >>> 0];
}

// MARK: - The lookup index
//
// A port of BundleIndex.Parser (one validating pass over the JSON that records every object member), of
// BundleIndex.init (the hash table of messages) and of BundleIndex.storedIndex (StoredBundleIndex's format), so
// that the index written here is byte for byte the one WidgetI18n would write for the same value.

const NAME_IS_DECODED = 1;
const VALUE_HAS_ESCAPES = 2;
const IS_MESSAGE = 4;
const MAXIMUM_DEPTH = 64; // MessageBundle.maximumDepth
const INDEX_HEADER_SIZE = 96;
const INDEX_SLOT_SIZE = 24;
const MAXIMUM_IDENTITY = 48;
const INDEX_MAGIC = [0x57, 0x49, 0x31, 0x38, 0x4e, 0x49, 0x58, 0x31]; // WI18NIX1
const FLAG = 0x80000000;
const DOT = Uint8Array.of(0x2e);
/** Thrown inside the parser for JSON WidgetI18n would not parse: such a value gets no index. */
const NOT_A_BUNDLE = Symbol('not a bundle');

/** The members and message table of a bundle's JSON, or null when WidgetI18n would not parse it. */
function indexTable(input) {
  const end = input.length;
  if (end >= 0x7fffffff) return null;
  let position = 0;
  let capacity = 256;
  let count = 0;
  let hashHighs = new Uint32Array(capacity);
  let hashLows = new Uint32Array(capacity);
  let nameStarts = new Int32Array(capacity);
  let nameLengths = new Int32Array(capacity);
  let parents = new Int32Array(capacity);
  let valueStarts = new Int32Array(capacity);
  let valueLengths = new Int32Array(capacity);
  let segmentCounts = new Uint8Array(capacity);
  let flags = new Uint8Array(capacity);
  let decoded = new Uint8Array(64);
  let decodedLength = 0;
  let stringStart = 0;
  let stringLength = 0;
  let stringEscapes = false;

  const fail = () => {
    throw NOT_A_BUNDLE;
  };
  const grown = (array) => {
    const larger = new array.constructor(array.length * 2);
    larger.set(array);
    return larger;
  };
  const add = (high, low, nameStart, nameLength, parent, valueStart, valueLength, segments, entryFlags) => {
    if (count === capacity) {
      capacity *= 2;
      hashHighs = grown(hashHighs);
      hashLows = grown(hashLows);
      nameStarts = grown(nameStarts);
      nameLengths = grown(nameLengths);
      parents = grown(parents);
      valueStarts = grown(valueStarts);
      valueLengths = grown(valueLengths);
      segmentCounts = grown(segmentCounts);
      flags = grown(flags);
    }
    hashHighs[count] = high;
    hashLows[count] = low;
    nameStarts[count] = nameStart;
    nameLengths[count] = nameLength;
    parents[count] = parent;
    valueStarts[count] = valueStart;
    valueLengths[count] = valueLength;
    segmentCounts[count] = segments;
    flags[count] = entryFlags;
    return count++;
  };
  const appendDecoded = (byte) => {
    if (decodedLength === decoded.length) decoded = grown(decoded);
    decoded[decodedLength++] = byte;
  };
  const appendScalar = (scalar) => {
    // Unicode.Scalar(_:) refuses surrogates: a lone one becomes U+FFFD, as JSONStringDecoder writes it.
    if (scalar >= 0xd800 && scalar <= 0xdfff) scalar = 0xfffd;
    if (scalar < 0x80) appendDecoded(scalar);
    else if (scalar < 0x800) {
      appendDecoded(0xc0 | (scalar >> 6));
      appendDecoded(0x80 | (scalar & 0x3f));
    } else if (scalar < 0x10000) {
      appendDecoded(0xe0 | (scalar >> 12));
      appendDecoded(0x80 | ((scalar >> 6) & 0x3f));
      appendDecoded(0x80 | (scalar & 0x3f));
    } else {
      appendDecoded(0xf0 | (scalar >> 18));
      appendDecoded(0x80 | ((scalar >> 12) & 0x3f));
      appendDecoded(0x80 | ((scalar >> 6) & 0x3f));
      appendDecoded(0x80 | (scalar & 0x3f));
    }
  };
  const hexValue = (offset, stop) => {
    if (offset + 4 > stop) return -1;
    let value = 0;
    for (let index = offset; index < offset + 4; index++) {
      const byte = input[index];
      if (!isHexDigit(byte)) return -1;
      value = (value << 4) | (isDigit(byte) ? byte - 48 : (byte | 0x20) - 87);
    }
    return value;
  };
  /** JSONStringDecoder.unescape of `input[start..<stop]`, appended to the decoded names. */
  const unescapeName = (start, stop) => {
    let index = start;
    while (index < stop) {
      const byte = input[index];
      if (byte !== 0x5c || index + 1 >= stop) {
        appendDecoded(byte);
        index += 1;
        continue;
      }
      const escaped = input[index + 1];
      index += 2;
      if (escaped === 0x62) appendDecoded(0x08);
      else if (escaped === 0x66) appendDecoded(0x0c);
      else if (escaped === 0x6e) appendDecoded(0x0a);
      else if (escaped === 0x72) appendDecoded(0x0d);
      else if (escaped === 0x74) appendDecoded(0x09);
      else if (escaped === 0x75) {
        let scalar = hexValue(index, stop);
        if (scalar < 0) {
          appendScalar(0xfffd);
          continue;
        }
        index += 4;
        const pairs = index + 6 <= stop && input[index] === 0x5c && input[index + 1] === 0x75;
        if (scalar >= 0xd800 && scalar < 0xdc00 && pairs) {
          const low = hexValue(index + 2, stop);
          if (low >= 0xdc00 && low < 0xe000) {
            scalar = 0x10000 + ((scalar - 0xd800) << 10) + (low - 0xdc00);
            index += 6;
          }
        }
        appendScalar(scalar);
      } else appendDecoded(escaped);
    }
  };

  const skipWhitespace = () => {
    while (position < end) {
      const byte = input[position];
      if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) position++;
      else return;
    }
  };
  const expect = (byte) => {
    if (position < end && input[position] === byte) position++;
    else fail();
  };
  const scanEscape = () => {
    position += 1;
    if (position >= end) fail();
    const byte = input[position];
    if (
      byte === 0x22 || byte === 0x5c || byte === 0x2f || byte === 0x62 || byte === 0x66 || byte === 0x6e ||
      byte === 0x72 || byte === 0x74
    ) {
      position += 1;
    } else if (byte === 0x75) {
      if (!(position + 4 < end)) fail();
      for (let offset = 1; offset <= 4; offset++) if (!isHexDigit(input[position + offset])) fail();
      position += 5;
    } else fail();
  };
  /** The string at `position` (its opening quote): stringStart, stringLength between the quotes, stringEscapes. */
  const scanString = () => {
    position += 1;
    const start = position;
    let escapes = false;
    while (position < end) {
      const byte = input[position];
      if (byte === 0x22) {
        stringStart = start;
        stringLength = position - start;
        stringEscapes = escapes;
        position += 1;
        return;
      }
      if (byte === 0x5c) {
        escapes = true;
        scanEscape();
      } else if (byte < 0x20) fail();
      else if (byte < 0x80) position += 1;
      else {
        const length = utf8SequenceLength(input, position, end);
        if (length === 0) fail();
        position += length;
      }
    }
    fail();
  };
  const skipLiteral = (literal) => {
    if (position + literal.length > end) fail();
    for (let offset = 0; offset < literal.length; offset++) {
      if (input[position + offset] !== literal.charCodeAt(offset)) fail();
    }
    position += literal.length;
  };
  const digits = () => {
    const start = position;
    while (position < end && isDigit(input[position])) position++;
    return position - start;
  };
  const skipNumber = () => {
    if (input[position] === 0x2d) position++;
    if (!(position < end && isDigit(input[position]))) fail();
    if (input[position] === 0x30) position++;
    else digits();
    if (position < end && input[position] === 0x2e) {
      position++;
      if (digits() === 0) fail();
    }
    if (position < end && (input[position] | 0x20) === 0x65) {
      position++;
      if (position < end && (input[position] === 0x2b || input[position] === 0x2d)) position++;
      if (digits() === 0) fail();
    }
  };
  /** Validates and skips any value; members of objects inside arrays are not messages. */
  const skipValue = (depth) => {
    if (position >= end) fail();
    const byte = input[position];
    if (byte === 0x22) scanString();
    else if (byte === 0x7b || byte === 0x5b) {
      if (depth > MAXIMUM_DEPTH) fail();
      const isObject = byte === 0x7b;
      const close = isObject ? 0x7d : 0x5d;
      position += 1;
      skipWhitespace();
      if (position < end && input[position] === close) {
        position += 1;
        return;
      }
      for (;;) {
        skipWhitespace();
        if (isObject) {
          if (!(position < end && input[position] === 0x22)) fail();
          scanString();
          skipWhitespace();
          expect(0x3a);
          skipWhitespace();
        }
        skipValue(depth + 1);
        skipWhitespace();
        if (position >= end) fail();
        if (input[position] === 0x2c) {
          position += 1;
          continue;
        }
        if (input[position] === close) {
          position += 1;
          return;
        }
        fail();
      }
    } else if (byte === 0x74) skipLiteral('true');
    else if (byte === 0x66) skipLiteral('false');
    else if (byte === 0x6e) skipLiteral('null');
    else if (byte === 0x2d || isDigit(byte)) skipNumber();
    else fail();
  };
  const parseObject = (parent, parentHigh, parentLow, segments, depth) => {
    if (depth > MAXIMUM_DEPTH) fail();
    position += 1;
    skipWhitespace();
    if (position < end && input[position] === 0x7d) {
      position += 1;
      return;
    }
    for (;;) {
      skipWhitespace();
      if (!(position < end && input[position] === 0x22)) fail();
      scanString();
      let high = FNV_BASIS_HIGH;
      let low = FNV_BASIS_LOW;
      if (parent >= 0) {
        fnvBytes(parentHigh, parentLow, DOT, 0, 1);
        high = hashHigh;
        low = hashLow;
      }
      let nameStart = stringStart;
      let nameLength = stringLength;
      let entryFlags = 0;
      if (stringEscapes) {
        nameStart = decodedLength;
        unescapeName(stringStart, stringStart + stringLength);
        nameLength = decodedLength - nameStart;
        entryFlags = NAME_IS_DECODED;
        fnvBytes(high, low, decoded, nameStart, decodedLength);
      } else {
        fnvBytes(high, low, input, nameStart, nameStart + nameLength);
      }
      high = hashHigh;
      low = hashLow;
      skipWhitespace();
      expect(0x3a);
      skipWhitespace();
      if (position >= end) fail();
      const byte = input[position];
      if (byte === 0x22) {
        scanString();
        const valueFlags = IS_MESSAGE | (stringEscapes ? VALUE_HAS_ESCAPES : 0);
        add(high, low, nameStart, nameLength, parent, stringStart, stringLength, segments + 1, entryFlags | valueFlags);
      } else if (byte === 0x7b) {
        // An object member records its value's byte range too (from `{` to `}`).
        const member = add(high, low, nameStart, nameLength, parent, position, 0, segments + 1, entryFlags);
        parseObject(member, high, low, segments + 1, depth + 1);
        valueLengths[member] = position - valueStarts[member];
      } else skipValue(depth + 1);
      skipWhitespace();
      if (position >= end) fail();
      if (input[position] === 0x2c) {
        position += 1;
        continue;
      }
      if (input[position] === 0x7d) {
        position += 1;
        return;
      }
      fail();
    }
  };

  try {
    if (end >= 3 && input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf) position = 3;
    skipWhitespace();
    if (position >= end || input[position] !== 0x7b) fail();
    parseObject(-1, 0, 0, 0, 1);
    skipWhitespace();
    if (position !== end) fail();
  } catch (error) {
    if (error === NOT_A_BUNDLE) return null;
    throw error;
  }

  /** The dotted path of an entry, its segments as one code unit per byte: only ever compared. */
  const pathOf = (entry) => {
    let path = '';
    for (let current = entry; current >= 0; current = parents[current]) {
      const source = flags[current] & NAME_IS_DECODED ? decoded : input;
      const start = nameStarts[current];
      let segment = '';
      for (let index = start; index < start + nameLengths[current]; index++) {
        segment += String.fromCharCode(source[index]);
      }
      path = current === entry ? segment : `${segment}.${path}`;
    }
    return path;
  };
  let messages = 0;
  for (let entry = 0; entry < count; entry++) if (flags[entry] & IS_MESSAGE) messages++;
  let tableCapacity = 16;
  while (tableCapacity < messages * 2) tableCapacity *= 2;
  const table = new Int32Array(tableCapacity).fill(-1);
  const mask = tableCapacity - 1;
  let messageCount = 0;
  for (let candidate = 0; candidate < count; candidate++) {
    if (!(flags[candidate] & IS_MESSAGE)) continue;
    let slot = hashLows[candidate] & mask;
    for (;;) {
      const occupant = table[slot];
      if (occupant < 0) {
        table[slot] = candidate;
        messageCount++;
        break;
      }
      if (
        hashLows[occupant] === hashLows[candidate] &&
        hashHighs[occupant] === hashHighs[candidate] &&
        pathOf(occupant) === pathOf(candidate)
      ) {
        // One path, one slot: the member with fewer segments wins, and of equal ones the later.
        if (segmentCounts[candidate] <= segmentCounts[occupant]) table[slot] = candidate;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return {
    table,
    messageCount,
    hashHighs,
    hashLows,
    nameStarts,
    nameLengths,
    valueStarts,
    valueLengths,
    flags,
  };
}


/** The stored index (StoredBundleIndex's format) of `json` from its table, for a value of `identity`. */
function serializeIndex(parsed, json, identity) {
  const capacity = parsed.table.length;
  const output = new Uint8Array(INDEX_HEADER_SIZE + capacity * INDEX_SLOT_SIZE);
  const view = new DataView(output.buffer);
  const recorded = identity && identity.length <= MAXIMUM_IDENTITY ? identity : new Uint8Array(0);
  output.set(INDEX_MAGIC, 0);
  view.setUint32(8, 2, true);
  view.setUint32(12, capacity, true);
  view.setUint32(16, parsed.messageCount, true);
  view.setUint32(20, recorded.length, true);
  view.setUint32(24, json.length >>> 0, true);
  view.setUint32(28, Math.floor(json.length / 4294967296), true);
  const [fingerprintHigh, fingerprintLow] = fingerprint64(json);
  view.setUint32(32, fingerprintLow, true);
  view.setUint32(36, fingerprintHigh, true);
  const [digestHigh, digestLow] = digest64(json);
  view.setUint32(40, digestLow, true);
  view.setUint32(44, digestHigh, true);
  output.set(recorded, 48);
  const { table, hashHighs, hashLows, nameStarts, nameLengths, valueStarts, valueLengths, flags } = parsed;
  for (let slot = 0; slot < capacity; slot++) {
    const base = INDEX_HEADER_SIZE + slot * INDEX_SLOT_SIZE;
    const entry = table[slot];
    if (entry < 0) {
      view.setUint32(base + 8, 0xffffffff, true);
      continue;
    }
    view.setUint32(base, hashLows[entry], true);
    view.setUint32(base + 4, hashHighs[entry], true);
    view.setUint32(base + 8, valueStarts[entry], true);
    view.setUint32(base + 12, (valueLengths[entry] | (flags[entry] & VALUE_HAS_ESCAPES ? FLAG : 0)) >>> 0, true);
    view.setUint32(base + 16, nameStarts[entry], true);
    view.setUint32(base + 20, (nameLengths[entry] | (flags[entry] & NAME_IS_DECODED ? FLAG : 0)) >>> 0, true);
  }
  return output;
}

/** Whether `value` is a Uint8Array (or a subclass of it); never throws, not even for a Proxy. */
function isBytes(value) {
  try {
    return ArrayBuffer.isView(value) && value instanceof Uint8Array;
  } catch {
    return false;
  }
}

const asBytes = (value, caller) => {
  if (typeof value === 'string') return utf8Bytes(value);
  if (isBytes(value)) return value;
  throw failure(TypeError, 'ERR_INVALID_VALUE', `${caller}: expected a Uint8Array or a string, got ${describe(value)}`);
};

/**
 * WidgetI18n's lookup index of a bundle (StoredBundleIndex.swift) and the three 64-bit hashes it records, as
 * WidgetI18n computes them: what the file container backends write beside each messages value, exported for
 * tests and for backends of your own.
 */
export const storedIndex = Object.freeze({
  /**
   * The index of `json` (its UTF-8 bytes, or a string) byte for byte as WidgetI18n builds it, for a stored value
   * whose identity is `identity` (at most 48 bytes; none, the default, makes readers compare the content), or
   * null when WidgetI18n would not parse `json` as a bundle.
   */
  build(json, identity = null) {
    const bytes = asBytes(json, 'storedIndex.build');
    if (identity !== null && identity !== undefined && !isBytes(identity)) {
      const message = `storedIndex.build: expected the identity as a Uint8Array or null, got ${describe(identity)}`;
      throw failure(TypeError, 'ERR_INVALID_VALUE', message);
    }
    const parsed = indexTable(bytes);
    return parsed === null ? null : serializeIndex(parsed, bytes, identity);
  },
  /** FNV-1a 64 of the bytes, 16 hex digits: the hash of a message's dotted key in the table. */
  fnv1a64(bytes) {
    const input = asBytes(bytes, 'storedIndex.fnv1a64');
    fnvBytes(FNV_BASIS_HIGH, FNV_BASIS_LOW, input, 0, input.length);
    return hex64(hashHigh, hashLow);
  },
  /** StoredBundleIndex.fingerprint, 16 hex digits. */
  fingerprint(bytes) {
    return hex64(...fingerprint64(asBytes(bytes, 'storedIndex.fingerprint')));
  },
  /** ContentDigest.of, 16 hex digits. */
  contentDigest(bytes) {
    return hex64(...digest64(asBytes(bytes, 'storedIndex.contentDigest')));
  },
});

// MARK: - A suite's budget

/**
 * The size at which the system refuses a preferences domain (an App Group's `UserDefaults` suite), in bytes: iOS
 * (and iPadOS, macOS, tvOS, visionOS) and watchOS. A write that takes a suite there is dropped without an error to
 * the caller (RevenueCat/purchases-ios issues 225, 5793 and 5912; PreferencesBudget in PreferencesGroupStore.swift).
 */
export const SUITE_LIMITS = Object.freeze({ iOS: 4194304, watchOS: 1048576 });

/**
 * What `groupStorage` lets a suite hold by default: iOS's limit less a sixteenth (256 KiB) for the keys the
 * bridge does not see (the app's own, other SDKs'), as WidgetI18n's `PreferencesBudget.iOS` keeps.
 */
export const SUITE_BUDGET_BYTES = SUITE_LIMITS.iOS - SUITE_LIMITS.iOS / 16;

/** What refs, offsets and markers add to an entry of a suite's binary property list, beyond its two strings. */
const ENTRY_OVERHEAD_BYTES = 30;

/**
 * The bytes a string takes in a binary property list (PropertyListSize.string): a marker, a length object from 15
 * on, then one byte a character when all of it is ASCII, else two per UTF-16 unit (one `ş` doubles a bundle).
 */
function propertyListStringBytes(text) {
  let isASCII = true;
  for (let index = 0; isASCII && index < text.length; index++) isASCII = text.charCodeAt(index) < 0x80;
  const units = text.length;
  const header = units < 15 ? 1 : 1 + (units < 0x100 ? 2 : units < 0x10000 ? 3 : units < 0x100000000 ? 5 : 9);
  return header + (isASCII ? units : 2 * units);
}

/**
 * What an entry of a `UserDefaults` suite costs as the suite's budget counts it: the binary property list size of
 * its key and of its string value, plus 30 bytes for the references, offsets and markers around them.
 */
export function suiteEntryBytes(key, value) {
  for (const [name, text] of [
    ['key', key],
    ['value', value],
  ]) {
    if (typeof text !== 'string') {
      const message = `suiteEntryBytes: expected the ${name} as a string, got ${describe(text)}`;
      throw failure(TypeError, 'ERR_INVALID_VALUE', message);
    }
  }
  return propertyListStringBytes(key) + propertyListStringBytes(value) + ENTRY_OVERHEAD_BYTES;
}

const LEDGER_KEY = storageKeys.suiteLedger;
const CONTAINER_ADVICE =
  'a suite is loaded whole by every process that opens it, and iOS drops every write to one of 4 MiB or more ' +
  '(watchOS: 1 MiB): keep the bundles in the App Group container instead, with fileStorage(directory) from ' +
  "'@widget-i18n/bridge/node' or groupStorage(new Directory(...), { File }) over expo-file-system";

/** The ledger's entries (key → bytes) and what the stored ledger costs; an unreadable one counts as empty. */
function parseLedger(text) {
  const entries = new Map();
  if (typeof text !== 'string') return { entries, bytes: 0 };
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  if (parsed && parsed.version === 1 && isObjectLike(parsed.entries) && !Array.isArray(parsed.entries)) {
    for (const [key, bytes] of Object.entries(parsed.entries)) {
      if (Number.isSafeInteger(bytes) && bytes >= 0 && key !== LEDGER_KEY) entries.set(key, bytes);
    }
  }
  let bytes = suiteEntryBytes(LEDGER_KEY, text);
  for (const cost of entries.values()) bytes += cost;
  return { entries, bytes };
}

const ledgerText = (entries) => JSON.stringify({ version: 1, entries: Object.fromEntries(entries) });

/** The suite as the ledger counts it once `entries` are in it: every entry, and the ledger itself. */
function ledgerTotal(entries) {
  let bytes = suiteEntryBytes(LEDGER_KEY, ledgerText(entries));
  for (const cost of entries.values()) bytes += cost;
  return bytes;
}

/** Within the budget, or no larger than before (a write that shrinks an over-full suite is always let through). */
const fits = (before, after, budget) => after <= budget || after <= before;

function suiteFull(caller, what, storeName, before, after, budget) {
  const error = failure(
    Error,
    'ERR_SUITE_FULL',
    `${caller}: ${what} would take ${storeName} to ${after} bytes, past its budget of ${budget} (it holds ${before} ` +
      `as counted of the keys this module wrote); nothing was written. ${CONTAINER_ADVICE}`,
  );
  error.counted = before;
  error.bytes = after;
  error.budget = budget;
  return error;
}

function checkBudget(budget) {
  if (budget === undefined) return SUITE_BUDGET_BYTES;
  if (!Number.isSafeInteger(budget) || budget <= 0) {
    throw failure(
      TypeError,
      'ERR_INVALID_OPTIONS',
      `groupStorage: options.budget must be a positive integer of bytes (such as SUITE_BUDGET_BYTES), got ` +
        `${describe(budget)}`,
    );
  }
  return budget;
}

// MARK: - Serial writes

/** Runs tasks one after the other: a read-modify-write (the ledger, a value and its index) is never interleaved. */
function serializer() {
  let tail = Promise.resolve();
  return (task) => {
    const result = tail.then(task);
    tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  };
}

/** One serializer per suite: every storage over the same backend object and App Group shares it. */
const suiteSerializers = new WeakMap();
function suiteSerializer(backend, group) {
  if (!isObjectLike(backend)) return serializer();
  if (!suiteSerializers.has(backend)) suiteSerializers.set(backend, new Map());
  const groups = suiteSerializers.get(backend);
  if (!groups.has(group)) groups.set(group, serializer());
  return groups.get(group);
}

// MARK: - Suite backends

function extensionStorageBackend(backend) {
  const name = 'ExtensionStorage';
  return {
    name,
    async get(key) {
      const value = backend.get(key);
      const resolved = value && typeof value.then === 'function' ? await value : value;
      // Without the native module (web, Android) ExtensionStorage's get returns undefined.
      return resolved === undefined || resolved === null ? null : String(resolved);
    },
    async set(key, value) {
      await backend.set(key, value);
    },
    /** How `key` is removed: really (null), before anything is touched. */
    removal: () => null,
    async remove(key) {
      await backend.remove(key);
    },
  };
}

function sharedGroupPreferencesBackend(backend, appGroup) {
  const name = `react-native-shared-group-preferences (App Group '${appGroup}')`;
  const explain = (cause) =>
    cause === 0
      ? new Error(`the App Group '${appGroup}' could not be opened (rejected with 0): check its entitlement`)
      : cause;
  const set = async (key, value) => {
    try {
      await backend.setItem(key, value, appGroup);
    } catch (cause) {
      throw explain(cause);
    }
  };
  return {
    name,
    async get(key) {
      try {
        const value = await backend.getItem(key, appGroup);
        return value === undefined || value === null ? null : String(value);
      } catch (cause) {
        // getItem rejects with 1 when the key is missing, where the SDKs' storages resolve null.
        if (cause === 1 || cause === '1') return null;
        throw explain(cause);
      }
    },
    set,
    /**
     * The library cannot remove a key. An empty locale is "no locale" to every reader of the contract (WidgetI18n's
     * StoredLocale, the better-i18n Swift SDK), so that one is cleared by writing "" (returned). Any other empty
     * value would read as a corrupt bundle or manifest, so removal is refused and nothing is written.
     */
    removal(key) {
      if (key.startsWith(`${PREFIX}locale:`)) return '';
      throw failure(
        Error,
        'ERR_REMOVE_UNSUPPORTED',
        `groupStorage: react-native-shared-group-preferences cannot remove '${key}', and an empty value would ` +
          `read as corrupt; nothing was written (ExtensionStorage from @bacons/apple-targets can remove keys)`,
      );
    },
    remove: (key) => set(key, ''),
  };
}

// MARK: - Expo's Directory
//
// An App Group container written through expo-file-system's object API (SDK 54 and later; the "next" API of
// SDK 52-53), as https://docs.expo.dev/versions/latest/sdk/filesystem/ documents it and these files of expo/expo
// implement it (packages/expo-file-system):
// - src/FileSystem.ts: `Paths.appleSharedContainers` maps each App Group id the app is entitled to to a
//   `Directory` of its container; `new File(directory, name)` joins with `Paths.join`.
// - src/pathUtilities/index.ts and url.ts: `Paths.join` percent-encodes `%` in an appended name (`%25`), so the
//   file on disk is named exactly `name`, percent signs and all; `file.name` decodes it back.
// - ios/FileSystemFile.swift: `file.write(bytes)` is `Data.write(to:)`, in place and not atomic: written under a
//   key's own name, a reader could see part of a value. So every value goes to a temporary file first.
// - ios/FileSystemPath.swift: `file.move(destination)` is `FileManager.moveItem(at:to:)`, which fails when the
//   destination exists and never replaces it; the `overwrite` option added later (expo/expo pull request 42979)
//   removes the destination first, as this does. There is no atomic replace in the API, so publishing is: the
//   old file deleted, the whole temporary file moved in. A reader sees the old value, for a moment no value
//   (WidgetI18n's reader then falls back as for a locale it does not have, or parses the JSON when it is the
//   index that is missing), or the new one; never part of one.
// - src/ExpoFileSystem.types.ts: `file.exists`, `file.delete()` (throws when there is nothing to delete),
//   `file.text()` (a promise of the contents as UTF-8), `directory.exists`, `directory.create({ intermediates })`
//   (throws when it exists). `directory.createFile` is not used: iOS had none before expo-file-system 19.0.19
//   (its CHANGELOG).
// There is no fsync, no file mode and no inode in the API: values are not flushed before they are moved in, files
// get the system's default protection, and the index records no identity, so WidgetI18n's reader compares the
// whole JSON with it (by fingerprint and digest) where a FileGroupStore index costs it one stat.

const isExpoDirectory = (backend) =>
  isObjectLike(backend) &&
  typeof backend.list === 'function' &&
  typeof backend.create === 'function' &&
  typeof backend.uri === 'string' &&
  'exists' in backend;

function expoFileSystem(directory, File) {
  const fileAt = (name) => new File(directory, name);
  const ensureDirectory = () => {
    if (directory.exists) return;
    try {
      directory.create({ intermediates: true });
    } catch (error) {
      // Another writer may have created it meanwhile.
      if (!directory.exists) throw error;
    }
  };
  return {
    name: `file container '${directory.uri}'`,
    async read(name) {
      const file = fileAt(name);
      if (!file.exists) return null;
      try {
        return await file.text();
      } catch (error) {
        if (!file.exists) return null;
        throw error;
      }
    },
    write(name, bytes) {
      ensureDirectory();
      // `%t` is not a hex escape: a temporary file never decodes as a key (FileGroupStore.temporaryFileName).
      const temporary = fileAt(`%tmp-expo-${hexOf(randomBytes(8))}`);
      try {
        temporary.write(bytes);
        const target = fileAt(name);
        for (let attempt = 1; ; attempt++) {
          if (target.exists) target.delete();
          try {
            temporary.move(target);
            break;
          } catch (error) {
            // Another writer's file took the name between the delete and the move: delete it again.
            if (attempt === 3 || !target.exists) throw error;
          }
        }
      } catch (error) {
        try {
          if (temporary.exists) temporary.delete();
        } catch {
          // The write's own error says more than the clean-up's.
        }
        throw error;
      }
      return null;
    },
    remove(name) {
      const file = fileAt(name);
      if (!file.exists) return;
      try {
        file.delete();
      } catch (error) {
        if (file.exists) throw error;
      }
    },
  };
}

// MARK: - Storages

function checkKey(key) {
  if (typeof key !== 'string' || key.length === 0) {
    throw failure(TypeError, 'ERR_INVALID_KEY', `Expected a storage key as a non-empty string, got ${describe(key)}`);
  }
}

// MARK: - Serialising

/**
 * `JSON.stringify(value)`: the text, or undefined when the value has none (undefined, a function, a symbol, or a
 * `toJSON` that returns one of those). What makes it throw (a BigInt anywhere, a cycle, a `toJSON` or a getter
 * that throws, a Proxy's trap) is thrown as `refuse(cause)`, an error with a code.
 */
function serialize(value, refuse) {
  try {
    return JSON.stringify(value);
  } catch (cause) {
    // The first line of why: V8 draws the path of a cycle below it, which `cause` keeps.
    throw refuse(cause, reason(cause).split('\n')[0]);
  }
}

/**
 * Whether a parsed bundle holds a message as WidgetI18n counts them (BundleIndex.Parser's messageCount): a string
 * that is the value of an object's member, at any depth of objects. Arrays hold none. Iterative: no stack limit.
 */
function hasMessage(bundle) {
  const pending = [bundle];
  while (pending.length > 0) {
    for (const value of Object.values(pending.pop())) {
      if (typeof value === 'string') return true;
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) pending.push(value);
    }
  }
  return false;
}

/**
 * What is wrong with `text` as a stored bundle, judged on the text a reader will get, not on the object it was
 * made of (`{a: undefined}` is `{}`; a `toJSON` may return an array): null when it is a JSON object with at least
 * one message; else `code` (`ERR_INVALID_MESSAGES`: not an object, and `what` it is; `ERR_EMPTY_MESSAGES`).
 */
function bundleProblem(text) {
  if (typeof text !== 'string') return { code: 'ERR_INVALID_MESSAGES', what: 'no JSON at all' };
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { code: 'ERR_INVALID_MESSAGES', what: 'text that is not JSON' };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { code: 'ERR_INVALID_MESSAGES', what: parsed === null ? 'null' : describe(parsed) };
  }
  return hasMessage(parsed) ? null : { code: 'ERR_EMPTY_MESSAGES' };
}

/** The JSON of a value as a message quotes it: at most 64 code points. */
const quotedJSON = (text) => JSON.stringify(excerpt(text));

const isMessagesKey = (key) => key.startsWith(`${PREFIX}messages:`);

/**
 * The value as the string the store keeps. The SDKs pass strings, kept as they are; anything else is JSON, never
 * an object (ExtensionStorage would store an object as `Data`, which the widget's `string(forKey:)` reads as nil),
 * and never null or undefined (ExtensionStorage removes the key for those; shared-group-preferences stores
 * "null"). Under a messages key the JSON must be a bundle, as `mirrorToWidget` requires: an object with a message.
 * Every refusal happens before anything is written.
 */
function storedString(key, value) {
  if (typeof value === 'string') return value;
  const isBundle = isMessagesKey(key);
  const text =
    value === null || value === undefined
      ? undefined
      : serialize(value, (cause, why) =>
          failure(
            TypeError,
            isBundle ? 'ERR_INVALID_MESSAGES' : 'ERR_INVALID_VALUE',
            `Cannot store ${describe(value)} under '${key}': it cannot be serialised as JSON (${why}); nothing was ` +
              `written`,
            cause,
          ),
        );
  if (typeof text !== 'string') {
    throw failure(
      TypeError,
      'ERR_INVALID_VALUE',
      `Cannot store ${describe(value)} under '${key}': pass a string (JSON.stringify the value), or remove the key`,
    );
  }
  const problem = isBundle ? bundleProblem(text) : null;
  if (problem && problem.code === 'ERR_INVALID_MESSAGES') {
    throw failure(
      TypeError,
      problem.code,
      `Cannot store ${describe(value)} under '${key}': its JSON is ${problem.what}, not a messages object; ` +
        `nothing was written`,
    );
  }
  if (problem) {
    throw failure(
      RangeError,
      problem.code,
      `Cannot store ${describe(value)} under '${key}': its JSON, ${quotedJSON(text)}, holds no message (no ` +
        `string value); nothing was written`,
    );
  }
  return text;
}

/** Errors this module raises about the request itself, which reach the caller as they are. */
const OWN_CODES = new Set(['ERR_SUITE_FULL', 'ERR_REMOVE_UNSUPPORTED', 'ERR_INVALID_KEY', 'ERR_INVALID_VALUE']);

function storeFailure(caller, storeName) {
  return (action, key, cause) => {
    if (OWN_ERRORS.has(cause) && OWN_CODES.has(cause.code)) return cause;
    const message = `${caller}: could not ${action} '${key}' in ${storeName}: ${reason(cause)}`;
    return failure(Error, 'ERR_GROUP_STORAGE', message, cause);
  };
}

/** What `mirrorToWidget` asks of a storage this module made: its kind, budget and plan. */
const INTERNAL = Symbol('@widget-i18n/bridge storage');

/** The writes of one `set`: the value, then for a normalised messages key its freshness stamp. */
function suiteWrites(key, text) {
  const writes = [[key, text]];
  const location = messagesLocation(key);
  if (location) writes.push([derivedKeys(location).stamp, stampText(utf8Length(text))]);
  return writes;
}

/**
 * A `UserDefaults` suite behind ExtensionStorage or shared-group-preferences, kept under `budget` by a ledger of
 * every key written through it: the suite itself cannot be listed from JavaScript. The ledger is written before
 * the values and after removals, so a crash between the two leaves it counting more than the suite holds, never
 * less.
 */
function suiteStore(store, budget, caller, run) {
  const wrap = storeFailure(caller, store.name);
  // Every failure is reported as one of the operation asked for, on the key it was asked for: the ledger and the
  // stamp are this module's business.
  const readLedger = async () => parseLedger(await store.get(LEDGER_KEY));
  const refuseLedger = (key) => {
    if (key === LEDGER_KEY) {
      const message = `${caller}: '${LEDGER_KEY}' is the bridge's own ledger of the suite`;
      throw failure(RangeError, 'ERR_INVALID_KEY', message);
    }
  };
  return {
    kind: 'suite',
    name: store.name,
    budget,
    async get(key) {
      try {
        return await store.get(key);
      } catch (cause) {
        throw wrap('read', key, cause);
      }
    },
    set(key, text) {
      refuseLedger(key);
      return run(async () => {
        try {
          const writes = suiteWrites(key, text);
          const ledger = await readLedger();
          const next = new Map(ledger.entries);
          for (const [name, value] of writes) next.set(name, suiteEntryBytes(name, value));
          const after = ledgerTotal(next);
          if (!fits(ledger.bytes, after, budget)) {
            const error = suiteFull(caller, `writing '${key}'`, store.name, ledger.bytes, after, budget);
            error.key = key;
            throw error;
          }
          await store.set(LEDGER_KEY, ledgerText(next));
          for (const [name, value] of writes) await store.set(name, value);
        } catch (cause) {
          throw wrap('write', key, cause);
        }
      });
    },
    remove(key) {
      refuseLedger(key);
      return run(async () => {
        try {
          const written = store.removal(key);
          const location = messagesLocation(key);
          const keys = location ? [key, derivedKeys(location).stamp] : [key];
          const ledger = await readLedger();
          for (const name of keys) await store.remove(name);
          const next = new Map(ledger.entries);
          for (const name of keys) next.delete(name);
          if (written !== null) next.set(key, suiteEntryBytes(key, written));
          const changed =
            next.size !== ledger.entries.size || keys.some((name) => next.get(name) !== ledger.entries.get(name));
          if (changed) await store.set(LEDGER_KEY, ledgerText(next));
        } catch (cause) {
          throw wrap('remove', key, cause);
        }
      });
    },
    /**
     * Which of `optional` (each a list of writes) fit after `required`, in order, as many as fit; or `fits: false`
     * when `required` alone does not. Nothing is written.
     */
    async plan(required, optional) {
      let ledger;
      try {
        ledger = await readLedger();
      } catch (cause) {
        throw wrap('read', LEDGER_KEY, cause);
      }
      let entries = new Map(ledger.entries);
      for (const [name, value] of required) entries.set(name, suiteEntryBytes(name, value));
      const after = ledgerTotal(entries);
      if (!fits(ledger.bytes, after, budget)) return { fits: false, before: ledger.bytes, after, accepted: [] };
      const accepted = [];
      for (const [index, writes] of optional.entries()) {
        const trial = new Map(entries);
        for (const [name, value] of writes) trial.set(name, suiteEntryBytes(name, value));
        if (fits(ledger.bytes, ledgerTotal(trial), budget)) {
          entries = trial;
          accepted.push(index);
        }
      }
      return { fits: true, before: ledger.bytes, after: ledgerTotal(entries), accepted };
    },
  };
}

/**
 * A file container, WidgetI18n's FileGroupStore layout: one file per key (`keyFileName`), each written whole
 * through `fileSystem`. A normalised messages key also gets, after the value, its lookup index (when the value is
 * a bundle) and its freshness stamp; what described the old value (its index, WidgetI18n's fetch metadata) is
 * removed first, as ContractWriter.storeValue does.
 */
function containerStore(fileSystem, caller) {
  const wrap = storeFailure(caller, fileSystem.name);
  const run = serializer();
  const put = async (key, bytes) => {
    const name = keyFileName(key);
    let identity;
    try {
      identity = await fileSystem.write(name, bytes);
    } catch (cause) {
      throw wrap('write', key, cause);
    }
    return isBytes(identity) ? identity : null;
  };
  const drop = async (key) => {
    const name = keyFileName(key);
    try {
      await fileSystem.remove(name);
    } catch (cause) {
      throw wrap('remove', key, cause);
    }
  };
  return {
    kind: 'container',
    name: fileSystem.name,
    budget: null,
    async get(key) {
      const name = keyFileName(key);
      try {
        const value = await fileSystem.read(name);
        return value === undefined || value === null ? null : String(value);
      } catch (cause) {
        throw wrap('read', key, cause);
      }
    },
    set(key, text) {
      keyFileName(key);
      const location = messagesLocation(key);
      return run(async () => {
        const bytes = utf8Bytes(text);
        if (!location) {
          await put(key, bytes);
          return;
        }
        const derived = derivedKeys(location);
        // Parsed before anything is written; the identity comes from the write.
        const parsed = indexTable(bytes);
        await drop(derived.index);
        await drop(derived.fetchMetadata);
        const identity = await put(key, bytes);
        if (parsed !== null) await put(derived.index, serializeIndex(parsed, bytes, identity));
        await put(derived.stamp, utf8Bytes(stampText(bytes.length)));
      });
    },
    remove(key) {
      keyFileName(key);
      const location = messagesLocation(key);
      return run(async () => {
        await drop(key);
        if (!location) return;
        const derived = derivedKeys(location);
        for (const derivedKey of [derived.index, derived.fetchMetadata, derived.stamp]) await drop(derivedKey);
      });
    },
  };
}

/** The storage both SDKs take, over `store`: the core's get/set/remove and the Expo package's getItem/…. */
function storageOver(store, reloadWidgets) {
  // No `getString` or `delete`: the Expo package's storageAdapter would take an object with those (and `set`)
  // for MMKV, and call them with MMKV's synchronous contract.
  const storage = {
    async get(key) {
      checkKey(key);
      return store.get(key);
    },
    async set(key, value) {
      checkKey(key);
      return store.set(key, storedString(key, value));
    },
    async remove(key) {
      checkKey(key);
      return store.remove(key);
    },
    getItem: (key) => storage.get(key),
    setItem: (key, value) => storage.set(key, value),
    removeItem: (key) => storage.remove(key),
  };
  Object.defineProperty(storage, 'backend', { value: store.name, enumerable: false });
  Object.defineProperty(storage, 'budget', { value: store.budget, enumerable: false });
  Object.defineProperty(storage, INTERNAL, { value: store, enumerable: false });
  // How the platform reloads the widgets (WidgetKit's WidgetCenter, through the app): what saveLocaleToWidget and
  // mirrorToWidget call once their writes are in; undefined when the storage knows no way.
  Object.defineProperty(storage, 'reloadWidgets', { value: reloadWidgets, enumerable: false });
  return Object.freeze(storage);
}

function checkOptions(options, caller) {
  if (options === null || typeof options !== 'object') {
    throw failure(TypeError, 'ERR_INVALID_OPTIONS', `${caller}: options must be an object, got ${describe(options)}`);
  }
}

/**
 * A storage over a file container of your own file system: `fileSystem.read(name)` (the file's contents as a
 * string, or null when there is none), `fileSystem.write(name, bytes)` (publishes the bytes whole under `name`, so
 * that no reader ever sees part of them, and returns the written file's identity for the index, at most 48
 * bytes, or null), `fileSystem.remove(name)` (no error when there is nothing), each synchronous or returning a
 * promise, and `fileSystem.name` (how errors name it). Names are `keyFileName(key)`; the storage writes each
 * messages key's index and stamp beside it. `fileStorage` (Node) and the Expo `Directory` backend are two.
 * @param {{ caller?: string }} [options] `caller`: the name errors start with (`containerStorage`).
 */
export function containerStorage(fileSystem, options = {}) {
  checkOptions(options, 'containerStorage');
  const { caller: given } = readOptions(options, ['caller'], 'containerStorage');
  if (given !== undefined && (typeof given !== 'string' || given.length === 0)) {
    const message = `containerStorage: options.caller must be a non-empty string, got ${describe(given)}`;
    throw failure(TypeError, 'ERR_INVALID_OPTIONS', message);
  }
  const caller = given === undefined ? 'containerStorage' : given;
  let valid;
  try {
    valid =
      isObjectLike(fileSystem) &&
      typeof fileSystem.name === 'string' &&
      ['read', 'write', 'remove'].every((name) => typeof fileSystem[name] === 'function');
  } catch (cause) {
    const message = `${caller}: inspecting the file system threw: ${reason(cause)}`;
    throw failure(TypeError, 'ERR_UNKNOWN_BACKEND', message, cause);
  }
  if (!valid) {
    throw failure(
      TypeError,
      'ERR_UNKNOWN_BACKEND',
      `${caller}: expected a file system with name, read(name), write(name, bytes) and remove(name), got ` +
        `${describe(fileSystem)}`,
    );
  }
  return storageOver(containerStore(fileSystem, caller));
}

/** The longest App Group id, in UTF-8 bytes (GroupContainer.validateGroupIdentifier). */
const MAXIMUM_APP_GROUP_BYTES = 200;

/**
 * Validates an App Group id exactly as WidgetI18n's `GroupContainer.validateGroupIdentifier` does
 * (Sources/GroupStore/GroupContainer.swift): 1 to 200 bytes, each an ASCII letter or digit, `.`, `-` or `_`, the
 * first not `.`; so that it names one directory, as the Swift side uses it. Returns it unchanged.
 * @throws {TypeError|RangeError} with `code` `ERR_INVALID_OPTIONS`, naming `options.appGroup`.
 */
function checkAppGroup(appGroup, caller) {
  const rule =
    "an App Group id is 1 to 200 letters, digits, '.', '-' and '_', not starting with '.' (such as " +
    "'group.acme.widgets')";
  if (typeof appGroup !== 'string') {
    const message = `${caller}: options.appGroup must be a string, got ${describe(appGroup)}; ${rule}`;
    throw failure(TypeError, 'ERR_INVALID_OPTIONS', message);
  }
  let problem = null;
  const bytes = utf8Length(appGroup);
  if (bytes === 0) problem = 'it is empty';
  else if (bytes > MAXIMUM_APP_GROUP_BYTES) problem = `it is ${bytes} bytes long`;
  else if (appGroup.charCodeAt(0) === 0x2e) problem = "it starts with '.'";
  else {
    for (const character of appGroup) {
      const unit = character.charCodeAt(0);
      if (character.length === 1 && (isAlphanumeric(unit) || unit === 0x2e || unit === 0x2d || unit === 0x5f)) continue;
      problem = `${JSON.stringify(character)} is not a letter, digit, '.', '-' or '_'`;
      break;
    }
  }
  if (problem !== null) {
    const message = `${caller}: invalid options.appGroup '${excerpt(appGroup)}': ${problem}; ${rule}`;
    throw failure(RangeError, 'ERR_INVALID_OPTIONS', message);
  }
  return appGroup;
}

/**
 * What `groupStorage` was given, told by its shape: `expo` (a `Directory`), `extension` (get, set, remove) or
 * `shared` (getItem, setItem), or null. A backend whose members cannot be read is `ERR_UNKNOWN_BACKEND`.
 */
function backendShape(backend) {
  try {
    if (isExpoDirectory(backend)) return 'expo';
    const isFunction = (name) => isObjectLike(backend) && typeof backend[name] === 'function';
    if (isFunction('get') && isFunction('set') && isFunction('remove')) return 'extension';
    if (isFunction('getItem') && isFunction('setItem')) return 'shared';
    return null;
  } catch (cause) {
    const message = `groupStorage: inspecting the backend threw: ${reason(cause)}`;
    throw failure(TypeError, 'ERR_UNKNOWN_BACKEND', message, cause);
  }
}

/**
 * Adapts an App Group store to the storage interfaces of the better-i18n core (`get`, `set`, `remove`) and of
 * the Expo package (`getItem`, `setItem`, `removeItem`); every method returns a promise, and values are always
 * written as strings. `backend` is, told by its shape:
 * - an expo-file-system `Directory` in the App Group container, with `options.File` (expo-file-system's `File`):
 *   the file container WidgetI18n reads fastest, with each bundle's lookup index beside it;
 * - `new ExtensionStorage(appGroup)` from @bacons/apple-targets (or any object with `get`, `set` and `remove`,
 *   synchronous or not), or react-native-shared-group-preferences' default export with `options.appGroup`: the
 *   App Group's `UserDefaults` suite, kept under `options.budget` bytes (`SUITE_BUDGET_BYTES` by default).
 * `options.appGroup`, whenever it is given, must be an App Group id WidgetI18n accepts (`checkAppGroup`).
 *
 * The storage also knows how to reload the widgets once something they show changed (`storage.reloadWidgets`,
 * which `saveLocaleToWidget` and `mirrorToWidget` call): `options.reload` when given (a function the app passes,
 * such as one calling WidgetKit's `WidgetCenter` through a native module), else, for ExtensionStorage, its class's
 * `ExtensionStorage.reloadWidget()` (@bacons/apple-targets, packages/apple-targets/src/ExtensionStorage.ts:
 * `static reloadWidget(name?: string)`, WidgetCenter's reload of every kind without a name). Only WidgetKit
 * reloads a widget on a phone: the reload request these calls also record is read by WidgetI18n's Linux simulator
 * and `widget-i18n status`, never by WidgetKit.
 */
export function groupStorage(backend, options = {}) {
  checkOptions(options, 'groupStorage');
  const { appGroup, budget, File, reload } = readOptions(
    options,
    ['appGroup', 'budget', 'File', 'reload'],
    'groupStorage',
  );
  if (appGroup !== undefined) checkAppGroup(appGroup, 'groupStorage');
  if (reload !== undefined && typeof reload !== 'function') {
    throw failure(TypeError, 'ERR_INVALID_OPTIONS', `groupStorage: options.reload must be a function, got ${describe(reload)}`);
  }
  const shape = backendShape(backend);
  const platformReload = shape === 'extension' ? extensionStorageReload(backend) : undefined;
  const reloadWidgets = reload ?? platformReload;
  if (shape === 'expo') {
    if (typeof File !== 'function') {
      throw failure(
        TypeError,
        'ERR_INVALID_OPTIONS',
        `groupStorage: an expo-file-system Directory needs options.File, expo-file-system's File class ` +
          `(import { Directory, File } from 'expo-file-system'), to open the files in it`,
      );
    }
    if (budget !== undefined) {
      throw failure(
        TypeError,
        'ERR_INVALID_OPTIONS',
        'groupStorage: options.budget is for a UserDefaults suite; a file container has no budget',
      );
    }
    return storageOver(containerStore(expoFileSystem(backend, File), 'groupStorage'), reloadWidgets);
  }
  const checkedBudget = checkBudget(budget);
  if (shape === 'shared' && appGroup === undefined) {
    throw failure(
      TypeError,
      'ERR_UNKNOWN_BACKEND',
      `groupStorage: a getItem/setItem backend is taken for react-native-shared-group-preferences, which needs ` +
        `options.appGroup (the App Group id, such as 'group.acme.widgets'); AsyncStorage is not shared with widgets`,
    );
  }
  if (shape === null) {
    throw failure(
      TypeError,
      'ERR_UNKNOWN_BACKEND',
      `groupStorage: expected ExtensionStorage from @bacons/apple-targets (get, set, remove), ` +
        `react-native-shared-group-preferences (getItem, setItem, with options.appGroup) or an expo-file-system ` +
        `Directory (list, create, uri, exists, with options.File), got ${describe(backend)}`,
    );
  }
  const store =
    shape === 'extension' ? extensionStorageBackend(backend) : sharedGroupPreferencesBackend(backend, appGroup);
  const run = suiteSerializer(backend, appGroup === undefined ? '' : appGroup);
  return storageOver(suiteStore(store, checkedBudget, 'groupStorage', run), reloadWidgets);
}

/** `ExtensionStorage.reloadWidget` of `backend`'s class, bound to it, or undefined when it has none. */
function extensionStorageReload(backend) {
  const owner = Object.getPrototypeOf(backend)?.constructor;
  const reloadWidget = typeof owner === 'function' ? owner.reloadWidget : undefined;
  return typeof reloadWidget === 'function' ? () => reloadWidget.call(owner) : undefined;
}

// MARK: - The locale

function requireStorage(storage, caller) {
  const set = isObjectLike(storage)
    ? member(storage, 'set', TypeError, 'ERR_INVALID_STORAGE', caller, 'storage')
    : undefined;
  if (typeof set !== 'function') {
    throw failure(
      TypeError,
      'ERR_INVALID_STORAGE',
      `${caller}: expected the storage groupStorage() returns (or another with set(key, value)), ` +
        `got ${describe(storage)}`,
    );
  }
}

/**
 * `storage.set(key, text)`, with any failure thrown as an error with a code: this module's own (a storage
 * `groupStorage` made) as it is, anything else as `ERR_GROUP_STORAGE` with it as the cause.
 */
async function writeTo(storage, key, text, caller) {
  try {
    await storage.set(key, text);
  } catch (cause) {
    if (OWN_ERRORS.has(cause)) throw cause;
    throw failure(Error, 'ERR_GROUP_STORAGE', `${caller}: could not write '${key}': ${reason(cause)}`, cause);
  }
}

/**
 * Writes `@better-i18n:locale:{project}` with the locale's normalised form (`pt-BR` → `pt-br`), the spelling of
 * the messages key the better-i18n core and this module write, then reloads the widgets through the platform
 * (`options.reload`, else the storage's `reloadWidgets`, see `groupStorage`), so that a live widget shows the new
 * language. The better-i18n Swift SDK builds the messages key from the stored value verbatim, and WidgetI18n's own
 * writers store the same normalised form (`ContractWriter.selectLocale`), so both kinds of widget find the messages.
 * @returns {Promise<{key: string, locale: string, reloaded: boolean}>}
 */
export async function saveLocaleToWidget(storage, project, locale, options = {}) {
  requireStorage(storage, 'saveLocaleToWidget');
  checkOptions(options, 'saveLocaleToWidget');
  const { reload } = readOptions(options, ['reload'], 'saveLocaleToWidget');
  const key = storageKeys.locale(project);
  const normalized = normalizeLocaleTag(locale);
  const reloadWidgets = reload ?? storage.reloadWidgets;
  if (reloadWidgets !== undefined && typeof reloadWidgets !== 'function') {
    throw failure(TypeError, 'ERR_INVALID_RELOAD', `saveLocaleToWidget: reload must be a function, got ${describe(reloadWidgets)}`);
  }
  await writeLocale(storage, project, normalized, 'saveLocaleToWidget');
  if (reloadWidgets !== undefined) {
    try {
      await reloadWidgets();
    } catch (cause) {
      throw failure(Error, 'ERR_RELOAD', `saveLocaleToWidget: the locale was written, but reload() failed: ${reason(cause)}`, cause);
    }
  }
  return { key, locale: normalized, reloaded: reloadWidgets !== undefined };
}

/** Writes the normalised `locale` under `@better-i18n:locale:{project}`, and nothing else. */
async function writeLocale(storage, project, normalized, caller) {
  await writeTo(storage, storageKeys.locale(project), normalized, caller);
}

// MARK: - Reload requests

/** The largest reload request WidgetI18n reads (StorageKey.maximumMetadataSize). */
const MAXIMUM_RELOAD_REQUEST_BYTES = 64 * 1024;

function reloadRequestText(kind, reasonText, id = randomUUID(), now = Date.now()) {
  return JSON.stringify({ id, kind, reason: reasonText, requestedAt: now });
}

/**
 * Records a request that widgets reload their timelines, as WidgetI18n's `ReloadRequest` reads it: under
 * `@better-i18n:widget-i18n:reload:{project}` (every kind) or `…:{kind}`, `{"id", "kind", "reason",
 * "requestedAt"}` with a fresh UUID and `Date.now()` in milliseconds. The newest request that applies to a widget
 * is the one it acts on; a reader only needs to notice that the id changed.
 * @param {{ reason?: string, kind?: string }} [options] `reason`: why, for people (`messages updated: tr, en`);
 *   `kind`: the widget kind to reload, every kind when absent.
 * @returns {Promise<{key: string, id: string, kind: string | null, reason: string, requestedAt: number}>}
 */
export async function recordReloadRequest(storage, project, options = {}) {
  requireStorage(storage, 'recordReloadRequest');
  checkOptions(options ?? {}, 'recordReloadRequest');
  const given = readOptions(options ?? {}, ['reason', 'kind'], 'recordReloadRequest');
  const why = given.reason === undefined ? '' : given.reason;
  const kind = given.kind === undefined ? null : given.kind;
  validateProjectId(project);
  if (kind !== null && kind !== undefined) checkKind(kind, 'recordReloadRequest');
  if (typeof why !== 'string') {
    const message = `recordReloadRequest: reason must be a string, got ${describe(why)}`;
    throw failure(TypeError, 'ERR_INVALID_REASON', message);
  }
  const request = { id: randomUUID(), kind: kind ?? null, reason: why, requestedAt: Date.now() };
  const text = reloadRequestText(request.kind, request.reason, request.id, request.requestedAt);
  if (utf8Length(text) > MAXIMUM_RELOAD_REQUEST_BYTES) {
    throw failure(
      RangeError,
      'ERR_INVALID_REASON',
      `recordReloadRequest: the request would be ${utf8Length(text)} bytes, more than the ` +
        `${MAXIMUM_RELOAD_REQUEST_BYTES} a widget reads; shorten the reason`,
    );
  }
  const key = storageKeys.reloadRequest(project, request.kind);
  await writeTo(storage, key, text, 'recordReloadRequest');
  return { key, ...request };
}

// MARK: - Mirroring

const mirrorError = (Kind, code, message, cause) => failure(Kind, code, `mirrorToWidget: ${message}`, cause);

/** Every locale to mirror, normalised, once each: `locales`, then those of `extras` (selected, default) they lack. */
function localesToMirror(locales, extras) {
  const given = extras.filter((tag) => tag !== null);
  let listed = null;
  try {
    // Copied by index (no iterator of the caller's runs), so that reading it can throw only here.
    if (Array.isArray(locales)) listed = Array.prototype.slice.call(locales);
  } catch (cause) {
    throw mirrorError(TypeError, 'ERR_INVALID_LOCALES', `reading locales threw: ${reason(cause)}`, cause);
  }
  if (listed === null || (listed.length === 0 && given.length === 0)) {
    throw mirrorError(
      TypeError,
      'ERR_INVALID_LOCALES',
      `locales must be a non-empty array of locale tags, got ${describe(locales)}`,
    );
  }
  const wanted = [];
  for (const tag of [...listed, ...given]) {
    const normalized = normalizeLocaleTag(tag);
    if (!wanted.includes(normalized)) wanted.push(normalized);
  }
  return wanted;
}

/**
 * The locale's whole bundle from the core, as the JSON string to store; throws before anything is written. The
 * JSON is what is judged, since it is what a widget reads: it must be an object with at least one message.
 */
async function fetchBundle(core, project, tag) {
  const call = `core.getMessages('${tag}')`;
  let messages;
  try {
    // With no namespace option the core 0.13 returns and stores the locale's whole bundle (cdn.ts); only a
    // namespace selection (this call's, or the core's config.namespaces) returns, and stores, a subset.
    messages = await core.getMessages(tag);
  } catch (cause) {
    throw mirrorError(Error, 'ERR_GET_MESSAGES', `${call} failed: ${reason(cause)}; nothing was written`, cause);
  }
  const json = serialize(messages, (cause, why) =>
    mirrorError(
      TypeError,
      'ERR_INVALID_MESSAGES',
      `${call} returned ${describe(messages)} that cannot be serialised as JSON (${why}); nothing was written`,
      cause,
    ),
  );
  const problem = bundleProblem(json);
  if (problem && problem.code === 'ERR_INVALID_MESSAGES') {
    const isObject = messages !== null && typeof messages === 'object' && !Array.isArray(messages);
    // Said of the object when it is not one; of its JSON when the object is one that serialises to something else.
    const returned = isObject ? `${describe(messages)} whose JSON is ${problem.what}` : describe(messages);
    throw mirrorError(
      TypeError,
      'ERR_INVALID_MESSAGES',
      `${call} returned ${returned}, not a messages object; nothing was written`,
    );
  }
  if (problem) {
    throw mirrorError(
      RangeError,
      'ERR_EMPTY_MESSAGES',
      `${call} returned no messages (its JSON, ${quotedJSON(json)}, has no string value); nothing was written ` +
        `(the widget keeps what it has)`,
    );
  }
  const bytes = utf8Length(json);
  if (bytes > MAXIMUM_MESSAGES_BYTES) {
    throw mirrorError(
      RangeError,
      'ERR_MESSAGES_TOO_LARGE',
      `the messages of '${tag}' are ${bytes} bytes, more than the ${MAXIMUM_MESSAGES_BYTES} a widget reads; ` +
        `nothing was written`,
    );
  }
  return { locale: tag, key: storageKeys.messages(project, tag), json, bytes };
}

/** The stored locale, normalised when it is a tag; null when there is none or it cannot be read. */
async function storedLocale(storage, key) {
  try {
    if (typeof storage.get !== 'function') return null;
    const value = await storage.get(key);
    if (typeof value !== 'string' || value === '') return null;
    try {
      return normalizeLocaleTag(value);
    } catch {
      return value;
    }
  } catch {
    return null;
  }
}

const quotedList = (tags) => tags.map((tag) => `'${tag}'`).join(', ');

/**
 * Writes each locale's full bundle under `@better-i18n:messages:{project}:{normalised}`: the selected `locale`'s
 * first, then `defaultLocale`'s, then the rest in `locales` order (the two are mirrored too when `locales` lacks
 * them); then the selected locale; then a reload request (`recordReloadRequest`, reason
 * `messages updated: tr, en` and `; locale tr` when the locale changed); then calls `reload()`. So a widget
 * never sees a locale without its messages, and a reload finds everything in place.
 *
 * Every argument is checked, and every bundle fetched (`await core.getMessages(locale)`, no namespace option)
 * and serialised, before anything is written: an invalid locale or project, a bundle that is not an object,
 * an empty one or one larger than a widget reads (4 MiB) writes nothing. A bundle is judged by its JSON text, what
 * a widget reads, not by the object: `{a: undefined}` is `{}`, empty; a `toJSON` returning an array is no object;
 * one `JSON.stringify` throws on (a BigInt, a cycle, a `toJSON` or getter that throws) is `ERR_INVALID_MESSAGES`
 * with that error as `cause`. Every error has a `code`, whatever the arguments, the core or the storage do.
 *
 * Over a `UserDefaults` suite (a `groupStorage` of ExtensionStorage or shared-group-preferences) every size is
 * counted first against the suite's budget: the selected and default locales' bundles must fit, or nothing is
 * written (`ERR_SUITE_FULL`); the others are written as far as they fit, and those left out are returned in
 * `skipped`. A write that fails stops there; the bundles written before it are whole, the locale is not written
 * and `reload` is not called.
 * @returns {Promise<{project: string, locales: {locale: string, key: string, bytes: number}[], bytes: number,
 *   locale: string | null, reloaded: boolean, skipped: {locale: string, bytes: number, suiteBytes: number}[],
 *   budget: number | null, reloadRequest: {key: string, id: string}}>}
 */
export async function mirrorToWidget(options = {}) {
  checkOptions(options, 'mirrorToWidget');
  const given = readOptions(
    options,
    ['core', 'storage', 'project', 'locales', 'locale', 'defaultLocale', 'reload'],
    'mirrorToWidget',
  );
  const { core, storage, project, locales, locale, defaultLocale } = given;
  requireStorage(storage, 'mirrorToWidget');
  // The platform's reload when the app passes none: the storage's (ExtensionStorage.reloadWidget, see groupStorage).
  const reload = given.reload ?? storage.reloadWidgets;
  const getMessages =
    core !== null && typeof core === 'object'
      ? member(core, 'getMessages', TypeError, 'ERR_INVALID_CORE', 'mirrorToWidget', 'core')
      : undefined;
  if (typeof getMessages !== 'function') {
    throw mirrorError(
      TypeError,
      'ERR_INVALID_CORE',
      `expected a better-i18n core with getMessages(locale), got ${describe(core)}`,
    );
  }
  if (reload !== undefined && typeof reload !== 'function') {
    throw mirrorError(TypeError, 'ERR_INVALID_RELOAD', `reload must be a function, got ${describe(reload)}`);
  }
  validateProjectId(project);
  const selected = locale === undefined ? null : normalizeLocaleTag(locale);
  const fallback = defaultLocale === undefined ? null : normalizeLocaleTag(defaultLocale);
  const fetched = [];
  for (const tag of localesToMirror(locales, [selected, fallback])) fetched.push(await fetchBundle(core, project, tag));
  const first = [...new Set([selected, fallback].filter((tag) => tag !== null))];
  const bundles = [
    ...first.map((tag) => fetched.find((bundle) => bundle.locale === tag)),
    ...fetched.filter((bundle) => !first.includes(bundle.locale)),
  ];

  const localeKey = storageKeys.locale(project);
  const localeChanged = selected !== null && (await storedLocale(storage, localeKey)) !== selected;
  const reasonFor = (tags) =>
    `messages updated: ${tags.join(', ')}` + (localeChanged ? `; locale ${selected}` : '');

  let toWrite = bundles;
  const skipped = [];
  let internal = null;
  try {
    internal = storage[INTERNAL] || null;
  } catch {
    // A Proxy that throws on a symbol it does not know: not a storage of this module's.
  }
  const budget = internal ? internal.budget : null;
  if (internal && internal.kind === 'suite') {
    // What the writes below add to the suite, counted before any is made; the reload request's reason as if
    // every bundle were written, which is the longest it can be.
    const always = [];
    if (selected !== null) always.push([localeKey, selected]);
    always.push([
      storageKeys.reloadRequest(project),
      reloadRequestText(null, reasonFor(bundles.map((bundle) => bundle.locale)), randomUUID()),
    ]);
    const required = first.length > 0 ? bundles.slice(0, first.length) : bundles.slice(0, 1);
    const optional = bundles.slice(required.length);
    const plan = await internal.plan(
      [...always, ...required.flatMap((bundle) => suiteWrites(bundle.key, bundle.json))],
      optional.map((bundle) => suiteWrites(bundle.key, bundle.json)),
    );
    if (!plan.fits) {
      const error = mirrorError(
        Error,
        'ERR_SUITE_FULL',
        `the bundles of ${quotedList(required.map((bundle) => bundle.locale))} would take ${storage.backend} to ` +
          `${plan.after} bytes, past its budget of ${budget} (it holds ${plan.before} as counted of the keys this ` +
          `module wrote); nothing was written. ${CONTAINER_ADVICE}`,
      );
      error.counted = plan.before;
      error.bytes = plan.after;
      error.budget = budget;
      throw error;
    }
    toWrite = [...required, ...plan.accepted.map((index) => optional[index])];
    for (const bundle of optional) {
      if (!toWrite.includes(bundle)) {
        const suiteBytes = suiteWrites(bundle.key, bundle.json).reduce(
          (sum, [name, value]) => sum + suiteEntryBytes(name, value),
          0,
        );
        skipped.push({ locale: bundle.locale, bytes: bundle.bytes, suiteBytes });
      }
    }
  }

  const written = [];
  const writeFailure = (what, cause) => {
    const error = mirrorError(Error, 'ERR_MIRROR_WRITE', `${what}: ${reason(cause)}`, cause);
    error.written = written.map((entry) => entry.locale);
    return error;
  };
  for (const bundle of toWrite) {
    try {
      await storage.set(bundle.key, bundle.json);
    } catch (cause) {
      const before = written.length === 0 ? 'nothing' : quotedList(written.map((entry) => entry.locale));
      throw writeFailure(
        `writing the messages of '${bundle.locale}' failed (written before it: ${before}; the locale was not ` +
          `changed and no reload was asked for)`,
        cause,
      );
    }
    written.push({ locale: bundle.locale, key: bundle.key, bytes: bundle.bytes });
  }
  if (selected !== null) {
    try {
      await writeLocale(storage, project, normalizeLocaleTag(selected), 'mirrorToWidget');
    } catch (cause) {
      throw writeFailure(`the messages were written, but writing the locale '${selected}' failed`, cause);
    }
  }
  let request;
  try {
    request = await recordReloadRequest(storage, project, { reason: reasonFor(written.map((entry) => entry.locale)) });
  } catch (cause) {
    throw writeFailure('the messages and the locale were written, but recording the reload request failed', cause);
  }
  if (reload !== undefined) {
    try {
      await reload();
    } catch (cause) {
      throw mirrorError(Error, 'ERR_RELOAD', `everything was written, but reload() failed: ${reason(cause)}`, cause);
    }
  }
  return {
    project,
    locales: written,
    bytes: written.reduce((sum, entry) => sum + entry.bytes, 0),
    locale: selected,
    reloaded: reload !== undefined,
    skipped,
    budget,
    reloadRequest: { key: request.key, id: request.id },
  };
}
