// `mirrorToWidget`: a core's whole bundles into the App Group, then the locale, then a reload request, so that a
// widget never sees a locale without its messages. Everything is checked, fetched and (over a suite) counted
// before the first write. @better-i18n/core 0.13 (packages/core/src/cdn.ts): with no namespace option
// `getMessages(locale)` returns and stores the locale's whole bundle; a namespace selection returns a subset.

import { checkOptions, describe, failure, member, readOptions, reason } from './errors.mjs';
import { normalizeLocaleTag, validateProjectId } from './identifiers.mjs';
import { MAXIMUM_MESSAGES_BYTES, storageKeys } from './keys.mjs';
import { INTERNAL } from './storages.mjs';
import { suiteFull } from './suite-budget.mjs';
import { suiteWrites } from './suite-store.mjs';
import { randomUUID } from './text.mjs';
import { utf8Count } from './utf8.mjs';
import { bundleProblem, quotedJSON, serialize, TOO_DEEP } from './values.mjs';
import { recordReloadRequest, reloadRequestText, requireStorage, writeLocale } from './widget-calls.mjs';

const mirrorError = (Kind, code, message, cause) => failure(Kind, code, `mirrorToWidget: ${message}`, cause);
const quotedList = (tags) => tags.map((tag) => `'${tag}'`).join(', ');

// MARK: - Arguments

/** The options read once and checked: the core, the storage, the project, the locales normalised, the reload. */
function mirrorArguments(options) {
  checkOptions(options, 'mirrorToWidget');
  const names = ['core', 'storage', 'project', 'locales', 'locale', 'defaultLocale', 'reload'];
  const given = readOptions(options, names, 'mirrorToWidget');
  const { core, storage, project } = given;
  requireStorage(storage, 'mirrorToWidget');
  // The platform's reload when the app passes none: the storage's (ExtensionStorage.reloadWidget, see groupStorage).
  const reload = given.reload ?? storage.reloadWidgets;
  const getMessages =
    core !== null && typeof core === 'object'
      ? member(core, 'getMessages', TypeError, 'ERR_INVALID_CORE', 'mirrorToWidget', 'core')
      : undefined;
  if (typeof getMessages !== 'function') {
    const message = `expected a better-i18n core with getMessages(locale), got ${describe(core)}`;
    throw mirrorError(TypeError, 'ERR_INVALID_CORE', message);
  }
  if (reload !== undefined && typeof reload !== 'function') {
    throw mirrorError(TypeError, 'ERR_INVALID_RELOAD', `reload must be a function, got ${describe(reload)}`);
  }
  validateProjectId(project);
  const selected = given.locale === undefined ? null : normalizeLocaleTag(given.locale);
  const fallback = given.defaultLocale === undefined ? null : normalizeLocaleTag(given.defaultLocale);
  return { core, storage, project, locales: given.locales, selected, fallback, reload };
}

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
    const message = `locales must be a non-empty array of locale tags, got ${describe(locales)}`;
    throw mirrorError(TypeError, 'ERR_INVALID_LOCALES', message);
  }
  const wanted = [];
  for (const tag of [...listed, ...given]) {
    const normalized = normalizeLocaleTag(tag);
    if (!wanted.includes(normalized)) wanted.push(normalized);
  }
  return wanted;
}

// MARK: - Bundles

/** The JSON of what `call` returned, or an error with a code when it cannot be serialised. */
function bundleJSON(call, messages) {
  return serialize(messages, (cause, why) =>
    mirrorError(
      TypeError,
      'ERR_INVALID_MESSAGES',
      `${call} returned ${describe(messages)} that cannot be serialised as JSON (${why}); nothing was written`,
      cause,
    ),
  );
}

/** Refuses `json`, what `call` returned, unless it is a bundle with a message, as large and deep as a widget reads. */
function checkBundle(call, tag, messages, json) {
  const problem = bundleProblem(json);
  if (problem && problem.code === 'ERR_INVALID_MESSAGES') {
    const isObject = messages !== null && typeof messages === 'object' && !Array.isArray(messages);
    // Said of the object when it is not one; of its JSON when the object is one that serialises to something else.
    const returned = isObject ? `${describe(messages)} whose JSON is ${problem.what}` : describe(messages);
    const message = `${call} returned ${returned}, not a messages object; nothing was written`;
    throw mirrorError(TypeError, 'ERR_INVALID_MESSAGES', message);
  }
  if (problem && problem.code === 'ERR_MESSAGES_TOO_DEEP') {
    const message = `the messages of '${tag}' ${TOO_DEEP}; nothing was written (the widget keeps what it has)`;
    throw mirrorError(RangeError, problem.code, message);
  }
  if (problem) {
    throw mirrorError(
      RangeError,
      'ERR_EMPTY_MESSAGES',
      `${call} returned no messages (its JSON, ${quotedJSON(json)}, has no string value); nothing was written ` +
        `(the widget keeps what it has)`,
    );
  }
  const bytes = utf8Count(json);
  if (bytes > MAXIMUM_MESSAGES_BYTES) {
    throw mirrorError(
      RangeError,
      'ERR_MESSAGES_TOO_LARGE',
      `the messages of '${tag}' are ${bytes} bytes, more than the ${MAXIMUM_MESSAGES_BYTES} a widget reads; ` +
        `nothing was written`,
    );
  }
  return bytes;
}

/**
 * The locale's whole bundle from the core, as the JSON string to store; throws before anything is written. The
 * JSON is what is judged, since it is what a widget reads: it must be an object with at least one message.
 */
async function fetchBundle(core, project, tag) {
  const call = `core.getMessages('${tag}')`;
  let messages;
  try {
    messages = await core.getMessages(tag);
  } catch (cause) {
    throw mirrorError(Error, 'ERR_GET_MESSAGES', `${call} failed: ${reason(cause)}; nothing was written`, cause);
  }
  const json = bundleJSON(call, messages);
  const bytes = checkBundle(call, tag, messages, json);
  return { locale: tag, key: storageKeys.messages(project, tag), json, bytes };
}

/** Every bundle, fetched in `locales` order, then put in writing order: selected, default, the rest. */
async function fetchBundles({ core, project, locales, selected, fallback }) {
  const fetched = [];
  for (const tag of localesToMirror(locales, [selected, fallback])) fetched.push(await fetchBundle(core, project, tag));
  const first = [...new Set([selected, fallback].filter((tag) => tag !== null))];
  const bundles = [
    ...first.map((tag) => fetched.find((bundle) => bundle.locale === tag)),
    ...fetched.filter((bundle) => !first.includes(bundle.locale)),
  ];
  return { bundles, required: first.length > 0 ? first.length : 1 };
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

// MARK: - A suite's budget

/** The store behind a storage this package made, or null (another storage, or a Proxy that throws on a symbol). */
function internalStore(storage) {
  try {
    return storage[INTERNAL] || null;
  } catch {
    return null;
  }
}

/**
 * Over a suite, which bundles to write: the required ones (selected and default) with the locale and the reload
 * request must fit the budget, or nothing is written (`ERR_SUITE_FULL`); the others as far as they fit, in order.
 * The reload request is counted with the reason as if every bundle were written, the longest it can be.
 */
async function planSuite(store, storage, mirror, { bundles, required }) {
  const always = [];
  if (mirror.selected !== null) always.push([storageKeys.locale(mirror.project), mirror.selected]);
  const longestReason = mirror.reasonFor(bundles.map((bundle) => bundle.locale));
  always.push([storageKeys.reloadRequest(mirror.project), reloadRequestText(null, longestReason, randomUUID())]);
  const [needed, optional] = [bundles.slice(0, required), bundles.slice(required)];
  const plan = await store.plan(
    [...always, ...needed.flatMap((bundle) => suiteWrites(bundle.key, bundle.json))],
    optional.map((bundle) => suiteWrites(bundle.key, bundle.json)),
  );
  if (!plan.fits) {
    const what = `the bundles of ${quotedList(needed.map((bundle) => bundle.locale))}`;
    throw suiteFull('mirrorToWidget', what, storage.backend, plan.before, plan.after, store.budget);
  }
  const skipped = plan.rejected.map(({ index, bytes }) => {
    const bundle = optional[index];
    return { locale: bundle.locale, bytes: bundle.bytes, suiteBytes: bytes };
  });
  return { toWrite: [...needed, ...plan.accepted.map((index) => optional[index])], skipped };
}

// MARK: - Writing

/** `ERR_MIRROR_WRITE` for a failed write, listing the locales written before it. */
function writeFailure(what, cause, written) {
  const error = mirrorError(Error, 'ERR_MIRROR_WRITE', `${what}: ${reason(cause)}`, cause);
  error.written = written.map((entry) => entry.locale);
  return error;
}

/** Writes the bundles in order, then the locale, then the reload request; a failure stops there. */
async function writeMirror(storage, mirror, toWrite) {
  const written = [];
  for (const bundle of toWrite) {
    try {
      await storage.set(bundle.key, bundle.json);
    } catch (cause) {
      const before = written.length === 0 ? 'nothing' : quotedList(written.map((entry) => entry.locale));
      const what =
        `writing the messages of '${bundle.locale}' failed (written before it: ${before}; the locale was not ` +
        `changed and no reload was asked for)`;
      throw writeFailure(what, cause, written);
    }
    written.push({ locale: bundle.locale, key: bundle.key, bytes: bundle.bytes });
  }
  if (mirror.selected !== null) {
    try {
      await writeLocale(storage, mirror.project, mirror.selected, 'mirrorToWidget');
    } catch (cause) {
      const what = `the messages were written, but writing the locale '${mirror.selected}' failed`;
      throw writeFailure(what, cause, written);
    }
  }
  try {
    const reasonText = mirror.reasonFor(written.map((entry) => entry.locale));
    return { written, request: await recordReloadRequest(storage, mirror.project, { reason: reasonText }) };
  } catch (cause) {
    const what = 'the messages and the locale were written, but recording the reload request failed';
    throw writeFailure(what, cause, written);
  }
}

/**
 * Writes each locale's full bundle under `@better-i18n:messages:{project}:{normalised}`: the selected `locale`'s
 * first, then `defaultLocale`'s, then the rest in `locales` order (the two are mirrored too when `locales` lacks
 * them); then the selected locale; then a reload request (`recordReloadRequest`, reason
 * `messages updated: tr, en` and `; locale tr` when the locale changed); then calls `reload()`. So a widget
 * never sees a locale without its messages, and a reload finds everything in place.
 *
 * Every argument is checked, and every bundle fetched (`await core.getMessages(locale)`, no namespace option)
 * and serialised, before anything is written: an invalid locale or project, a bundle that is not an object,
 * an empty one, or one larger or deeper than a widget reads (4 MiB; 64 levels of objects and arrays, which would
 * make it refuse the whole bundle) writes nothing. A bundle is judged by its JSON text, what
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
  const mirror = mirrorArguments(options);
  const { storage, selected, reload } = mirror;
  const fetched = await fetchBundles(mirror);
  const localeChanged =
    selected !== null && (await storedLocale(storage, storageKeys.locale(mirror.project))) !== selected;
  mirror.reasonFor = (tags) => `messages updated: ${tags.join(', ')}` + (localeChanged ? `; locale ${selected}` : '');
  const store = internalStore(storage);
  const plan =
    store && store.kind === 'suite'
      ? await planSuite(store, storage, mirror, fetched)
      : { toWrite: fetched.bundles, skipped: [] };
  const { written, request } = await writeMirror(storage, mirror, plan.toWrite);
  if (reload !== undefined) {
    try {
      await reload();
    } catch (cause) {
      throw mirrorError(Error, 'ERR_RELOAD', `everything was written, but reload() failed: ${reason(cause)}`, cause);
    }
  }
  return {
    project: mirror.project,
    locales: written,
    bytes: written.reduce((sum, entry) => sum + entry.bytes, 0),
    locale: selected,
    reloaded: reload !== undefined,
    skipped: plan.skipped,
    budget: store ? store.budget : null,
    reloadRequest: { key: request.key, id: request.id },
  };
}
