// The storage contract's keys (Sources/GroupContract/StorageKey.swift; docs/architecture.md, "The storage
// contract"), and which of them derive from a messages key (ContractWriter.derivedKeys): what the bridge writes
// beside a bundle, and what goes with it.

import { checkKind, normalizeLocaleTag, validateProjectId } from './identifiers.mjs';

export const PREFIX = '@better-i18n:';
const PACKAGE_PREFIX = `${PREFIX}widget-i18n:`;
const WRITER = '@widget-i18n/bridge';

/** The largest messages value a WidgetI18n widget reads (`MessageBundle.maximumStoredSize`, 4 MiB). */
export const MAXIMUM_MESSAGES_BYTES = 4 * 1024 * 1024;

/**
 * The deepest nesting of a messages value a WidgetI18n widget reads (`MessageBundle.maximumDepth`,
 * Sources/I18nCore/Bundle/MessageBundle.swift line 33): 64 levels of objects and arrays, the top-level object the
 * first (values.mjs, `nestsTooDeep`, counts them as the reader does).
 */
export const MAXIMUM_MESSAGES_DEPTH = 64;

/** The storage contract's keys (StorageKey.swift), with the project and locale validated and normalised. */
export const storageKeys = Object.freeze({
  /** `@better-i18n:locale:{project}`: the selected locale. */
  locale: (project) => `${PREFIX}locale:${validateProjectId(project)}`,
  /** `@better-i18n:messages:{project}:{normalised locale}`: a locale's messages as a JSON string. */
  messages: (project, locale) => `${PREFIX}messages:${validateProjectId(project)}:${normalizeLocaleTag(locale)}`,
  /** `@better-i18n:manifest:{project}`: the CDN manifest as a JSON string. */
  manifest: (project) => `${PREFIX}manifest:${validateProjectId(project)}`,
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

export const isMessagesKey = (key) => key.startsWith(`${PREFIX}messages:`);

/**
 * The project and locale of a messages key in its normalised spelling (the one the core writes and the keys
 * derived from it describe: ContractWriter.derivedKeys), or null for any other key.
 */
export function messagesLocation(key) {
  if (!isMessagesKey(key)) return null;
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

/**
 * The keys derived from a normalised messages key (ContractWriter.derivedKeys) that the bridge keeps: the
 * freshness stamp it writes after the value; in a container WidgetI18n's fetch metadata, which described the old
 * value and goes before it, as ContractWriter.storeValue removes it; and the lookup index the widget derived, which
 * goes when the messages key is removed. A new value leaves the index to the widget, which trusts one only for the
 * file it was built from and replaces it on its next read (README, "The keys it writes").
 */
export function derivedKeys(location) {
  const { project, locale } = location;
  return {
    stamp: storageKeys.messagesWritten(project, locale),
    fetchMetadata: `${PACKAGE_PREFIX}messages-cache:${project}:${locale}`,
    index: `${PACKAGE_PREFIX}index:${project}:${locale}`,
  };
}

/**
 * The freshness stamp of a messages value of `bytes` UTF-8 bytes: WidgetI18n's reader takes `writtenAt` for the
 * value's time while `size` is its size (RecordedTime.swift, WriteStamp), so a bundle just mirrored wins over an
 * older Expo cache of the same locale.
 */
export const stampText = (bytes, now = Date.now()) => JSON.stringify({ size: bytes, writer: WRITER, writtenAt: now });
