// Type declarations of @widget-i18n/bridge (index.mjs). See README.md for the key spellings and examples.

/** `ExtensionStorage` from @bacons/apple-targets, or any store of its shape (synchronous or not). */
export interface ExtensionStorageLike {
  get(key: string): string | null | undefined | Promise<string | null | undefined>;
  set(key: string, value: string): unknown;
  remove(key: string): unknown;
}

/** The default export of react-native-shared-group-preferences (static methods taking the App Group). */
export interface SharedGroupPreferencesLike {
  getItem(key: string, appGroup: string, options?: unknown): Promise<unknown>;
  setItem(key: string, value: string, appGroup: string, options?: unknown): Promise<unknown>;
}

export interface GroupStorageOptions {
  /** The App Group id (`group.com.acme.app`); required with react-native-shared-group-preferences. */
  appGroup?: string;
}

/**
 * A store both better-i18n JavaScript SDKs accept: the core's `TranslationStorage` (`get`, `set`, `remove`) and
 * the Expo package's (`getItem`, `setItem`, `removeItem`), writing into the App Group.
 */
export interface GroupStorage {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  /**
   * With react-native-shared-group-preferences, which cannot remove keys, the locale key is cleared by
   * writing "" (what every reader takes for no locale) and any other key rejects with `ERR_REMOVE_UNSUPPORTED`.
   */
  remove(key: string): Promise<void>;
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
  /** Which backend it writes to, for messages. */
  readonly backend: string;
}

/** Anything with `set(key, value)`: what `groupStorage` returns, or the core's own storage. */
export interface WritableStorage {
  set(key: string, value: string): unknown;
}

/** The part of the better-i18n core (`createI18nCore`) that `mirrorToWidget` uses. */
export interface MessagesSource {
  getMessages(locale: string): Promise<Record<string, unknown>> | Record<string, unknown>;
}

export interface MirrorOptions {
  /** The better-i18n core, created without `namespaces` so that `getMessages(locale)` is the whole bundle. */
  core: MessagesSource;
  storage: WritableStorage;
  /** `org/project` or a project UUID. */
  project: string;
  /** The locales whose bundles to write, in any spelling (`pt-BR`, `pt_BR`). */
  locales: readonly string[];
  /** The locale to select, written after every bundle (its own first, when `locales` lacks it). */
  locale?: string;
  /** Called once everything is written, e.g. `() => ExtensionStorage.reloadWidget('today')`. */
  reload?: () => unknown;
}

export interface MirrorSummary {
  project: string;
  /** Each bundle written, in order: the normalised locale, its key and its size in UTF-8 bytes. */
  locales: { locale: string; key: string; bytes: number }[];
  /** The bytes of every bundle written. */
  bytes: number;
  /** The locale written under `@better-i18n:locale:{project}`, normalised, or null when none was given. */
  locale: string | null;
  /** Whether `reload` was called. */
  reloaded: boolean;
}

/** Errors carry a `code`: `ERR_INVALID_LOCALE`, `ERR_GROUP_STORAGE`, `ERR_MIRROR_WRITE`, … (README.md). */
export interface BridgeError extends Error {
  code: string;
  cause?: unknown;
  /** `ERR_MIRROR_WRITE`: the locales whose bundles were written before the failure. */
  written?: string[];
}

/** The largest messages value a WidgetI18n widget reads: 4 MiB. */
export const MAXIMUM_MESSAGES_BYTES: number;

export function groupStorage(
  backend: ExtensionStorageLike | SharedGroupPreferencesLike,
  options?: GroupStorageOptions,
): GroupStorage;

export function saveLocaleToWidget(
  storage: WritableStorage,
  project: string,
  locale: string,
): Promise<{ key: string; locale: string }>;

export function mirrorToWidget(options: MirrorOptions): Promise<MirrorSummary>;

/** Validates a BCP 47 tag as WidgetI18n's `LocaleTag` does and returns its normalised form (`pt-br`). */
export function normalizeLocaleTag(text: string): string;

/** Validates `org/project` or a UUID as WidgetI18n's `ProjectID` does and returns it unchanged. */
export function validateProjectId(text: string): string;

/** The storage contract's keys, project and locale validated, the locale normalised. */
export const storageKeys: {
  readonly locale: (project: string) => string;
  readonly messages: (project: string, locale: string) => string;
  readonly manifest: (project: string) => string;
};

/** The UTF-8 length of a string. */
export function utf8Length(text: string): number;
