// What the module stores is judged as the JSON text it writes, not as the object it was given (issue 32, item 7):
// `{a: undefined}` serialises to `{}` and a `toJSON` may return an array, so mirrorToWidget, and a storage's `set`
// under a messages key, parse the text back and require an object with at least one message (a string value, as
// WidgetI18n's BundleIndex.Parser counts them). What JSON.stringify throws on (a BigInt, a cycle, a `toJSON` or a
// getter that throws) is an error with a code and the cause. Either way nothing is written: a good bundle already
// in the store stays there byte for byte, in a suite (the in-memory ExtensionStorage) and in a file container.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { mirrorToWidget, storageKeys } from '../index.mjs';
import { fakeCore } from './support/fakes.mjs';
import { mirroredStores } from './support/mirrored-stores.mjs';

const PROJECT = 'acme/widgets';
const GOOD = {
  en: { today: { title: 'Today', subtitle: 'Hello {name}' } },
  de: { today: { title: 'Heute', subtitle: 'Hallo {name}' } },
};
const locales = ['en', 'de'];
const DE_KEY = storageKeys.messages(PROJECT, 'de');

/** The two stores, each with a good bundle of en and de mirrored into it and the de locale selected. */
const stores = mirroredStores({
  directoryPrefix: 'widget-i18n-bridge-stored-json-',
  bundles: GOOD,
  mirror: { project: PROJECT, locales, locale: 'de' },
  key: DE_KEY,
});

const cyclic = { today: { title: 'Heute' } };
cyclic.today.self = cyclic;
const thrown = new Error('toJSON failed');
const getterError = new Error('the getter failed');

const hasNoJSON = (value) => {
  try {
    return JSON.stringify(value) === undefined;
  } catch {
    return false;
  }
};

/**
 * Bundles refused: what getMessages returns, the error (name, code, what the message says of it), and whether the
 * cause must be JSON.stringify's own TypeError (`cause: TypeError`) or a given error.
 */
const empty = (message) => ({ name: 'RangeError', code: 'ERR_EMPTY_MESSAGES', message });
const invalid = (message, cause) => ({ name: 'TypeError', code: 'ERR_INVALID_MESSAGES', message, cause });
const refused = [
  // Judged by the JSON: the object has members, the text none, or is no object.
  ['{a: undefined}: its JSON is {}', { a: undefined }, empty(/its JSON, "\{\}", has no/)],
  ['{a: {b: undefined}}: no message at any depth', { a: { b: undefined } }, empty(/"\{\\"a\\":\{\}\}"/)],
  ['functions and symbols as values: dropped by JSON', { a: () => 'x', b: Symbol('y') }, empty(/"\{\}"/)],
  ['no strings at all: numbers, booleans, null', { a: 1, b: true, c: null, d: {} }, empty(/no string value/)],
  ['strings only in an array: arrays hold no messages', { a: ['x', { b: 'y' }] }, empty(/no string value/)],
  ['a Map: its JSON is {}', new Map([['a', 'b']]), empty(/"\{\}"/)],
  [
    "a toJSON returning ['x']",
    { toJSON: () => ['x'] },
    invalid(/returned an object whose JSON is an array, not a messages object/),
  ],
  ['a toJSON returning a string', { today: 'x', toJSON: () => 'x' }, invalid(/whose JSON is the string "x", not/)],
  ['a toJSON returning undefined', { today: 'x', toJSON: () => undefined }, invalid(/whose JSON is no JSON at all/)],
  ['a Date', new Date(0), invalid(/returned a Date whose JSON is the string "1970-/)],
  ['a function', () => ({ a: 'b' }), invalid(/returned a function, not a messages object/)],
  // JSON.stringify throws: the cause is attached.
  [
    'a BigInt',
    { today: { count: 1n, title: 'Heute' } },
    invalid(/cannot be serialised as JSON \(.*BigInt/, TypeError),
  ],
  [
    'a toJSON that throws',
    {
      today: {
        title: 'Heute',
        toJSON: () => {
          throw thrown;
        },
      },
    },
    invalid(/\(toJSON failed\)/, thrown),
  ],
  ['a cycle', cyclic, invalid(/cannot be serialised as JSON \(.*circular/i, TypeError)],
  [
    'a getter that throws',
    {
      today: 'Heute',
      get later() {
        throw getterError;
      },
    },
    invalid(/\(the getter failed\)/, getterError),
  ],
];

/** Checks the cause of a refusal: JSON.stringify's own TypeError, or the very error given. */
function assertCause(error, cause) {
  if (cause === TypeError) assert.ok(error.cause instanceof TypeError, String(error.cause));
  else if (cause !== undefined) assert.equal(error.cause, cause);
}

for (const [storeName, makeStore] of Object.entries(stores)) {
  describe(`mirrorToWidget over ${storeName} judges the JSON, and a refused bundle writes nothing`, () => {
    for (const [title, bundle, { name, code, message, cause }] of refused) {
      test(title, async () => {
        const { storage, snapshot, stored } = await makeStore();
        const before = snapshot();
        assert.equal(stored(), JSON.stringify(GOOD.de));
        let reloaded = false;
        const options = {
          core: fakeCore({ bundles: { en: GOOD.en, de: bundle } }),
          storage,
          project: PROJECT,
          locales: ['en', 'de'],
          locale: 'de',
          reload: () => (reloaded = true),
        };
        await assert.rejects(mirrorToWidget(options), (error) => {
          assert.equal(error.name, name, error.message);
          assert.equal(error.code, code);
          assert.match(error.message, /^mirrorToWidget: core\.getMessages\('de'\) returned /);
          assert.match(error.message, message);
          assert.match(error.message, /; nothing was written/);
          assertCause(error, cause);
          return true;
        });
        assert.equal(reloaded, false);
        assert.deepEqual(snapshot(), before, 'the store is as it was');
        assert.equal(stored(), JSON.stringify(GOOD.de), 'the good bundle is still there, byte for byte');
      });
    }

    test('what the JSON keeps is what is stored: dropped members go, a toJSON that gives a bundle is one', async () => {
      const { storage, stored } = await makeStore();
      const bundles = [
        [{ today: { title: 'Heute', gone: undefined, run: () => 1, tag: Symbol('t') } }, '{"today":{"title":"Heute"}}'],
        [Object.assign(['x'], { toJSON: () => ({ today: { title: 'Heute' } }) }), '{"today":{"title":"Heute"}}'],
        [{ today: { toJSON: () => 'Heute' } }, '{"today":"Heute"}'],
      ];
      for (const [bundle, json] of bundles) {
        const summary = await mirrorToWidget({
          core: fakeCore({ bundles: { de: bundle } }),
          storage,
          project: PROJECT,
          locales: ['de'],
        });
        assert.equal(stored(), json);
        assert.equal(summary.bytes, Buffer.byteLength(json));
      }
    });
  });

  describe(`storage.set over ${storeName} judges the JSON it makes of a value`, () => {
    for (const [title, bundle, { name, code, cause }] of refused) {
      if (hasNoJSON(bundle)) continue; // a function, or a toJSON giving undefined: ERR_INVALID_VALUE, below
      test(`under a messages key: ${title}`, async () => {
        const { storage, snapshot, stored } = await makeStore();
        const before = snapshot();
        for (const set of [storage.set, storage.setItem]) {
          await assert.rejects(set(DE_KEY, bundle), (error) => {
            assert.equal(error.name, name, error.message);
            assert.equal(error.code, code);
            assert.match(error.message, /^Cannot store .* under '@better-i18n:messages:acme\/widgets:de': /);
            assert.match(error.message, /; nothing was written$/);
            assertCause(error, cause);
            return true;
          });
        }
        assert.deepEqual(snapshot(), before);
        assert.equal(stored(), JSON.stringify(GOOD.de));
      });
    }

    test('under any other key: what JSON.stringify throws on is ERR_INVALID_VALUE, with the cause', async () => {
      const { storage, snapshot } = await makeStore();
      const before = snapshot();
      const key = '@better-i18n:manifest:acme/widgets';
      const throwing = (error) => () => {
        throw error;
      };
      for (const [value, cause] of [
        [{ count: 1n }, TypeError],
        [10n, TypeError],
        [cyclic, TypeError],
        [{ toJSON: throwing(thrown) }, thrown],
        [Object.defineProperty({}, 'later', { get: throwing(getterError), enumerable: true }), getterError],
      ]) {
        await assert.rejects(storage.set(key, value), (error) => {
          assert.equal(error.name, 'TypeError');
          assert.equal(error.code, 'ERR_INVALID_VALUE');
          assert.match(error.message, /^Cannot store .* under '@better-i18n:manifest:acme\/widgets': it cannot be /);
          assert.match(error.message, /: it cannot be serialised as JSON \(.*\); nothing was written$/);
          assertCause(error, cause);
          return true;
        });
      }
      assert.deepEqual(snapshot(), before);
    });

    test('a value with no JSON is refused as before; one whose JSON is a bundle is stored as that JSON', async () => {
      const { storage, stored } = await makeStore();
      for (const value of [() => ({ a: 'b' }), Symbol('s'), { toJSON: () => undefined }]) {
        await assert.rejects(storage.set(DE_KEY, value), { name: 'TypeError', code: 'ERR_INVALID_VALUE' });
      }
      assert.equal(stored(), JSON.stringify(GOOD.de));
      await storage.set(DE_KEY, { today: { title: 'Heute!', gone: undefined } });
      assert.equal(stored(), '{"today":{"title":"Heute!"}}');
      // Strings are the caller's JSON and are stored as they are (the core writes its bundles so).
      await storage.set(DE_KEY, JSON.stringify(GOOD.de));
      assert.equal(stored(), JSON.stringify(GOOD.de));
    });
  });
}
