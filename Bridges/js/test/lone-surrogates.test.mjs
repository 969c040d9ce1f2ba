// Strings UTF-8 cannot hold (issue 53, item 10). A JavaScript string may have a lone surrogate (a high one not
// followed by a low one, or a low one not preceded by a high one); UTF-8, and so a file name, a Swift String and a
// widget, cannot, and TextEncoder makes U+FFFD of it. Were they encoded, the keys 'a\uD800', 'a\uDC00' and 'a\uFFFD'
// would name one file, and a value would be stored altered. So every storage refuses such a key (ERR_INVALID_KEY)
// in get, set and remove alike, and such a string value (ERR_INVALID_VALUE), before touching anything; surrogate
// pairs (😀, 𝔘) are characters like any other.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { containerStorage, groupStorage, keyFileName, recordReloadRequest, storageKeys } from '../index.mjs';
import { fileContainer, fileStorage } from '../node.mjs';
import { makeExpoFileSystem } from './support/expo-file-system.mjs';
import { MemoryExtensionStorage, memorySharedGroupPreferences } from './support/fakes.mjs';
import { temporaryRoot } from './support/temporary.mjs';

const GROUP = 'group.acme.widgets';
const MESSAGES_KEY = storageKeys.messages('acme/widgets', 'de');
const REPLACEMENT_KEY = 'a\uFFFD';
/** Keys with a lone surrogate: high at the end, low alone, low before high, high before a letter, both alone. */
const LONE_KEYS = ['a\uD800', 'a\uDC00', '\uDC00\uD800', 'a\uD83Db', '\uDFFF'];
/** Values with one: as text, inside JSON text, and beside a pair (the high one of 😀 without its low one). */
const LONE_VALUES = ['x\uD800', '\uDC00', '{"today":{"title":"Heute \uD83D"}}', '\uD83D\uDE00\uD83D'];

const freshDirectory = temporaryRoot('widget-i18n-bridge-lone-surrogates-');

/** Every file of `directory` with its bytes: what a container holds. */
const filesIn = (directory) => {
  try {
    return readdirSync(directory)
      .sort()
      .map((name) => [name, readFileSync(join(directory, name)).toString('base64')]);
  } catch {
    return [];
  }
};

/** Each storage, fresh, with `snapshot()` of all its backend holds and, for a container, its `directory`. */
const stores = {
  'groupStorage(ExtensionStorage)': () => {
    const backend = new MemoryExtensionStorage();
    return { storage: groupStorage(backend), snapshot: () => [...backend.values.entries()] };
  },
  'groupStorage(shared-group-preferences)': () => {
    const backend = memorySharedGroupPreferences();
    const storage = groupStorage(backend, { appGroup: GROUP });
    return { storage, snapshot: () => [...(backend.groups.get(GROUP) ?? new Map()).entries()] };
  },
  'groupStorage(an expo-file-system Directory)': () => {
    const directory = freshDirectory();
    const { Directory, File } = makeExpoFileSystem();
    const storage = groupStorage(new Directory(`file://${directory}`), { File });
    return { storage, directory, snapshot: () => filesIn(directory) };
  },
  'containerStorage(fileContainer)': () => {
    const directory = freshDirectory();
    return { storage: containerStorage(fileContainer(directory)), directory, snapshot: () => filesIn(directory) };
  },
  fileStorage: () => {
    const directory = freshDirectory();
    return { storage: fileStorage(directory), directory, snapshot: () => filesIn(directory) };
  },
};

const methods = (storage, key) => [
  ['get', () => storage.get(key)],
  ['getItem', () => storage.getItem(key)],
  ['set', () => storage.set(key, 'another value')],
  ['setItem', () => storage.setItem(key, 'another value')],
  ['remove', () => storage.remove(key)],
  ['removeItem', () => storage.removeItem(key)],
];

/**
 * What a call came to, as `label: outcome`: what it resolved with, or the error's class and code, and whether its
 * message says `why` (so that a list of them shows every call that went wrong at once).
 */
async function outcome(label, call, why) {
  try {
    return `${label}: resolved ${JSON.stringify(await call())}`;
  } catch (error) {
    return `${label}: ${error.name} ${error.code}${why.test(error.message) ? '' : `, saying ${error.message}`}`;
  }
}

const KEY_REFUSAL = /: it has a lone surrogate \(\\u[0-9a-f]{4} at index \d+\), which UTF-8 cannot hold; /;
const VALUE_REFUSAL = new RegExp(`${KEY_REFUSAL.source}nothing was written$`);

for (const [storeName, makeStore] of Object.entries(stores)) {
  describe(`lone surrogates over ${storeName} (issue 53, item 10)`, () => {
    test("'a\\uD800', 'a\\uDC00' and 'a\\uFFFD' are three keys: a lone surrogate's is refused", async () => {
      const { storage, snapshot } = makeStore();
      await storage.set(REPLACEMENT_KEY, 'the value of a\uFFFD');
      const before = snapshot();
      const [outcomes, expected] = [[], []];
      for (const key of LONE_KEYS) {
        for (const [method, call] of methods(storage, key)) {
          const label = `${method}(${JSON.stringify(key)})`;
          outcomes.push(await outcome(label, call, KEY_REFUSAL));
          expected.push(`${label}: RangeError ERR_INVALID_KEY`);
        }
      }
      assert.deepEqual(outcomes, expected);
      assert.deepEqual(snapshot(), before, 'nothing was written or removed');
      assert.equal(await storage.get(REPLACEMENT_KEY), 'the value of a\uFFFD');
    });

    test('a value with a lone surrogate is refused, and the value stored stays as it was', async () => {
      const { storage, snapshot } = makeStore();
      const good = { '@app:greeting': 'Hallo', [MESSAGES_KEY]: '{"today":{"title":"Heute"}}' };
      for (const [key, value] of Object.entries(good)) await storage.set(key, value);
      const before = snapshot();
      const [outcomes, expected] = [[], []];
      for (const key of Object.keys(good)) {
        for (const value of LONE_VALUES) {
          for (const method of ['set', 'setItem']) {
            const label = `${method}('${key}', ${JSON.stringify(value)})`;
            outcomes.push(await outcome(label, () => storage[method](key, value), VALUE_REFUSAL));
            expected.push(`${label}: RangeError ERR_INVALID_VALUE`);
          }
        }
      }
      assert.deepEqual(outcomes, expected);
      assert.deepEqual(snapshot(), before, 'nothing was written');
      for (const [key, value] of Object.entries(good)) assert.equal(await storage.get(key), value, key);
    });

    test('surrogate pairs (😀, 𝔘) round-trip in keys and values; an object is stored as its JSON', async () => {
      const { storage, directory } = makeStore();
      const pairs = { '@app:😀𝔘': 'Hallo 😀 𝔘 \uD83D\uDE00', [MESSAGES_KEY]: '{"today":{"title":"😀 𝔘"}}' };
      for (const [key, value] of Object.entries(pairs)) {
        await storage.set(key, value);
        assert.equal(await storage.get(key), value, key);
      }
      if (directory !== undefined) {
        assert.equal(keyFileName('@app:😀𝔘'), '%40app%3A%F0%9F%98%80%F0%9D%94%98');
        assert.equal(readFileSync(join(directory, keyFileName('@app:😀𝔘')), 'utf8'), pairs['@app:😀𝔘']);
      }
      // JSON.stringify writes a lone surrogate as an escape, which JSON.parse reads back as it was.
      await storage.set('@app:object', { text: 'x\uD800' });
      assert.equal(await storage.get('@app:object'), '{"text":"x\\ud800"}');
      assert.deepEqual(JSON.parse(await storage.get('@app:object')), { text: 'x\uD800' });
    });
  });
}

describe('lone surrogates in key file names and widget kinds (issue 53, item 10)', () => {
  test('keyFileName refuses a key with a lone surrogate; U+FFFD itself has its own name', () => {
    for (const key of LONE_KEYS) {
      assert.throws(() => keyFileName(key), { name: 'RangeError', code: 'ERR_INVALID_KEY' }, JSON.stringify(key));
    }
    assert.equal(keyFileName(REPLACEMENT_KEY), 'a%EF%BF%BD');
    assert.equal(keyFileName('😀'), '%F0%9F%98%80');
  });

  test('a widget kind with a lone surrogate is refused, as it would be part of a key', async () => {
    const storage = groupStorage(new MemoryExtensionStorage());
    assert.throws(() => storageKeys.reloadRequest('acme/widgets', 'today\uD800'), { code: 'ERR_INVALID_KIND' });
    await assert.rejects(recordReloadRequest(storage, 'acme/widgets', { kind: '\uDC00' }), {
      code: 'ERR_INVALID_KIND',
    });
  });
});
