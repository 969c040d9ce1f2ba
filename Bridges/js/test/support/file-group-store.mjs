// WidgetI18n's on-disk group store (FileGroupStore) for the tests, over the module's own implementation of the
// layout (node.mjs `fileContainer`, index.mjs `keyFileName` and `keyOfFileName`), with backends of the two suite
// shapes on top, so that the suite code paths (the ledger, no index) can be read by the built widget-i18n too:
// `FileExtensionStorage` has the shape of `ExtensionStorage` from @bacons/apple-targets (synchronous `set`, `get`,
// `remove`; packages/apple-targets/src/ExtensionStorage.ts), and `FileSharedGroupPreferences` that of
// react-native-shared-group-preferences (`setItem(key, value, group)`, `getItem(key, group)` rejecting with 1 for
// a missing key; index.js).

import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { keyFileName, keyOfFileName } from '../../index.mjs';
import { fileContainer } from '../../node.mjs';

export { keyFileName, keyOfFileName };

/** A container directory in FileGroupStore's format, synchronous. */
export class FileGroupStore {
  constructor(directory) {
    this.directory = directory.replace(/(.)\/+$/, '$1');
    this.files = fileContainer(this.directory);
  }

  /** Writes `value` (a string, as UTF-8) atomically: temporary file, flush, rename, directory flush. */
  write(key, value) {
    this.files.write(keyFileName(key), Buffer.from(value, 'utf8'));
  }

  /** The value as a string, or null when the key has no file; links and non-files are errors. */
  read(key) {
    return this.files.read(keyFileName(key));
  }

  remove(key) {
    this.files.remove(keyFileName(key));
  }

  /** Every key, sorted: the files whose names are canonical key encodings. */
  keys() {
    let names;
    try {
      names = readdirSync(this.directory);
    } catch (error) {
      if (error.code === 'ENOENT') return [];
      throw error;
    }
    return names.map(keyOfFileName).filter((key) => key !== null).sort();
  }
}

/**
 * ExtensionStorage's shape over a FileGroupStore. Like the real one it is synchronous; unlike it, a value
 * that is not a string is an error rather than `Data` (which a widget's `string(forKey:)` reads as nil) or a
 * removal (`null`), so a test sees the module pass anything but a string.
 */
export class FileExtensionStorage {
  constructor(directory) {
    this.store = new FileGroupStore(directory);
  }

  set(key, value) {
    if (typeof value !== 'string') {
      throw new TypeError(
        `FileExtensionStorage: '${key}' got ${typeof value}; ExtensionStorage would not store a String`,
      );
    }
    this.store.write(key, value);
  }

  get(key) {
    return this.store.read(key);
  }

  remove(key) {
    this.store.remove(key);
  }
}

/** react-native-shared-group-preferences' shape over FileGroupStores, one per App Group under `root`. */
export class FileSharedGroupPreferences {
  constructor(root) {
    this.root = root;
  }

  storeOf(appGroup) {
    return new FileGroupStore(join(this.root, appGroup));
  }

  async setItem(key, value, appGroup) {
    // The library stores String(value), JSON for objects; the module always passes strings.
    this.storeOf(appGroup).write(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }

  async getItem(key, appGroup) {
    const value = this.storeOf(appGroup).read(key);
    // ios/*.m: a missing key rejects with 1.
    if (value === null) throw 1;
    return value;
  }
}
