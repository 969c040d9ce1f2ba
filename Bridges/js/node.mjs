// @widget-i18n/bridge/node: the file container backend for Node (a build step, a server, tests, Electron), over
// node:fs. The layout is WidgetI18n's FileGroupStore (Sources/GroupStore/Backends/FileGroupStore.swift): one
// file per key named `keyFileName(key)`, each written to a temporary file `%tmp-<pid>-<random hex>` in the same
// directory (created 0600, exclusive, never through a link), flushed, renamed over the key's file, then the
// directory flushed; directories 0700. Reads refuse links and anything but a regular file.

import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

import { containerStorage, keyOfFileName } from './index.mjs';

/** An error with a `code`, as every error of this module has. */
function failure(Kind, code, message) {
  const error = new Kind(message);
  error.code = code;
  return error;
}

/**
 * The file system of the container in `directory`, synchronous, as `containerStorage` takes it (`name`,
 * `read(name)`, `write(name, bytes)`, `remove(name)`): what `fileStorage` is made of, for code that must write a
 * single file the same way.
 */
export function fileContainer(directory) {
  checkDirectory(directory, 'fileContainer');
  return nodeFileSystem(directory.replace(/(.)\/+$/, '$1'));
}

function checkDirectory(directory, caller) {
  if (typeof directory !== 'string' || directory.length === 0) {
    const message = `${caller}: expected the container directory as a non-empty path, got ${typeof directory}`;
    throw failure(TypeError, 'ERR_INVALID_OPTIONS', message);
  }
}

/** Whether `value` is a Uint8Array (a Buffer is one); never throws, not even for a Proxy. */
function isBytes(value) {
  try {
    return ArrayBuffer.isView(value) && value instanceof Uint8Array;
  } catch {
    return false;
  }
}

/**
 * Checks that `name` is a key's file name (`keyFileName`'s, which `keyOfFileName` reads back): never a path
 * outside the directory, a temporary file or a stray one.
 */
function checkName(name, caller) {
  if (typeof name !== 'string' || keyOfFileName(name) === null) {
    let shown = `a ${typeof name}`;
    if (typeof name === 'string') shown = name.length > 64 ? `'${name.slice(0, 64)}…'` : `'${name}'`;
    const message = `${caller}: expected a key's file name (keyFileName(key)), got ${shown}`;
    throw failure(typeof name === 'string' ? RangeError : TypeError, 'ERR_INVALID_KEY', message);
  }
}

/** Flushes `directory` itself, so that a rename in it is durable. */
function syncDirectory(directory) {
  const descriptor = openSync(directory, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    fsyncSync(descriptor);
  } catch (error) {
    // A file system that cannot flush a directory has nothing to flush (FileGroupStore.syncDirectory).
    if (error.code !== 'EINVAL') throw error;
  } finally {
    closeSync(descriptor);
  }
}

/** The contents of the regular file `path` as UTF-8, or null when there is none; a link is refused. */
function readValue(path) {
  let descriptor;
  try {
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
    if (error.code === 'ELOOP') throw failure(Error, 'ERR_GROUP_STORAGE', `'${path}' is a symbolic link, not a value`);
    throw error;
  }
  try {
    if (!fstatSync(descriptor).isFile()) throw failure(Error, 'ERR_GROUP_STORAGE', `'${path}' is not a regular file`);
    return readFileSync(descriptor, 'utf8');
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Publishes `bytes` as the file `name` of `directory` as FileGroupStore.write does: a new temporary file (0600,
 * exclusive, never through a link), flushed, renamed over the name, the directory flushed.
 */
function publishValue(directory, name, bytes) {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const temporary = join(directory, `%tmp-${process.pid}-${randomBytes(8).toString('hex')}`);
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  const descriptor = openSync(temporary, flags, 0o600);
  try {
    // The mode, whatever the umask.
    fchmodSync(descriptor, 0o600);
    for (let written = 0; written < bytes.length; ) written += writeSync(descriptor, bytes, written);
    fsyncSync(descriptor);
  } catch (error) {
    closeSync(descriptor);
    unlinkSync(temporary);
    throw error;
  }
  closeSync(descriptor);
  try {
    renameSync(temporary, join(directory, name));
  } catch (error) {
    unlinkSync(temporary);
    throw error;
  }
  syncDirectory(directory);
}

function nodeFileSystem(directory) {
  return {
    name: `file container '${directory}'`,
    read(name) {
      checkName(name, 'fileContainer.read');
      return readValue(join(directory, name));
    },
    write(name, bytes) {
      checkName(name, 'fileContainer.write');
      if (!isBytes(bytes)) {
        const message = `fileContainer.write: expected the value as a Uint8Array, got a ${typeof bytes}`;
        throw failure(TypeError, 'ERR_INVALID_VALUE', message);
      }
      publishValue(directory, name, bytes);
    },
    remove(name) {
      checkName(name, 'fileContainer.remove');
      try {
        unlinkSync(join(directory, name));
      } catch (error) {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return;
        throw error;
      }
      syncDirectory(directory);
    },
  };
}

/**
 * A storage over the file container in `directory`, WidgetI18n's on-disk group store, of the shape
 * `groupStorage` returns (the core's `get`/`set`/`remove`, the Expo package's `getItem`/`setItem`/`removeItem`,
 * all promises). Each messages key is written with its freshness stamp; a widget derives the lookup index on its
 * first read. There is no size budget.
 *
 *     const storage = fileStorage('/path/to/group/Library/Application Support/widget-i18n');
 *     await mirrorToWidget({ core, storage, project: 'acme/widgets', locales: ['en', 'tr'], locale: 'tr' });
 *
 * @param {string} directory the container directory; created (0700) on the first write.
 */
export function fileStorage(directory) {
  checkDirectory(directory, 'fileStorage');
  return containerStorage(nodeFileSystem(directory.replace(/(.)\/+$/, '$1')), { caller: 'fileStorage' });
}
