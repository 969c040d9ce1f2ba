// A writer of WidgetI18n's on-disk group store (FileGroupStore), in JavaScript, for the end-to-end test: the
// format is docs/architecture.md, "The group store on disk", as Sources/GroupStore/Backends/FileGroupStore.swift
// and Sources/GroupStore/KeyFileName.swift implement it:
// - one file per key in the container directory; the file name is the key percent-encoded, every UTF-8 byte
//   outside `A-Z a-z 0-9 - . _ ~` as `%XX` in upper-case hex (Python's `urllib.parse.quote(key, safe="")`);
//   an empty key, `.` and `..`, and names over 255 bytes are refused;
// - the contents are the raw value, no trailing newline;
// - a write goes to a temporary file `%tmp-…` in the same directory (never a key's encoding), created 0600,
//   is flushed, renamed over the key's file, and then the directory is flushed; directories are 0700;
// - reads refuse symbolic links and anything but a regular file.
//
// `FileExtensionStorage` gives it the shape of `ExtensionStorage` from @bacons/apple-targets (synchronous
// `set`, `get`, `remove`; packages/apple-targets/src/ExtensionStorage.ts), and
// `FileSharedGroupPreferences` that of react-native-shared-group-preferences (`setItem(key, value, group)`,
// `getItem(key, group)` rejecting with 1 for a missing key; index.js).

import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** A key's file name: its UTF-8 bytes percent-encoded, upper-case hex (KeyFileName.encode). */
export function keyFileName(key) {
  if (typeof key !== 'string' || key.length === 0) throw new TypeError('FileGroupStore: the key is empty');
  if (key === '.' || key === '..') throw new TypeError("FileGroupStore: '.' and '..' are not keys");
  let name = '';
  for (const byte of Buffer.from(key, 'utf8')) {
    const character = String.fromCharCode(byte);
    const escaped = `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    name += byte < 0x80 && UNRESERVED.test(character) ? character : escaped;
  }
  if (Buffer.byteLength(name) > 255) {
    throw new RangeError(`FileGroupStore: the key '${key}' is longer than 255 bytes once percent-encoded`);
  }
  return name;
}

/** The key a file name encodes canonically, or null (KeyFileName.decode). */
export function keyOfFileName(name) {
  const bytes = [];
  for (let index = 0; index < name.length; ) {
    if (name[index] === '%') {
      const hex = name.slice(index + 1, index + 3);
      if (!/^[0-9A-F]{2}$/.test(hex)) return null;
      const byte = parseInt(hex, 16);
      if (byte < 0x80 && UNRESERVED.test(String.fromCharCode(byte))) return null;
      bytes.push(byte);
      index += 3;
    } else {
      if (!UNRESERVED.test(name[index])) return null;
      bytes.push(name.charCodeAt(index));
      index += 1;
    }
  }
  if (bytes.length === 0) return null;
  const key = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
  return key === '.' || key === '..' ? null : key;
}

/** A container directory in FileGroupStore's format. */
export class FileGroupStore {
  constructor(directory) {
    this.directory = directory.replace(/(.)\/+$/, '$1');
  }

  /** Writes `value` (a string, as UTF-8) atomically: temporary file, flush, rename, directory flush. */
  write(key, value) {
    const path = join(this.directory, keyFileName(key));
    mkdirSync(this.directory, { recursive: true, mode: 0o700 });
    const temporary = join(this.directory, `%tmp-${process.pid}-${randomBytes(8).toString('hex')}`);
    const descriptor = openSync(
      temporary,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    try {
      const bytes = Buffer.from(value, 'utf8');
      for (let written = 0; written < bytes.length; ) written += writeSync(descriptor, bytes, written);
      fsyncSync(descriptor);
    } catch (error) {
      closeSync(descriptor);
      unlinkSync(temporary);
      throw error;
    }
    closeSync(descriptor);
    try {
      renameSync(temporary, path);
    } catch (error) {
      unlinkSync(temporary);
      throw error;
    }
    this.#syncDirectory();
  }

  /** The value as a string, or null when the key has no file; links and non-files are errors. */
  read(key) {
    const path = join(this.directory, keyFileName(key));
    let descriptor;
    try {
      descriptor = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    } catch (error) {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
      throw error;
    }
    try {
      if (!fstatSync(descriptor).isFile()) throw new Error(`FileGroupStore: '${path}' is not a regular file`);
      return readFileSync(descriptor, 'utf8');
    } finally {
      closeSync(descriptor);
    }
  }

  remove(key) {
    try {
      unlinkSync(join(this.directory, keyFileName(key)));
    } catch (error) {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return;
      throw error;
    }
    this.#syncDirectory();
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

  #syncDirectory() {
    const descriptor = openSync(this.directory, constants.O_RDONLY | constants.O_DIRECTORY);
    try {
      fsyncSync(descriptor);
    } catch (error) {
      if (error.code !== 'EINVAL') throw error;
    } finally {
      closeSync(descriptor);
    }
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
