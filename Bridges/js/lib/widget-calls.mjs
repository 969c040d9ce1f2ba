// The calls an app makes when what its widgets show changes: the selected locale (`saveLocaleToWidget`) and a
// reload request (`recordReloadRequest`), over any storage with `set(key, value)`. mirror.mjs builds on them.

import { checkOptions, describe, failure, isObjectLike, isOwnError, member, readOptions, reason } from './errors.mjs';
import { checkKind, normalizeLocaleTag, validateProjectId } from './identifiers.mjs';
import { storageKeys } from './keys.mjs';
import { randomUUID } from './text.mjs';
import { utf8Count } from './utf8.mjs';

/** Checks that `storage` has `set(key, value)`, as `groupStorage`'s storages and the core's own have. */
export function requireStorage(storage, caller) {
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
 * `storage.set(key, text)`, with any failure thrown as an error with a code: this package's own (a storage
 * `groupStorage` made) as it is, anything else as `ERR_GROUP_STORAGE` with it as the cause.
 */
async function writeTo(storage, key, text, caller) {
  try {
    await storage.set(key, text);
  } catch (cause) {
    if (isOwnError(cause)) throw cause;
    throw failure(Error, 'ERR_GROUP_STORAGE', `${caller}: could not write '${key}': ${reason(cause)}`, cause);
  }
}

/** Writes the normalised `locale` under `@better-i18n:locale:{project}`, and nothing else. */
export async function writeLocale(storage, project, normalized, caller) {
  await writeTo(storage, storageKeys.locale(project), normalized, caller);
}

/**
 * Writes `@better-i18n:locale:{project}` with the locale's normalised form (`pt-BR` → `pt-br`), the spelling of
 * the messages key the better-i18n core and this package write, then reloads the widgets through the platform
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
    const message = `saveLocaleToWidget: reload must be a function, got ${describe(reloadWidgets)}`;
    throw failure(TypeError, 'ERR_INVALID_RELOAD', message);
  }
  await writeLocale(storage, project, normalized, 'saveLocaleToWidget');
  if (reloadWidgets !== undefined) {
    try {
      await reloadWidgets();
    } catch (cause) {
      const message = `saveLocaleToWidget: the locale was written, but reload() failed: ${reason(cause)}`;
      throw failure(Error, 'ERR_RELOAD', message, cause);
    }
  }
  return { key, locale: normalized, reloaded: reloadWidgets !== undefined };
}

// MARK: - Reload requests

/** The largest reload request WidgetI18n reads (StorageKey.maximumMetadataSize). */
const MAXIMUM_RELOAD_REQUEST_BYTES = 64 * 1024;

/** A reload request as `ReloadRequest` reads it. */
export function reloadRequestText(kind, reasonText, id = randomUUID(), now = Date.now()) {
  return JSON.stringify({ id, kind, reason: reasonText, requestedAt: now });
}

/** The reason and kind of `recordReloadRequest`'s options, checked. */
function reloadRequestOptions(options) {
  checkOptions(options ?? {}, 'recordReloadRequest');
  const given = readOptions(options ?? {}, ['reason', 'kind'], 'recordReloadRequest');
  const why = given.reason === undefined ? '' : given.reason;
  const kind = given.kind === undefined || given.kind === null ? null : given.kind;
  return { why, kind };
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
  const { why, kind } = reloadRequestOptions(options);
  validateProjectId(project);
  if (kind !== null) checkKind(kind, 'recordReloadRequest');
  if (typeof why !== 'string') {
    const message = `recordReloadRequest: reason must be a string, got ${describe(why)}`;
    throw failure(TypeError, 'ERR_INVALID_REASON', message);
  }
  const request = { id: randomUUID(), kind, reason: why, requestedAt: Date.now() };
  const text = reloadRequestText(request.kind, request.reason, request.id, request.requestedAt);
  if (utf8Count(text) > MAXIMUM_RELOAD_REQUEST_BYTES) {
    throw failure(
      RangeError,
      'ERR_INVALID_REASON',
      `recordReloadRequest: the request would be ${utf8Count(text)} bytes, more than the ` +
        `${MAXIMUM_RELOAD_REQUEST_BYTES} a widget reads; shorten the reason`,
    );
  }
  const key = storageKeys.reloadRequest(project, request.kind);
  await writeTo(storage, key, text, 'recordReloadRequest');
  return { key, ...request };
}
