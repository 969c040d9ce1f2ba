// A stand-in for expo-file-system's object API (Expo SDK 54 on: `File`, `Directory`, `Paths`), backed by node:fs
// so that the built widget-i18n can read what the bridge writes through it. It does what the real one does, as
// https://docs.expo.dev/versions/latest/sdk/filesystem/ documents it and expo/expo's packages/expo-file-system
// implements it on iOS, and no more:
// - src/FileSystem.ts: `new File(...uris)` / `new Directory(...uris)` join with `Paths.join`; `name` is the
//   decoded last path component; `Directory.list()` wraps each record of the native `listAsRecords` in a `File` or
//   a `Directory`; `Paths.appleSharedContainers` maps App Group ids to `Directory`s.
// - src/pathUtilities/index.ts and url.ts: `Paths.join` sets the URL's pathname to the joined path, each appended
//   segment with `%`, `\`, newline, carriage return, tab, space, `?` and `#` percent-encoded first.
// - ios/FileSystemFile.swift: `write` is `Data.write(to:)` / `String.write(to:atomically: false)`, in place, not
//   atomic; `text()` reads the file as UTF-8; `exists` is false for a directory; `size` is 0 and
//   `modificationTime` null when there is no file.
// - ios/FileSystemPath.swift: `move(destination)` is `FileManager.moveItem(at:to:)`, which fails when the
//   destination exists, and then points the instance at the destination; `delete()` throws when nothing is there.
// - src/ExpoFileSystem.types.ts: `Directory.create({ intermediates, overwrite, idempotent })` throws when the
//   path exists (unless `overwrite` or `idempotent`) or its parent is missing (unless `intermediates`).
// A native path is the URI's path with its percent escapes decoded, as `URL(string:)` then `.path` give it.
//
// `makeExpoFileSystem({ duringWrite })` calls `duringWrite(path)` halfway through every `write`, when the file
// holds only the first half of its new contents: what a reader in another process could see at that moment.

import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';

/** url.ts's encodePathChars, with the space that newer versions encode too. */
function encodeSegment(segment) {
  return segment
    .replace(/%/g, '%25')
    .replace(/\\/g, '%5C')
    .replace(/\n/g, '%0A')
    .replace(/\r/g, '%0D')
    .replace(/\t/g, '%09')
    .replace(/ /g, '%20')
    .replace(/\?/g, '%3F')
    .replace(/#/g, '%23');
}

const uriOf = (part) => (typeof part === 'string' ? part : part.uri);
const pathOf = (uri) => decodeURIComponent(new URL(uri).pathname);

/** `Data.write(to:)` in place, calling `duringWrite(path)` when the file holds only the first half. */
function writeHalfway(uri, content, duringWrite) {
  const path = pathOf(uri);
  if (existsSync(path) && statSync(path).isDirectory()) throw new Error(`${uri} is a directory`);
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
  const descriptor = openSync(path, 'w');
  try {
    const half = Math.floor(bytes.length / 2);
    writeSync(descriptor, bytes, 0, half);
    duringWrite(path);
    writeSync(descriptor, bytes, half, bytes.length - half);
  } finally {
    closeSync(descriptor);
  }
}

/** FileManager.moveItem's message for a destination that exists. */
const existsMessage = (name, target) =>
  `“${name}” couldn’t be moved to “${basename(dirname(target))}” because an item with the same name ` +
  'already exists.';

/** `Paths` of a file system: `join`, and the App Group containers of `sharedContainers` (id → path). */
function makePaths(fileSystem, sharedContainers) {
  return {
    join(...parts) {
      const [first, ...rest] = parts.map(uriOf);
      const url = new URL(first);
      url.pathname = posix.join(url.pathname, ...rest.map(encodeSegment));
      return url.toString();
    },
    get appleSharedContainers() {
      const result = {};
      for (const [group, path] of Object.entries(sharedContainers)) {
        result[group] = new fileSystem.Directory(pathToFileURL(path).href);
      }
      return result;
    },
  };
}

/** expo-file-system's `File` over `fileSystem` (its calls, its `duringWrite`, its other classes). */
function makeFileClass(fileSystem) {
  class File {
    #uri;
    constructor(...uris) {
      this.#uri = fileSystem.Paths.join(...uris).replace(/\/+$/, '');
    }
    get uri() {
      return this.#uri;
    }
    get name() {
      return basename(pathOf(this.#uri));
    }
    get exists() {
      const path = pathOf(this.#uri);
      return existsSync(path) && statSync(path).isFile();
    }
    get size() {
      return this.exists ? statSync(pathOf(this.#uri)).size : 0;
    }
    get modificationTime() {
      return this.exists ? Math.floor(statSync(pathOf(this.#uri)).mtimeMs) : null;
    }
    create(options = {}) {
      fileSystem.calls.push(['create', this.name]);
      const path = pathOf(this.#uri);
      if (existsSync(path) && !options.overwrite) throw new Error(`File already exists: ${this.#uri}`);
      if (options.intermediates) mkdirSync(dirname(path), { recursive: true });
      closeSync(openSync(path, 'w'));
    }
    write(content) {
      fileSystem.calls.push(['write', this.name]);
      writeHalfway(this.#uri, content, fileSystem.duringWrite);
    }
    async text() {
      return this.textSync();
    }
    textSync() {
      return readFileSync(pathOf(this.#uri), 'utf8');
    }
    async bytes() {
      return this.bytesSync();
    }
    bytesSync() {
      return new Uint8Array(readFileSync(pathOf(this.#uri)));
    }
    delete() {
      fileSystem.calls.push(['delete', this.name]);
      const path = pathOf(this.#uri);
      if (!existsSync(path)) throw new Error(`Unable to delete '${this.#uri}': path does not exist`);
      rmSync(path, { recursive: true });
    }
    move(destination) {
      fileSystem.calls.push(['move', this.name, destination.name]);
      const isDirectory = destination instanceof fileSystem.Directory;
      const target = isDirectory ? join(pathOf(destination.uri), this.name) : pathOf(destination.uri);
      // What FileManager.moveItem says (NSFileWriteFileExistsError).
      if (existsSync(target)) throw new Error(existsMessage(this.name, target));
      renameSync(pathOf(this.#uri), target);
      this.#uri = pathToFileURL(target).href;
    }
  }
  return File;
}

/** expo-file-system's `Directory` over `fileSystem`. */
function makeDirectoryClass(fileSystem) {
  class Directory {
    #uri;
    constructor(...uris) {
      this.#uri = fileSystem.Paths.join(...uris).replace(/\/?$/, '/');
    }
    get uri() {
      return this.#uri;
    }
    get name() {
      return basename(pathOf(this.#uri));
    }
    get exists() {
      const path = pathOf(this.#uri);
      return existsSync(path) && statSync(path).isDirectory();
    }
    create(options = {}) {
      fileSystem.calls.push(['create directory', this.name]);
      const path = pathOf(this.#uri);
      if (existsSync(path)) {
        if (options.idempotent && statSync(path).isDirectory()) return;
        if (!options.overwrite) throw new Error(`Directory already exists: ${this.#uri}`);
        rmSync(path, { recursive: true });
      }
      if (!options.intermediates && !existsSync(dirname(path))) {
        throw new Error(`The parent of ${this.#uri} does not exist`);
      }
      mkdirSync(path, { recursive: Boolean(options.intermediates) });
    }
    delete() {
      const path = pathOf(this.#uri);
      if (!existsSync(path)) throw new Error(`Unable to delete '${this.#uri}': path does not exist`);
      rmSync(path, { recursive: true });
    }
    list() {
      const path = pathOf(this.#uri);
      return readdirSync(path, { withFileTypes: true }).map((entry) => {
        const uri = pathToFileURL(join(path, entry.name)).href;
        return entry.isDirectory() ? new fileSystem.Directory(uri) : new fileSystem.File(uri);
      });
    }
  }
  return Directory;
}

/** `File`, `Directory` and `Paths` over node:fs, and the `calls` made (see above). */
export function makeExpoFileSystem({ duringWrite = () => {}, sharedContainers = {} } = {}) {
  const fileSystem = { calls: [], duringWrite };
  fileSystem.Paths = makePaths(fileSystem, sharedContainers);
  fileSystem.File = makeFileClass(fileSystem);
  fileSystem.Directory = makeDirectoryClass(fileSystem);
  const { File, Directory, Paths, calls } = fileSystem;
  return { File, Directory, Paths, calls };
}
