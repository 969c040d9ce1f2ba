// Fake backends of each shape the module accepts, a fake better-i18n core, and the repository's Locales/.
// The shapes are the real packages' (index.mjs's header cites the files they come from):
// ExtensionStorage (@bacons/apple-targets packages/apple-targets/src/ExtensionStorage.ts) is synchronous;
// react-native-shared-group-preferences (index.js, ios/*.m) takes the App Group on every call and rejects
// getItem with 1 for a missing key.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, from this file's place in Bridges/js/test/support/. */
export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/** ExtensionStorage's shape in memory: synchronous, strings kept as strings, `calls` records every call. */
export class MemoryExtensionStorage {
  constructor(appGroup = 'group.acme.widgets') {
    this.appGroup = appGroup;
    this.values = new Map();
    this.calls = [];
  }

  set(key, value) {
    this.calls.push(['set', key, value]);
    // The real one removes the key for null/undefined and stores objects as JSON Data: the module must
    // never rely on either, so both are failures here.
    if (typeof value !== 'string') throw new TypeError(`not a string: ${typeof value}`);
    this.values.set(key, value);
  }

  get(key) {
    this.calls.push(['get', key]);
    return this.values.has(key) ? this.values.get(key) : null;
  }

  remove(key) {
    this.calls.push(['remove', key]);
    this.values.delete(key);
  }
}

/** react-native-shared-group-preferences' shape: per-group maps, promises, rejection with 1 when missing. */
export function memorySharedGroupPreferences() {
  const groups = new Map();
  const calls = [];
  const group = (name) => {
    if (!groups.has(name)) groups.set(name, new Map());
    return groups.get(name);
  };
  return {
    groups,
    calls,
    async setItem(key, value, appGroup) {
      calls.push(['setItem', key, value, appGroup]);
      if (typeof appGroup !== 'string') throw 0; // the suite cannot be opened
      group(appGroup).set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    },
    async getItem(key, appGroup) {
      calls.push(['getItem', key, appGroup]);
      if (typeof appGroup !== 'string') throw 0;
      const values = group(appGroup);
      if (!values.has(key)) throw 1;
      return values.get(key);
    },
    // Like the real module: a few unrelated methods, and no removeItem.
    isAppInstalledAndroid: async () => false,
  };
}

/** The better-i18n core's normalizeLocale (packages/core/src/utils/locale.ts): lower case, `_` → `-`. */
export const coreNormalizeLocale = (locale) => locale.toLowerCase().replace(/_/g, '-');

/** The sample project's locales as the CDN serves them: `Locales/acme/widgets/<locale>/translations.json`. */
export const sampleProjectDirectory = join(repositoryRoot, 'Locales', 'acme', 'widgets');

export function sampleLocales() {
  const manifest = JSON.parse(readFileSync(join(sampleProjectDirectory, 'manifest.json'), 'utf8'));
  const codes = manifest.languages.map((language) => language.code);
  const directories = readdirSync(sampleProjectDirectory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return { manifest, codes, directories };
}

export function sampleBundle(locale) {
  return JSON.parse(readFileSync(join(sampleProjectDirectory, locale, 'translations.json'), 'utf8'));
}

/**
 * A stand-in for the better-i18n core 0.13 (`createI18nCore`) over Locales/: `getMessages(locale)` with no
 * namespace option answers the whole bundle and, given a `storage`, writes it through as cdn.ts does, under
 * `@better-i18n:messages:{project}:{normalizeLocale(locale)}` (writeToStorage), as `getManifest()` writes
 * `@better-i18n:manifest:{project}`; both JSON strings. `requests` records the locales asked for.
 */
export function fakeCore({ project = 'acme/widgets', storage, bundles } = {}) {
  const requests = [];
  return {
    requests,
    async getMessages(locale, options) {
      requests.push(options === undefined ? [locale] : [locale, options]);
      const safe = coreNormalizeLocale(locale);
      const available = bundles ? Object.keys(bundles) : sampleLocales().directories;
      if (!available.includes(safe)) throw new Error(`404 for ${safe}/translations.json`);
      const messages = bundles ? bundles[safe] : sampleBundle(safe);
      if (storage) await storage.set(`@better-i18n:messages:${project}:${safe}`, JSON.stringify(messages));
      return messages;
    },
    async getManifest() {
      const manifest = sampleLocales().manifest;
      if (storage) await storage.set(`@better-i18n:manifest:${project}`, JSON.stringify(manifest));
      return manifest;
    },
  };
}

/** Every message of a bundle by its dotted key, in nested, flat or mixed layouts alike; arrays hold none. */
export function flattenMessages(messages, prefix = '') {
  const result = [];
  for (const [name, value] of Object.entries(messages)) {
    const key = prefix === '' ? name : `${prefix}.${name}`;
    if (typeof value === 'string') result.push([key, value]);
    else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      result.push(...flattenMessages(value, key));
    }
  }
  return result;
}
