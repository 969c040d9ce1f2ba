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

/**
 * A `Directory` of expo-file-system (SDK 54 on), such as
 * `new Directory(Paths.appleSharedContainers[group], 'Library', 'Application Support', 'widget-i18n')`:
 * told by its `list`, `create`, `uri` and `exists`.
 */
export interface ExpoDirectoryLike {
  readonly uri: string;
  readonly exists: boolean;
  create(options?: { intermediates?: boolean; overwrite?: boolean; idempotent?: boolean }): void;
  list(): unknown[];
}

/** The part of an expo-file-system `File` the Expo backend uses. */
export interface ExpoFileLike {
  readonly exists: boolean;
  text(): Promise<string> | string;
  write(content: Uint8Array | string): void;
  move(destination: ExpoFileLike): void;
  delete(): void;
}

/** expo-file-system's `File` class: `new File(directory, name)`. */
export type ExpoFileClass = new (directory: ExpoDirectoryLike, name: string) => ExpoFileLike;

export interface GroupStorageOptions {
  /**
   * The App Group id (`group.acme.widgets`); required with react-native-shared-group-preferences. Whenever given it
   * must be one WidgetI18n accepts (`GroupContainer.validateGroupIdentifier`): 1 to 200 ASCII letters, digits, `.`,
   * `-` and `_`, not starting with `.`; else `ERR_INVALID_OPTIONS`.
   */
  appGroup?: string;
  /** The most a `UserDefaults` suite may hold, in bytes (`SUITE_BUDGET_BYTES` by default); suites only. */
  budget?: number;
  /** expo-file-system's `File` class; required with an expo-file-system `Directory`. */
  File?: ExpoFileClass;
  /**
   * How to reload the widgets once what they show changed (WidgetKit's `WidgetCenter`, through a native module);
   * for ExtensionStorage, its class's `reloadWidget()` by default.
   */
  reload?: () => unknown;
}

/**
 * A file system a file container can be written through (`containerStorage`). Each method may return a promise.
 * Names are `keyFileName(key)`.
 */
export interface ContainerFileSystem {
  /** How errors name it, such as `file container '/path'`. */
  readonly name: string;
  /** The file's contents as a string, or null when there is none. */
  read(name: string): string | null | Promise<string | null>;
  /**
   * Publishes `bytes` whole under `name` as a new file, so that no reader ever sees part of them (a temporary file,
   * then a rename). What it returns is not used.
   */
  write(name: string, bytes: Uint8Array): unknown;
  /** Removes the file; nothing there is not an error. */
  remove(name: string): unknown;
}

/**
 * A store both better-i18n JavaScript SDKs accept: the core's `TranslationStorage` (`get`, `set`, `remove`) and
 * the Expo package's (`getItem`, `setItem`, `removeItem`), writing into the App Group.
 */
export interface GroupStorage {
  /**
   * Every method refuses a key with a lone surrogate (`ERR_INVALID_KEY`), which UTF-8 cannot hold: it would name
   * another key's value (`'a\uD800'` and `'a\uFFFD'` one file), so it reads, writes and removes nothing.
   */
  get(key: string): Promise<string | null>;
  /**
   * A string is stored as it is. Anything else is stored as its JSON text, which is what is judged: none (a
   * function, a symbol) or one `JSON.stringify` throws on (a BigInt, a cycle, a throwing `toJSON` or getter) is
   * `ERR_INVALID_VALUE`, and under a messages key the JSON must be a bundle (`ERR_INVALID_MESSAGES`,
   * `ERR_EMPTY_MESSAGES`, `ERR_MESSAGES_TOO_DEEP` past the 64 levels a widget reads); the text, a string's or the
   * JSON's, must have no lone surrogate (`ERR_INVALID_VALUE`: it would be stored altered). Nothing is written then.
   */
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
  /** A suite's budget in bytes; null for a file container, which has none. */
  readonly budget: number | null;
  /** How the platform reloads the widgets (`options.reload`, ExtensionStorage's `reloadWidget`), if known. */
  readonly reloadWidgets: (() => unknown) | undefined;
}

/** Anything with `set(key, value)`: what `groupStorage` returns, or the core's own storage. */
export interface WritableStorage {
  set(key: string, value: string): unknown;
}

/**
 * The part of the better-i18n core (`createI18nCore`) that `mirrorToWidget` uses. A bundle is judged by its JSON
 * text: an object with at least one message (a string member at any depth of objects), else `ERR_INVALID_MESSAGES`
 * (not an object, or `JSON.stringify` throws) or `ERR_EMPTY_MESSAGES`; nested no deeper than a widget reads, 64
 * levels of objects and arrays with the top-level object the first, else `ERR_MESSAGES_TOO_DEEP`.
 */
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
  /** The locale to select: its bundle is written first (mirrored too when `locales` lacks it), it is written last. */
  locale?: string;
  /** The app's default locale: its bundle is written second (mirrored too when `locales` lacks it). */
  defaultLocale?: string;
  /**
   * Called once everything is written, e.g. `() => ExtensionStorage.reloadWidget('today')`; by default the
   * storage's `reloadWidgets` (`groupStorage`: ExtensionStorage's own, or `options.reload`).
   */
  reload?: () => unknown;
}

export interface MirrorSummary {
  project: string;
  /** Each bundle written, in order (selected, default, the rest): the normalised locale, key, UTF-8 size. */
  locales: { locale: string; key: string; bytes: number }[];
  /** The bytes of every bundle written. */
  bytes: number;
  /** The locale written under `@better-i18n:locale:{project}`, normalised, or null when none was given. */
  locale: string | null;
  /** Whether `reload` was called. */
  reloaded: boolean;
  /**
   * The bundles left out because they did not fit a suite's budget: UTF-8 size, and how many bytes the messages and
   * their stamp would have added to the suite at their turn, as its budget counts it. Always empty over a file
   * container.
   */
  skipped: { locale: string; bytes: number; suiteBytes: number }[];
  /** The suite's budget, or null over a file container. */
  budget: number | null;
  /** The reload request recorded after the writes. */
  reloadRequest: { key: string; id: string };
}

export interface ReloadRequestOptions {
  /** Why, for people: `messages updated: tr, en`. */
  reason?: string;
  /** The widget kind to reload; every kind when absent. No `:`, no control characters. */
  kind?: string | null;
}

export interface ReloadRequest {
  key: string;
  /** A fresh version 4 UUID. */
  id: string;
  kind: string | null;
  reason: string;
  /** `Date.now()` when it was recorded, in milliseconds. */
  requestedAt: number;
}

/**
 * Every error the module throws carries a `code`: `ERR_INVALID_LOCALE`, `ERR_GROUP_STORAGE`, `ERR_SUITE_FULL`, …
 * (README.md, Errors), whatever it was given.
 */
export interface BridgeError extends Error {
  code: string;
  /** What a wrapped error wraps: a backend's or the core's failure, what `JSON.stringify` threw. */
  cause?: unknown;
  /** `ERR_MIRROR_WRITE`: the locales whose bundles were written before the failure. */
  written?: string[];
  /** `ERR_SUITE_FULL` from a write: the key refused. */
  key?: string;
  /** `ERR_SUITE_FULL`: the suite's size as counted before, what it would have become, and its budget. */
  counted?: number;
  bytes?: number;
  budget?: number;
}

/** The largest messages value a WidgetI18n widget reads: 4 MiB. */
export const MAXIMUM_MESSAGES_BYTES: number;

/** The size at which iOS and watchOS refuse a `UserDefaults` suite (and then drop writes silently). */
export const SUITE_LIMITS: { readonly iOS: 4194304; readonly watchOS: 1048576 };

/** The default budget of a suite: iOS's limit less a sixteenth, 3932160 bytes. */
export const SUITE_BUDGET_BYTES: number;

/**
 * What an entry's key and string value take as objects of a suite's binary property list; the references and
 * offsets around them are counted with the whole suite (docs/architecture.md, "A suite's budget").
 */
export function suiteEntryBytes(key: string, value: string): number;

export function groupStorage(
  backend: ExtensionStorageLike | SharedGroupPreferencesLike | ExpoDirectoryLike,
  options?: GroupStorageOptions,
): GroupStorage;

/**
 * A storage over a file container of your own file system (Node's is `fileStorage`, Expo's a `Directory`).
 * `caller`, a non-empty string, is the name its errors start with.
 */
export function containerStorage(fileSystem: ContainerFileSystem, options?: { caller?: string }): GroupStorage;

/** Records a request that widgets reload: `@better-i18n:widget-i18n:reload:{project}[:{kind}]`. */
export function recordReloadRequest(
  storage: WritableStorage,
  project: string,
  options?: ReloadRequestOptions,
): Promise<ReloadRequest>;

/** Writes the locale, then reloads the widgets: `options.reload`, else the storage's `reloadWidgets`. */
export function saveLocaleToWidget(
  storage: WritableStorage,
  project: string,
  locale: string,
  options?: { reload?: () => unknown },
): Promise<{ key: string; locale: string; reloaded: boolean }>;

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
  /** The freshness stamp of a locale's messages: `{"size", "writer", "writtenAt"}`. */
  readonly messagesWritten: (project: string, locale: string) => string;
  readonly reloadRequest: (project: string, kind?: string | null) => string;
  /** `@better-i18n:widget-i18n:suite-ledger`. */
  readonly suiteLedger: string;
};

/**
 * A key's file name in a file container (`KeyFileName.encode`); throws `ERR_INVALID_KEY` for one it cannot hold
 * (`.`, `..`, a lone surrogate, over 255 bytes).
 */
export function keyFileName(key: string): string;

/** The key a file name encodes, or null for a temporary or stray file. */
export function keyOfFileName(name: string): string | null;

/** The UTF-8 length of a string (`ERR_INVALID_VALUE` for anything else). */
export function utf8Length(text: string): number;
