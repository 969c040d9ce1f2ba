// The file container backends: fileStorage (node.mjs, over node:fs), the expo-file-system Directory backend of
// groupStorage (over support/expo-file-system.mjs, a fake of the documented API backed by node:fs), and the core
// both share, containerStorage, over a recording file system.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, test } from 'node:test';

import { containerStorage, groupStorage, keyFileName, keyOfFileName, storageKeys } from '../index.mjs';
import { fileStorage } from '../node.mjs';
import { makeExpoFileSystem } from './support/expo-file-system.mjs';
import { sampleBundle } from './support/fakes.mjs';
import { temporaryRoot } from './support/temporary.mjs';

const PROJECT = 'acme/widgets';
const MESSAGES_KEY = storageKeys.messages(PROJECT, 'tr');
/** The lookup index a widget derives and keeps beside the messages (ContractWriter.derivedKeys); never the bridge. */
const INDEX_KEY = '@better-i18n:widget-i18n:index:acme/widgets:tr';
const STAMP_KEY = storageKeys.messagesWritten(PROJECT, 'tr');
const FETCH_METADATA_KEY = '@better-i18n:widget-i18n:messages-cache:acme/widgets:tr';
const BUNDLE = JSON.stringify(sampleBundle('tr'));

const fresh = temporaryRoot('widget-i18n-bridge-containers-');
const freshDirectory = () => fresh('container', 'Library', 'Application Support', 'widget-i18n');
const fileOf = (directory, key) => join(directory, keyFileName(key));
const keysIn = (directory) => readdirSync(directory).map(keyOfFileName);

/** A file system that records every call, in memory, for containerStorage. */
function recordingFileSystem({ asynchronous = false } = {}) {
  const files = new Map();
  const calls = [];
  const answer = (value) => (asynchronous ? Promise.resolve(value) : value);
  return {
    files,
    calls,
    name: 'memory container',
    read: (name) => answer(files.has(name) ? new TextDecoder().decode(files.get(name)) : null),
    write(name, bytes) {
      calls.push(['write', keyOfFileName(name)]);
      files.set(name, Uint8Array.from(bytes));
      return answer(undefined);
    },
    remove(name) {
      calls.push(['remove', keyOfFileName(name)]);
      files.delete(name);
      return answer(undefined);
    },
  };
}

describe('containerStorage', () => {
  for (const asynchronous of [false, true]) {
    const flavour = asynchronous ? 'promises' : 'synchronous';
    test(`writes a messages key, then its stamp, the fetch metadata of the old value first (${flavour})`, async () => {
      const fileSystem = recordingFileSystem({ asynchronous });
      const storage = containerStorage(fileSystem);
      await storage.set(MESSAGES_KEY, BUNDLE);
      // No lookup index: the widget derives one on its first read, and keeps it.
      assert.deepEqual(fileSystem.calls, [
        ['remove', FETCH_METADATA_KEY],
        ['write', MESSAGES_KEY],
        ['write', STAMP_KEY],
      ]);
      assert.equal(await storage.get(MESSAGES_KEY), BUNDLE);
    });
  }

  test('stamps the messages value with its UTF-8 size and the time it was written', async () => {
    const fileSystem = recordingFileSystem();
    const storage = containerStorage(fileSystem);
    const before = Date.now();
    await storage.set(MESSAGES_KEY, BUNDLE);
    const stamp = JSON.parse(await storage.get(STAMP_KEY));
    assert.deepEqual(Object.keys(stamp), ['size', 'writer', 'writtenAt']);
    assert.equal(stamp.size, Buffer.byteLength(BUNDLE));
    assert.equal(stamp.writer, '@widget-i18n/bridge');
    assert.ok(Number.isInteger(stamp.writtenAt) && stamp.writtenAt >= before && stamp.writtenAt <= Date.now());
  });

  test('stamps a value that is no bundle too, and writes no derived keys for other spellings or keys', async () => {
    const fileSystem = recordingFileSystem();
    const storage = containerStorage(fileSystem);
    await storage.set(MESSAGES_KEY, 'not json');
    assert.equal(JSON.parse(await storage.get(STAMP_KEY)).size, 8);
    fileSystem.calls.length = 0;
    await storage.set('@better-i18n:messages:acme/widgets:pt-BR', BUNDLE);
    await storage.set('@better-i18n:manifest:acme/widgets', '{}');
    await storage.set('@better-i18n:acme/widgets:tr:translations', BUNDLE);
    assert.deepEqual(fileSystem.calls, [
      ['write', '@better-i18n:messages:acme/widgets:pt-BR'],
      ['write', '@better-i18n:manifest:acme/widgets'],
      ['write', '@better-i18n:acme/widgets:tr:translations'],
    ]);
  });

  test('removes a messages key with everything derived from it, the index a widget derived too', async () => {
    const fileSystem = recordingFileSystem();
    const storage = containerStorage(fileSystem);
    await storage.set(MESSAGES_KEY, BUNDLE);
    fileSystem.calls.length = 0;
    await storage.removeItem(MESSAGES_KEY);
    assert.deepEqual(fileSystem.calls, [
      ['remove', MESSAGES_KEY],
      ['remove', INDEX_KEY],
      ['remove', FETCH_METADATA_KEY],
      ['remove', STAMP_KEY],
    ]);
    assert.equal(fileSystem.files.size, 0);
  });

  test('refuses keys a container cannot hold before anything is written', async () => {
    const fileSystem = recordingFileSystem();
    const storage = containerStorage(fileSystem);
    for (const key of ['.', '..', 'x'.repeat(256), `@better-i18n:messages:acme/widgets:${'a'.repeat(300)}`]) {
      await assert.rejects(storage.set(key, 'v'), { code: 'ERR_INVALID_KEY' }, key.slice(0, 20));
    }
    await assert.rejects(storage.get(''), { code: 'ERR_INVALID_KEY' });
    assert.deepEqual(fileSystem.calls, []);
  });

  test('a failing file system is reported with the operation, the key and the container', async () => {
    const cause = new Error('EROFS: read-only file system');
    const storage = containerStorage(
      {
        name: "file container '/ro'",
        read: () => {
          throw cause;
        },
        write: () => Promise.reject(cause),
        remove: () => {},
      },
      { caller: 'fileStorage' },
    );
    await assert.rejects(storage.set('@better-i18n:locale:acme/widgets', 'tr'), {
      code: 'ERR_GROUP_STORAGE',
      message:
        "fileStorage: could not write '@better-i18n:locale:acme/widgets' in file container '/ro': " +
        'EROFS: read-only file system',
    });
    await assert.rejects(
      storage.get('k'),
      (error) => error.cause === cause && /could not read 'k'/.test(error.message),
    );
  });

  test('takes only a file system of the documented shape', () => {
    const incomplete = [undefined, {}, { name: 'x', read() {}, write() {} }, { read() {}, write() {}, remove() {} }];
    for (const fileSystem of incomplete) {
      assert.throws(() => containerStorage(fileSystem), { name: 'TypeError', code: 'ERR_UNKNOWN_BACKEND' });
    }
    assert.throws(() => containerStorage(recordingFileSystem(), 'x'), { code: 'ERR_INVALID_OPTIONS' });
  });
});

describe('fileStorage (Node)', () => {
  test("serves both SDKs' interfaces, and writes one file per key in FileGroupStore's layout", async () => {
    const directory = freshDirectory();
    const storage = fileStorage(`${directory}//`);
    for (const name of ['get', 'set', 'remove', 'getItem', 'setItem', 'removeItem']) {
      assert.equal(typeof storage[name], 'function');
    }
    assert.equal(storage.backend, `file container '${directory}'`);
    assert.equal(storage.budget, null);
    assert.equal(await storage.get('@better-i18n:locale:acme/widgets'), null);
    await storage.setItem('@better-i18n:locale:acme/widgets', 'tr');
    await storage.set("@app:it's (a) *test*!", 'ş中😀');
    assert.equal(await storage.getItem("@app:it's (a) *test*!"), 'ş中😀');
    assert.equal(readFileSync(join(directory, '%40app%3Ait%27s%20%28a%29%20%2Atest%2A%21'), 'utf8'), 'ş中😀');
    assert.deepEqual(keysIn(directory).sort(), ["@app:it's (a) *test*!", '@better-i18n:locale:acme/widgets']);
    for (const name of readdirSync(directory)) assert.equal(statSync(join(directory, name)).mode & 0o777, 0o600, name);
    assert.equal(statSync(directory).mode & 0o777, 0o700);
    assert.equal(statSync(join(directory, '..')).mode & 0o777, 0o700);
    await storage.remove("@app:it's (a) *test*!");
    await storage.remove('@app:never written');
    assert.deepEqual(keysIn(directory), ['@better-i18n:locale:acme/widgets']);
  });

  test('publishes every value as a new file, which is how a widget tells that its index is stale', async () => {
    const directory = freshDirectory();
    const storage = fileStorage(directory);
    await storage.set(MESSAGES_KEY, BUNDLE);
    const first = statSync(fileOf(directory, MESSAGES_KEY), { bigint: true });
    // The same size: only the file's identity (its inode here) tells the two values apart without reading them.
    await storage.set(MESSAGES_KEY, BUNDLE.replace('a', 'b'));
    const second = statSync(fileOf(directory, MESSAGES_KEY), { bigint: true });
    assert.equal(second.size, first.size);
    assert.notEqual(second.ino, first.ino);
    assert.deepEqual(keysIn(directory).sort(), [MESSAGES_KEY, STAMP_KEY].sort(), 'no index, no temporary file');
  });

  test('reads neither a symbolic link nor a directory as a value', async () => {
    const directory = freshDirectory();
    const storage = fileStorage(directory);
    await storage.set('target', 'secret');
    symlinkSync(fileOf(directory, 'target'), fileOf(directory, 'link'));
    mkdirSync(fileOf(directory, 'folder'));
    await assert.rejects(storage.get('link'), { code: 'ERR_GROUP_STORAGE', message: /is a symbolic link/ });
    await assert.rejects(storage.get('folder'), { code: 'ERR_GROUP_STORAGE', message: /not a regular file/ });
    await assert.rejects(storage.set('folder', 'x'), {
      code: 'ERR_GROUP_STORAGE',
      message: /could not write 'folder'/,
    });
    const names = readdirSync(directory);
    assert.ok(names.every((name) => !name.startsWith('%tmp-')), 'the failed write left no temporary file');
  });

  test('needs a directory', () => {
    for (const directory of [undefined, '', 7]) {
      assert.throws(() => fileStorage(directory), { code: 'ERR_INVALID_OPTIONS' });
    }
  });
});

describe('groupStorage over an expo-file-system Directory', () => {
  const GROUP = 'group.acme.widgets';

  /** A Directory in a fresh App Group container, and a check run halfway through every native write. */
  function expoContainer() {
    const container = fresh('expo');
    mkdirSync(container);
    const complete = new Map();
    const seen = [];
    const check = (path) => {
      // What another process could read right now: the file being written is a temporary one, and every file
      // under a key's name holds a whole value.
      seen.push(basename(path));
      assert.equal(keyOfFileName(basename(path)), null, `a value was written in place under '${basename(path)}'`);
      for (const name of readdirSync(join(path, '..'))) {
        const key = keyOfFileName(name);
        if (key === null || !complete.has(key)) continue;
        const contents = readFileSync(join(path, '..', name), 'utf8');
        assert.ok(complete.get(key).has(contents), `'${key}' holds part of a value`);
      }
    };
    const expo = makeExpoFileSystem({ duringWrite: (path) => check(path), sharedContainers: { [GROUP]: container } });
    const shared = expo.Paths.appleSharedContainers[GROUP];
    const directory = new expo.Directory(shared, 'Library', 'Application Support', 'widget-i18n');
    const path = join(container, 'Library', 'Application Support', 'widget-i18n');
    const expect = (key, value) => {
      if (!complete.has(key)) complete.set(key, new Set());
      complete.get(key).add(value);
    };
    return { expo, directory, path, expect, seen };
  }

  test('is told by its shape, and needs the File class and no budget', () => {
    const { expo, directory } = expoContainer();
    assert.throws(() => groupStorage(directory), {
      name: 'TypeError',
      code: 'ERR_INVALID_OPTIONS',
      message: /options\.File/,
    });
    assert.throws(() => groupStorage(directory, { File: expo.File, budget: 1000 }), { code: 'ERR_INVALID_OPTIONS' });
    const storage = groupStorage(directory, { File: expo.File });
    assert.equal(storage.backend, `file container '${directory.uri}'`);
    assert.equal(storage.budget, null);
  });

  test('writes the container layout, creating the directory, and reads it back', async () => {
    const { expo, directory, path } = expoContainer();
    const storage = groupStorage(directory, { File: expo.File });
    await storage.setItem("@app:promo!'()*", 'ş中😀');
    await storage.set(MESSAGES_KEY, BUNDLE);
    assert.equal(await storage.getItem("@app:promo!'()*"), 'ş中😀');
    assert.equal(await storage.get(MESSAGES_KEY), BUNDLE);
    assert.equal(await storage.get('@app:missing'), null);
    assert.deepEqual(keysIn(path).sort(), ["@app:promo!'()*", MESSAGES_KEY, STAMP_KEY].sort());
    assert.equal(readFileSync(join(path, '%40app%3Apromo%21%27%28%29%2A'), 'utf8'), 'ş中😀');
    assert.deepEqual(directory.list().map((file) => file.name).sort(), readdirSync(path).sort());
    // A rewrite is a new file (the temporary one, moved in): another inode, as a widget's index check needs.
    const before = statSync(fileOf(path, MESSAGES_KEY)).ino;
    await storage.set(MESSAGES_KEY, BUNDLE.replace('a', 'b'));
    assert.notEqual(statSync(fileOf(path, MESSAGES_KEY)).ino, before);
    await storage.remove(MESSAGES_KEY);
    assert.deepEqual(keysIn(path), ["@app:promo!'()*"]);
  });

  test('never lets a reader see part of a value: each is written aside, then moved in whole', async () => {
    const { expo, directory, path, expect, seen } = expoContainer();
    const storage = groupStorage(directory, { File: expo.File });
    const values = [BUNDLE, JSON.stringify(sampleBundle('de')), JSON.stringify(sampleBundle('ja'))];
    for (const value of values) {
      expect(MESSAGES_KEY, value);
      expect('@better-i18n:locale:acme/widgets', value.slice(0, 10));
      await storage.set(MESSAGES_KEY, value);
      await storage.set('@better-i18n:locale:acme/widgets', value.slice(0, 10));
      assert.equal(readFileSync(fileOf(path, MESSAGES_KEY), 'utf8'), value);
    }
    // Two writes a messages value (value, stamp), one a locale; and the move never replaced a file, which
    // expo-file-system's move refuses: the old one was deleted first.
    assert.equal(seen.length, values.length * 3);
    assert.ok(expo.calls.some(([call]) => call === 'delete'));
    assert.ok(readdirSync(path).every((name) => keyOfFileName(name) !== null), 'no temporary file is left');
  });

  test('a write that fails halfway leaves the old value and no temporary file', async () => {
    const container = fresh('expo');
    mkdirSync(container);
    let failing = false;
    const expo = makeExpoFileSystem({
      duringWrite: () => {
        if (failing) throw new Error('No space left on device');
      },
    });
    const directory = new expo.Directory(`file://${container}`, 'widget-i18n');
    const storage = groupStorage(directory, { File: expo.File });
    await storage.set('@better-i18n:locale:acme/widgets', 'tr');
    failing = true;
    await assert.rejects(storage.set('@better-i18n:locale:acme/widgets', 'de'), {
      code: 'ERR_GROUP_STORAGE',
      message: /could not write '@better-i18n:locale:acme\/widgets' in file container '.*': No space left on device$/,
    });
    assert.equal(await storage.get('@better-i18n:locale:acme/widgets'), 'tr');
    assert.deepEqual(readdirSync(join(container, 'widget-i18n')), [keyFileName('@better-i18n:locale:acme/widgets')]);
    assert.ok(!existsSync(join(container, 'widget-i18n', '%tmp')));
  });
});
