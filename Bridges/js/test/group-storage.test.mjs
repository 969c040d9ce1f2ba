// groupStorage over fakes of each backend shape: ExtensionStorage (@bacons/apple-targets
// packages/apple-targets/src/ExtensionStorage.ts: synchronous get/set/remove) and
// react-native-shared-group-preferences (index.js: promises, the App Group on every call, getItem rejecting
// with 1 for a missing key, no removal).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { groupStorage } from '../index.mjs';
import { makeExpoFileSystem } from './support/expo-file-system.mjs';
import { MemoryExtensionStorage, memorySharedGroupPreferences } from './support/fakes.mjs';
import { invalidAppGroups, validAppGroups } from './support/vectors.mjs';

const GROUP = 'group.acme.widgets';
const LOCALE_KEY = '@better-i18n:locale:acme/widgets';
const MESSAGES_KEY = '@better-i18n:messages:acme/widgets:tr';
const LEDGER_KEY = '@better-i18n:widget-i18n:suite-ledger';
/** Whether a key is one of the contract's, not the bridge's own bookkeeping (ledger, stamps). */
const isContractKey = (key) => !key.startsWith('@better-i18n:widget-i18n:');

describe('groupStorage over ExtensionStorage', () => {
  test("serves the core's get/set/remove and the Expo package's getItem/setItem/removeItem, as promises", async () => {
    const backend = new MemoryExtensionStorage();
    const storage = groupStorage(backend);
    for (const name of ['get', 'set', 'remove', 'getItem', 'setItem', 'removeItem']) {
      assert.equal(typeof storage[name], 'function', name);
    }
    assert.ok(storage.set(MESSAGES_KEY, '{}') instanceof Promise);
    await storage.set(MESSAGES_KEY, '{"today":{"title":"Bugün"}}');
    assert.equal(await storage.get(MESSAGES_KEY), '{"today":{"title":"Bugün"}}');
    assert.equal(await storage.getItem(MESSAGES_KEY), '{"today":{"title":"Bugün"}}');
    await storage.setItem(LOCALE_KEY, 'tr');
    assert.equal(backend.values.get(LOCALE_KEY), 'tr');
    await storage.removeItem(LOCALE_KEY);
    assert.equal(await storage.get(LOCALE_KEY), null);
    await storage.remove(MESSAGES_KEY);
    // What is left is the ledger, now empty: the messages' freshness stamp went with them.
    assert.deepEqual([...backend.values.keys()], [LEDGER_KEY]);
    assert.deepEqual(JSON.parse(backend.values.get(LEDGER_KEY)), { version: 2, entries: {} });
    assert.match(storage.backend, /ExtensionStorage/);
  });

  test("is not mistaken for MMKV by the Expo package's storageAdapter (no getString, no delete)", () => {
    const storage = groupStorage(new MemoryExtensionStorage());
    assert.equal(storage.getString, undefined);
    assert.equal(storage.delete, undefined);
  });

  test('reads a missing key as null, and undefined (no native module) as null', async () => {
    assert.equal(await groupStorage(new MemoryExtensionStorage()).get('@better-i18n:manifest:acme/widgets'), null);
    const withoutModule = { get: () => undefined, set: () => undefined, remove: () => undefined };
    assert.equal(await groupStorage(withoutModule).get(LOCALE_KEY), null);
  });

  test('always hands the backend a string: objects and numbers as JSON, never null or undefined', async () => {
    const backend = new MemoryExtensionStorage();
    const storage = groupStorage(backend);
    await storage.set(MESSAGES_KEY, { today: { title: 'Bugün' } });
    await storage.set('count', 42);
    assert.deepEqual(
      backend.calls
        .filter(([call, key]) => call === 'set' && isContractKey(key))
        .map(([, key, value]) => [key, typeof value, value]),
      [
        [MESSAGES_KEY, 'string', '{"today":{"title":"Bugün"}}'],
        ['count', 'string', '42'],
      ],
    );
    for (const value of [null, undefined, () => 1, Symbol('s')]) {
      await assert.rejects(storage.set(MESSAGES_KEY, value), { name: 'TypeError', code: 'ERR_INVALID_VALUE' });
    }
    assert.equal(backend.values.get(MESSAGES_KEY), '{"today":{"title":"Bugün"}}');
  });

  test('rejects keys that are not non-empty strings', async () => {
    const storage = groupStorage(new MemoryExtensionStorage());
    for (const key of ['', undefined, 7]) {
      await assert.rejects(storage.set(key, 'x'), { name: 'TypeError', code: 'ERR_INVALID_KEY' });
      await assert.rejects(storage.get(key), { name: 'TypeError', code: 'ERR_INVALID_KEY' });
    }
  });

  test('a backend that throws: the error propagates with the operation, the key and the backend', async () => {
    const cause = new Error('NSUserDefaults is unavailable');
    const broken = {
      get() {
        throw cause;
      },
      set() {
        throw cause;
      },
      remove() {
        throw cause;
      },
    };
    const storage = groupStorage(broken);
    for (const [action, call] of [
      ['write', () => storage.set(LOCALE_KEY, 'tr')],
      ['read', () => storage.get(LOCALE_KEY)],
      ['remove', () => storage.removeItem(LOCALE_KEY)],
    ]) {
      await assert.rejects(call(), (error) => {
        assert.equal(error.code, 'ERR_GROUP_STORAGE');
        assert.equal(
          error.message,
          `groupStorage: could not ${action} '${LOCALE_KEY}' in ExtensionStorage: NSUserDefaults is unavailable`,
        );
        assert.equal(error.cause, cause);
        return true;
      });
    }
  });

  test('awaits a backend of the same shape that returns promises', async () => {
    const values = new Map();
    const asynchronous = {
      get: async (key) => values.get(key) ?? null,
      set: async (key, value) => void values.set(key, value),
      remove: async (key) => void values.delete(key),
    };
    const storage = groupStorage(asynchronous);
    await storage.set(LOCALE_KEY, 'de');
    assert.equal(await storage.get(LOCALE_KEY), 'de');
    const rejecting = { ...asynchronous, set: async () => Promise.reject(new Error('disk full')) };
    await assert.rejects(groupStorage(rejecting).set(LOCALE_KEY, 'de'), /could not write .* disk full/);
  });
});

describe('groupStorage over react-native-shared-group-preferences', () => {
  test('passes the App Group on every call and reads back what it wrote', async () => {
    const backend = memorySharedGroupPreferences();
    const storage = groupStorage(backend, { appGroup: GROUP });
    await storage.set(MESSAGES_KEY, '{"a":"b"}');
    assert.equal(await storage.get(MESSAGES_KEY), '{"a":"b"}');
    assert.equal(await storage.getItem(MESSAGES_KEY), '{"a":"b"}');
    assert.deepEqual(
      backend.calls.filter(([, key]) => key === MESSAGES_KEY),
      [
        ['setItem', MESSAGES_KEY, '{"a":"b"}', GROUP],
        ['getItem', MESSAGES_KEY, GROUP],
        ['getItem', MESSAGES_KEY, GROUP],
      ],
    );
    assert.ok(backend.calls.every((call) => call.at(-1) === GROUP));
    assert.match(storage.backend, /shared-group-preferences \(App Group 'group\.acme\.widgets'\)/);
  });

  test('turns the rejection of a missing key (1) into null, as the SDKs expect', async () => {
    const storage = groupStorage(memorySharedGroupPreferences(), { appGroup: GROUP });
    assert.equal(await storage.get('@better-i18n:manifest:acme/widgets'), null);
    assert.equal(await storage.getItem(LOCALE_KEY), null);
  });

  test('any other rejection propagates with context; 0 is explained: the App Group cannot be opened', async () => {
    const backend = {
      getItem: async () => Promise.reject(0),
      setItem: async () => Promise.reject(0),
    };
    const storage = groupStorage(backend, { appGroup: GROUP });
    await assert.rejects(storage.get(LOCALE_KEY), (error) => {
      assert.equal(error.code, 'ERR_GROUP_STORAGE');
      assert.match(error.message, /could not read '@better-i18n:locale:acme\/widgets' in react-native-shared-group/);
      assert.match(error.message, /the App Group 'group\.acme\.widgets' could not be opened \(rejected with 0\)/);
      return true;
    });
    await assert.rejects(storage.set(LOCALE_KEY, 'tr'), /could not write .*could not be opened/);
    const odd = groupStorage(
      { getItem: async () => Promise.reject('boom'), setItem: async () => {} },
      { appGroup: GROUP },
    );
    await assert.rejects(odd.get(LOCALE_KEY), /could not read .*: rejected with the string "boom"/);
  });

  test('clears the locale by writing "" (no locale to every reader) and refuses any other removal', async () => {
    const backend = memorySharedGroupPreferences();
    const storage = groupStorage(backend, { appGroup: GROUP });
    await storage.set(LOCALE_KEY, 'tr');
    await storage.set(MESSAGES_KEY, '{"a":"b"}');
    await storage.removeItem(LOCALE_KEY);
    assert.equal(backend.groups.get(GROUP).get(LOCALE_KEY), '');
    await assert.rejects(storage.remove(MESSAGES_KEY), (error) => {
      assert.equal(error.code, 'ERR_REMOVE_UNSUPPORTED');
      assert.match(error.message, /cannot remove '@better-i18n:messages:acme\/widgets:tr'.*nothing was written/);
      return true;
    });
    assert.equal(backend.groups.get(GROUP).get(MESSAGES_KEY), '{"a":"b"}');
  });

  test('needs options.appGroup, and says so', () => {
    for (const options of [undefined, {}, { appGroup: undefined }]) {
      assert.throws(() => groupStorage(memorySharedGroupPreferences(), options), (error) => {
        assert.equal(error.name, 'TypeError');
        assert.equal(error.code, 'ERR_UNKNOWN_BACKEND');
        assert.match(error.message, /react-native-shared-group-preferences, which needs options\.appGroup/);
        return true;
      });
    }
    // One that is given but is no App Group id is an invalid option (below), not a missing one.
    for (const [appGroup, name] of [
      ['', 'RangeError'],
      [7, 'TypeError'],
      [null, 'TypeError'],
    ]) {
      assert.throws(() => groupStorage(memorySharedGroupPreferences(), { appGroup }), {
        name,
        code: 'ERR_INVALID_OPTIONS',
        message: /options\.appGroup/,
      });
    }
  });
});

describe('groupStorage options.appGroup', () => {
  // Every backend shape: the id is checked whenever it is given, as GroupContainer.validateGroupIdentifier checks
  // it (the end-to-end test asks the built widget-i18n about each of these too).
  const expo = makeExpoFileSystem();
  const shapes = {
    ExtensionStorage: (options) => groupStorage(new MemoryExtensionStorage(), options),
    'react-native-shared-group-preferences': (options) => groupStorage(memorySharedGroupPreferences(), options),
    'an expo-file-system Directory': (options) =>
      groupStorage(new expo.Directory('file:///nowhere/widget-i18n'), { File: expo.File, ...options }),
  };

  test('accepts the ids WidgetI18n accepts, and passes the one given to shared-group-preferences', async () => {
    for (const [shape, make] of Object.entries(shapes)) {
      for (const appGroup of validAppGroups) assert.doesNotThrow(() => make({ appGroup }), `${shape}: ${appGroup}`);
    }
    const backend = memorySharedGroupPreferences();
    await groupStorage(backend, { appGroup: 'group.A-b_9' }).set(LOCALE_KEY, 'tr');
    assert.deepEqual(backend.calls.at(-1), ['setItem', LOCALE_KEY, 'tr', 'group.A-b_9']);
  });

  test('refuses every other, naming options.appGroup and the rule: a string, else a TypeError', () => {
    for (const [shape, make] of Object.entries(shapes)) {
      for (const appGroup of invalidAppGroups) {
        assert.throws(() => make({ appGroup }), (error) => {
          assert.equal(error.name, 'RangeError', `${shape}: ${JSON.stringify(appGroup)}`);
          assert.equal(error.code, 'ERR_INVALID_OPTIONS');
          assert.match(error.message, /^groupStorage: invalid options\.appGroup '/);
          assert.match(error.message, /; an App Group id is 1 to 200 letters, digits, '\.', '-' and '_', not starting/);
          return true;
        });
      }
      for (const appGroup of [null, 7, ['group.acme.widgets'], { toString: () => 'group.acme.widgets' }]) {
        assert.throws(() => make({ appGroup }), {
          name: 'TypeError',
          code: 'ERR_INVALID_OPTIONS',
          message: /^groupStorage: options\.appGroup must be a string, got /,
        });
      }
    }
  });

  test('says what is wrong with the id', () => {
    const cases = [
      ['', "invalid options.appGroup '': it is empty;"],
      ['.group', "invalid options.appGroup '.group': it starts with '.';"],
      ['group/../x', `invalid options.appGroup 'group/../x': "/" is not a letter, digit, '.', '-' or '_';`],
      ['group~x', `'group~x': "~" is not a letter`],
      ['grüp', `'grüp': "ü" is not a letter`],
      ['a'.repeat(201), 'it is 201 bytes long;'],
    ];
    for (const [appGroup, message] of cases) {
      assert.throws(
        () => groupStorage(memorySharedGroupPreferences(), { appGroup }),
        (error) => error.message.includes(message) || assert.fail(error.message),
      );
    }
  });
});

describe('groupStorage with anything else', () => {
  test('throws a TypeError naming both shapes it expects', () => {
    const others = [
      undefined,
      null,
      'group.acme.widgets',
      42,
      {},
      { get() {}, set() {} }, // no remove
      { getString() {}, set() {}, delete() {} }, // MMKV, which is not shared with widgets
      { setObjectForKey() {}, stringForKey() {} }, // NSUserDefaults itself: wrap it (README)
      { create() {}, uri: 'file:///x/', exists: true }, // an expo-file-system File: no list
      { list() {}, create() {}, exists: true }, // no uri
    ];
    for (const backend of others) {
      assert.throws(() => groupStorage(backend), (error) => {
        assert.equal(error.name, 'TypeError');
        assert.equal(error.code, 'ERR_UNKNOWN_BACKEND');
        assert.match(error.message, /expected ExtensionStorage from @bacons\/apple-targets \(get, set, remove\)/);
        assert.match(
          error.message,
          /react-native-shared-group-preferences \(getItem, setItem, with options\.appGroup\)/,
        );
        assert.match(
          error.message,
          /or an expo-file-system Directory \(list, create, uri, exists, with options\.File\)/,
        );
        return true;
      });
    }
  });

  test('rejects options that are not an object', () => {
    assert.throws(() => groupStorage(new MemoryExtensionStorage(), 'group.acme.widgets'), {
      name: 'TypeError',
      code: 'ERR_INVALID_OPTIONS',
    });
  });
});
