// The storages an app hands the better-i18n SDKs: `groupStorage` (told by the backend's shape) and
// `containerStorage` (a file system of the app's own), each the core's and the Expo package's interfaces at once.
// What the SDKs on the other side expect is from their public code:
// - @better-i18n/core 0.13 (better-i18n/oss packages/core/src/cdn.ts, types.ts): storage `{get(k), set(k, v:
//   string), remove?(k)}`, all promises.
// - @better-i18n/expo 0.9 (packages/expo/src/storage.ts, helpers.ts, types.ts): storage `{getItem, setItem,
//   removeItem}`, passed on to the core as its `get`/`set`; `storageAdapter` tells MMKV (`getString`, `set`,
//   `delete`) from AsyncStorage (`getItem`, `setItem`, `removeItem`) by shape.

import { checkAppGroup } from './identifiers.mjs';
import { containerStore } from './container-store.mjs';
import { checkOptions, describe, failure, isObjectLike, readOptions, reason } from './errors.mjs';
import { expoFileSystem, isExpoDirectory } from './expo-file-system.mjs';
import { suiteSerializer } from './serial.mjs';
import { checkBudget } from './suite-budget.mjs';
import { extensionStorageBackend, sharedGroupPreferencesBackend, suiteStore } from './suite-store.mjs';
import { checkWellFormed, quotedKey } from './text.mjs';
import { storedString } from './values.mjs';

/** What `mirrorToWidget` asks of a storage this package made: its kind, budget and plan. */
export const INTERNAL = Symbol('@widget-i18n/bridge storage');

/**
 * Checks that `key` is a non-empty string UTF-8 can hold: one with a lone surrogate is refused for every storage,
 * in get and remove as in set, so that it never reads, writes or removes another key's value.
 */
function checkKey(key) {
  if (typeof key !== 'string' || key.length === 0) {
    throw failure(TypeError, 'ERR_INVALID_KEY', `Expected a storage key as a non-empty string, got ${describe(key)}`);
  }
  checkWellFormed(key, 'ERR_INVALID_KEY', () => `Invalid key ${quotedKey(key)}`, '; no widget could read it');
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

/** Whether `fileSystem` has `containerStorage`'s members; a file system whose members cannot be read has not. */
function isFileSystem(fileSystem, caller) {
  try {
    return (
      isObjectLike(fileSystem) &&
      typeof fileSystem.name === 'string' &&
      ['read', 'write', 'remove'].every((name) => typeof fileSystem[name] === 'function')
    );
  } catch (cause) {
    const message = `${caller}: inspecting the file system threw: ${reason(cause)}`;
    throw failure(TypeError, 'ERR_UNKNOWN_BACKEND', message, cause);
  }
}

/**
 * A storage over a file container of your own file system: `fileSystem.read(name)` (the file's contents as a
 * string, or null when there is none), `fileSystem.write(name, bytes)` (publishes the bytes whole under `name` as
 * a new file, a temporary one then a rename, so that no reader ever sees part of them), `fileSystem.remove(name)`
 * (no error when there is nothing), each synchronous or returning a promise, and `fileSystem.name` (how errors name
 * it). Names are `keyFileName(key)`; the storage writes each messages key's stamp beside it. `fileStorage` (Node)
 * and the Expo `Directory` backend are two.
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
  if (!isFileSystem(fileSystem, caller)) {
    throw failure(
      TypeError,
      'ERR_UNKNOWN_BACKEND',
      `${caller}: expected a file system with name, read(name), write(name, bytes) and remove(name), got ` +
        `${describe(fileSystem)}`,
    );
  }
  return storageOver(containerStore(fileSystem, caller));
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

/** `ExtensionStorage.reloadWidget` of `backend`'s class, bound to it, or undefined when it has none. */
function extensionStorageReload(backend) {
  const owner = Object.getPrototypeOf(backend)?.constructor;
  const reloadWidget = typeof owner === 'function' ? owner.reloadWidget : undefined;
  return typeof reloadWidget === 'function' ? () => reloadWidget.call(owner) : undefined;
}

/** The container behind an expo-file-system `Directory`, which takes `options.File` and no budget. */
function expoStorage(directory, { File, budget }, reloadWidgets) {
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
  return storageOver(containerStore(expoFileSystem(directory, File), 'groupStorage'), reloadWidgets);
}

/** The suite behind ExtensionStorage (`extension`) or react-native-shared-group-preferences (`shared`). */
function suiteStorage(backend, shape, { appGroup, budget }, reloadWidgets) {
  const checkedBudget = checkBudget(budget);
  if (shape === 'shared' && appGroup === undefined) {
    throw failure(
      TypeError,
      'ERR_UNKNOWN_BACKEND',
      `groupStorage: a getItem/setItem backend is taken for react-native-shared-group-preferences, which needs ` +
        `options.appGroup (the App Group id, such as 'group.acme.widgets'); AsyncStorage is not shared with widgets`,
    );
  }
  const store =
    shape === 'extension' ? extensionStorageBackend(backend) : sharedGroupPreferencesBackend(backend, appGroup);
  const run = suiteSerializer(backend, appGroup === undefined ? '' : appGroup);
  return storageOver(suiteStore(store, checkedBudget, 'groupStorage', run), reloadWidgets);
}

/**
 * Adapts an App Group store to the storage interfaces of the better-i18n core (`get`, `set`, `remove`) and of
 * the Expo package (`getItem`, `setItem`, `removeItem`); every method returns a promise, and values are always
 * written as strings. `backend` is, told by its shape:
 * - an expo-file-system `Directory` in the App Group container, with `options.File` (expo-file-system's `File`):
 *   the file container, where a widget keeps each bundle's lookup index beside it;
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
  const given = readOptions(options, ['appGroup', 'budget', 'File', 'reload'], 'groupStorage');
  if (given.appGroup !== undefined) checkAppGroup(given.appGroup, 'groupStorage');
  if (given.reload !== undefined && typeof given.reload !== 'function') {
    const message = `groupStorage: options.reload must be a function, got ${describe(given.reload)}`;
    throw failure(TypeError, 'ERR_INVALID_OPTIONS', message);
  }
  const shape = backendShape(backend);
  const reloadWidgets = given.reload ?? (shape === 'extension' ? extensionStorageReload(backend) : undefined);
  if (shape === 'expo') return expoStorage(backend, given, reloadWidgets);
  if (shape === null) {
    checkBudget(given.budget);
    throw failure(
      TypeError,
      'ERR_UNKNOWN_BACKEND',
      `groupStorage: expected ExtensionStorage from @bacons/apple-targets (get, set, remove), ` +
        `react-native-shared-group-preferences (getItem, setItem, with options.appGroup) or an expo-file-system ` +
        `Directory (list, create, uri, exists, with options.File), got ${describe(backend)}`,
    );
  }
  return suiteStorage(backend, shape, given, reloadWidgets);
}
