// @widget-i18n/bridge: carries a JavaScript app's translations (better-i18n core, Expo, React Native,
// NativeScript) into the App Group store its iOS widgets read with WidgetI18n. No dependencies; runs on
// Hermes, JavaScriptCore, V8 and Node.
//
// The key schema and spellings are WidgetI18n's storage contract (Sources/GroupContract/StorageKey.swift;
// docs/architecture.md, "The storage contract"). What the SDKs on the other side do is from their public
// code, as summarised in the repository's research notes for issue 22:
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

const PREFIX = '@better-i18n:';

/** The largest messages value a WidgetI18n widget reads (`MessageBundle.maximumStoredSize`, 4 MiB). */
export const MAXIMUM_MESSAGES_BYTES = 4 * 1024 * 1024;

// MARK: - Errors

function failure(Kind, code, message, cause) {
  const error = new Kind(message);
  error.code = code;
  // Set by hand: `new Error(message, { cause })` is not in every engine an app may run on.
  if (cause !== undefined) error.cause = cause;
  return error;
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(excerpt(value))}`;
  if (typeof value === 'function') return value.name ? `the function ${value.name}` : 'a function';
  if (typeof value === 'object') {
    const name = value.constructor && value.constructor.name;
    return name && name !== 'Object' ? `a ${name}` : 'an object';
  }
  return `${typeof value} ${String(value)}`;
}

function reason(cause) {
  if (cause instanceof Error) return cause.message;
  return `rejected with ${describe(cause)}`;
}

// MARK: - Text

/** The UTF-8 length of `text`, as the store counts bytes. */
export function utf8Length(text) {
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

/** The storage contract's keys (StorageKey.swift), with the project and locale validated and normalised. */
export const storageKeys = Object.freeze({
  /** `@better-i18n:locale:{project}`: the selected locale. */
  locale: (project) => `${PREFIX}locale:${validateProjectId(project)}`,
  /** `@better-i18n:messages:{project}:{normalised locale}`: a locale's messages as a JSON string. */
  messages: (project, locale) => `${PREFIX}messages:${validateProjectId(project)}:${normalizeLocaleTag(locale)}`,
  /** `@better-i18n:manifest:{project}`: the CDN manifest as a JSON string. */
  manifest: (project) => `${PREFIX}manifest:${validateProjectId(project)}`,
});

// MARK: - groupStorage

function checkKey(key) {
  if (typeof key !== 'string' || key.length === 0) {
    throw failure(TypeError, 'ERR_INVALID_KEY', `Expected a storage key as a non-empty string, got ${describe(key)}`);
  }
}

/**
 * The value as the string the store keeps. The SDKs pass strings; anything else is JSON, never an object
 * (ExtensionStorage would store an object as `Data`, which the widget's `string(forKey:)` reads as nil), and
 * never null or undefined (ExtensionStorage removes the key for those; shared-group-preferences stores "null").
 */
function storedString(key, value) {
  if (typeof value === 'string') return value;
  const text = value === null || value === undefined ? undefined : JSON.stringify(value);
  if (typeof text !== 'string') {
    throw failure(
      TypeError,
      'ERR_INVALID_VALUE',
      `Cannot store ${describe(value)} under '${key}': pass a string (JSON.stringify the value), or remove the key`,
    );
  }
  return text;
}

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
    async remove(key) {
      // The library cannot remove a key. An empty locale is "no locale" to every reader of the contract
      // (WidgetI18n's StoredLocale, the better-i18n Swift SDK), so that one is cleared by writing "". Any other
      // empty value would read as a corrupt bundle or manifest, so removal is refused and nothing is written.
      if (key.startsWith(`${PREFIX}locale:`)) return set(key, '');
      throw failure(
        Error,
        'ERR_REMOVE_UNSUPPORTED',
        `groupStorage: react-native-shared-group-preferences cannot remove '${key}', and an empty value would ` +
          `read as corrupt; nothing was written (ExtensionStorage from @bacons/apple-targets can remove keys)`,
      );
    },
  };
}

function adapt(backend, options) {
  const isObject = (backend !== null && typeof backend === 'object') || typeof backend === 'function';
  const isFunction = (name) => isObject && typeof backend[name] === 'function';
  if (isFunction('get') && isFunction('set') && isFunction('remove')) return extensionStorageBackend(backend);
  if (isFunction('getItem') && isFunction('setItem')) {
    const appGroup = options.appGroup;
    if (typeof appGroup !== 'string' || appGroup.length === 0) {
      throw failure(
        TypeError,
        'ERR_UNKNOWN_BACKEND',
        `groupStorage: a getItem/setItem backend is taken for react-native-shared-group-preferences, which needs ` +
          `options.appGroup (the App Group id, such as 'group.com.acme.app'); AsyncStorage is not shared with widgets`,
      );
    }
    return sharedGroupPreferencesBackend(backend, appGroup);
  }
  throw failure(
    TypeError,
    'ERR_UNKNOWN_BACKEND',
    `groupStorage: expected ExtensionStorage from @bacons/apple-targets (get, set, remove) or ` +
      `react-native-shared-group-preferences (getItem, setItem, with options.appGroup), got ${describe(backend)}`,
  );
}

/**
 * Adapts an App Group store to the storage interfaces of the better-i18n core (`get`, `set`, `remove`) and of
 * the Expo package (`getItem`, `setItem`, `removeItem`); every method returns a promise, and values are always
 * written as strings. `backend` is `new ExtensionStorage(appGroup)` from @bacons/apple-targets (or any object
 * with `get`, `set` and `remove`, synchronous or not), or react-native-shared-group-preferences' default
 * export with `options.appGroup`.
 */
export function groupStorage(backend, options = {}) {
  if (options === null || typeof options !== 'object') {
    throw failure(
      TypeError,
      'ERR_INVALID_OPTIONS',
      `groupStorage: options must be an object, got ${describe(options)}`,
    );
  }
  const store = adapt(backend, options);
  const wrap = (action, key, cause) =>
    failure(
      Error,
      'ERR_GROUP_STORAGE',
      `groupStorage: could not ${action} '${key}' in ${store.name}: ${reason(cause)}`,
      cause,
    );
  // No `getString` or `delete`: the Expo package's storageAdapter would take an object with those (and `set`)
  // for MMKV, and call them with MMKV's synchronous contract.
  const storage = {
    async get(key) {
      checkKey(key);
      try {
        return await store.get(key);
      } catch (cause) {
        throw wrap('read', key, cause);
      }
    },
    async set(key, value) {
      checkKey(key);
      const text = storedString(key, value);
      try {
        await store.set(key, text);
      } catch (cause) {
        throw wrap('write', key, cause);
      }
    },
    async remove(key) {
      checkKey(key);
      try {
        await store.remove(key);
      } catch (cause) {
        if (cause && cause.code === 'ERR_REMOVE_UNSUPPORTED') throw cause;
        throw wrap('remove', key, cause);
      }
    },
    getItem: (key) => storage.get(key),
    setItem: (key, value) => storage.set(key, value),
    removeItem: (key) => storage.remove(key),
  };
  Object.defineProperty(storage, 'backend', { value: store.name, enumerable: false });
  return Object.freeze(storage);
}

// MARK: - The locale

function requireStorage(storage, caller) {
  const isObject = (storage !== null && typeof storage === 'object') || typeof storage === 'function';
  if (!isObject || typeof storage.set !== 'function') {
    throw failure(
      TypeError,
      'ERR_INVALID_STORAGE',
      `${caller}: expected the storage groupStorage() returns (or another with set(key, value)), ` +
        `got ${describe(storage)}`,
    );
  }
}

/**
 * Writes `@better-i18n:locale:{project}` with the locale's normalised form (`pt-BR` → `pt-br`), the spelling of
 * the messages key the better-i18n core and this module write. The better-i18n Swift SDK builds the messages
 * key from the stored value verbatim, and WidgetI18n's own writers store the same normalised form
 * (`ContractWriter.selectLocale`), so both kinds of widget find the messages.
 * @returns {Promise<{key: string, locale: string}>}
 */
export async function saveLocaleToWidget(storage, project, locale) {
  requireStorage(storage, 'saveLocaleToWidget');
  const key = storageKeys.locale(project);
  const normalized = normalizeLocaleTag(locale);
  await storage.set(key, normalized);
  return { key, locale: normalized };
}

// MARK: - Mirroring

const mirrorError = (Kind, code, message, cause) => failure(Kind, code, `mirrorToWidget: ${message}`, cause);

/** Every locale to mirror, normalised, once each: `locales`, then the selected `locale` if they lack it. */
function localesToMirror(locales, selected) {
  if (!Array.isArray(locales) || (locales.length === 0 && selected === null)) {
    throw mirrorError(
      TypeError,
      'ERR_INVALID_LOCALES',
      `locales must be a non-empty array of locale tags, got ${describe(locales)}`,
    );
  }
  const wanted = [];
  for (const tag of [...locales, ...(selected === null ? [] : [selected])]) {
    const normalized = normalizeLocaleTag(tag);
    if (!wanted.includes(normalized)) wanted.push(normalized);
  }
  return wanted;
}

/** The locale's whole bundle from the core, as the JSON string to store; throws before anything is written. */
async function fetchBundle(core, project, tag) {
  let messages;
  try {
    // With no namespace option the core 0.13 returns and stores the locale's whole bundle (cdn.ts); only a
    // namespace selection (this call's, or the core's config.namespaces) returns, and stores, a subset.
    messages = await core.getMessages(tag);
  } catch (cause) {
    throw mirrorError(
      Error,
      'ERR_GET_MESSAGES',
      `core.getMessages('${tag}') failed: ${reason(cause)}; nothing was written`,
      cause,
    );
  }
  if (messages === null || typeof messages !== 'object' || Array.isArray(messages)) {
    throw mirrorError(
      TypeError,
      'ERR_INVALID_MESSAGES',
      `core.getMessages('${tag}') returned ${describe(messages)}, not a messages object; nothing was written`,
    );
  }
  if (Object.keys(messages).length === 0) {
    throw mirrorError(
      RangeError,
      'ERR_EMPTY_MESSAGES',
      `core.getMessages('${tag}') returned no messages; nothing was written (the widget keeps what it has)`,
    );
  }
  const json = JSON.stringify(messages);
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

/**
 * Writes each locale's full bundle under `@better-i18n:messages:{project}:{normalised}`, then (when `locale`
 * is given) the selected locale, then calls `reload()`, so a widget never sees a locale without its messages.
 *
 * Every argument is checked, and every bundle fetched (`await core.getMessages(locale)`, no namespace option)
 * and serialised, before anything is written: an invalid locale or project, a bundle that is not an object,
 * an empty one or one larger than a widget reads (4 MiB) writes nothing. A write that fails stops there; the
 * bundles written before it are whole, the locale is not written and `reload` is not called.
 * @returns {Promise<{project: string, locales: {locale: string, key: string, bytes: number}[], bytes: number,
 *   locale: string | null, reloaded: boolean}>}
 */
export async function mirrorToWidget({ core, storage, project, locales, locale, reload } = {}) {
  requireStorage(storage, 'mirrorToWidget');
  if (core === null || typeof core !== 'object' || typeof core.getMessages !== 'function') {
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
  const bundles = [];
  for (const tag of localesToMirror(locales, selected)) bundles.push(await fetchBundle(core, project, tag));

  const written = [];
  const writeFailure = (what, cause) => {
    const error = mirrorError(Error, 'ERR_MIRROR_WRITE', `${what}: ${reason(cause)}`, cause);
    error.written = written.map((entry) => entry.locale);
    return error;
  };
  for (const bundle of bundles) {
    try {
      await storage.set(bundle.key, bundle.json);
    } catch (cause) {
      const before = written.length === 0 ? 'nothing' : written.map((entry) => `'${entry.locale}'`).join(', ');
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
      await saveLocaleToWidget(storage, project, selected);
    } catch (cause) {
      throw writeFailure(`the messages were written, but writing the locale '${selected}' failed`, cause);
    }
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
  };
}
