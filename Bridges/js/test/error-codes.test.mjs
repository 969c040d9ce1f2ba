// Every error the module throws has a `code` (README, Errors): a table of hostile inputs walked through every
// exported function, argument by argument (each in place of a good one), through the methods of the storages and
// of the file container they return, and through backends, file systems, cores, storages and reloads that throw
// or answer hostile values. Whatever is thrown or rejected must be an Error with a non-empty string `code`; what
// is accepted is accepted. The table of functions must name every export, so a new one cannot be left out.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import * as bridge from '../index.mjs';
import * as node from '../node.mjs';
import { makeExpoFileSystem } from './support/expo-file-system.mjs';
import { fakeCore, MemoryExtensionStorage, memorySharedGroupPreferences } from './support/fakes.mjs';
import { temporaryRoot } from './support/temporary.mjs';

const PROJECT = 'acme/widgets';
const GROUP = 'group.acme.widgets';
const MESSAGES_KEY = bridge.storageKeys.messages(PROJECT, 'en');

const freshDirectory = temporaryRoot('widget-i18n-bridge-error-codes-');

const trap = () => {
  throw new Error('a trap of a Proxy');
};
const revoked = (() => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
})();
const traps = { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap };
const cyclic = { a: 'x' };
cyclic.self = cyclic;
const unprintableError = Object.defineProperty(new Error(), 'message', { get: trap });

/** The hostile values, by name. */
const hostile = {
  undefined: undefined,
  null: null,
  zero: 0,
  NaN: NaN,
  'a negative number': -1,
  'a huge number': 2 ** 60,
  'a BigInt': 10n,
  true: true,
  'the empty string': '',
  'a space': ' ',
  NUL: '\u0000',
  'a lone surrogate': '\uD800',
  '..': '..',
  'a path': '../../etc/passwd',
  'a long string': 'x'.repeat(70000),
  'a symbol': Symbol('hostile'),
  'a function': () => {},
  'a class': class Hostile {},
  'an empty object': {},
  'an object without a prototype': Object.create(null),
  'an empty array': [],
  '[undefined]': [undefined],
  'a revoked Proxy': revoked,
  'a Proxy whose every trap throws': new Proxy({}, traps),
  'a Proxy of an array whose every trap throws': new Proxy(['en'], traps),
  'a Proxy of a function whose every trap throws': new Proxy(() => {}, traps),
  'a cyclic object': cyclic,
  'a BigInt inside': { a: 1n },
  'a toJSON that throws': { toJSON: trap },
  'a getter that throws': Object.defineProperty({}, 'a', { get: trap, enumerable: true }),
  'a toString and valueOf that throw': { toString: trap, valueOf: trap, [Symbol.toPrimitive]: trap },
  'a thenable that throws': { then: trap },
  'a getter of then that throws': Object.defineProperty({}, 'then', { get: trap }),
  'an error whose message throws': unprintableError,
  'a Uint8Array': new Uint8Array(3),
  'a Date': new Date(NaN),
};

/** Each storage this module makes, fresh. */
const storages = {
  'groupStorage(ExtensionStorage)': () => bridge.groupStorage(new MemoryExtensionStorage()),
  'groupStorage(shared-group-preferences)': () =>
    bridge.groupStorage(memorySharedGroupPreferences(), { appGroup: GROUP }),
  'groupStorage(Directory)': () => {
    const { Directory, File } = makeExpoFileSystem();
    return bridge.groupStorage(new Directory(`file://${freshDirectory()}`), { File });
  },
  containerStorage: () => bridge.containerStorage(node.fileContainer(freshDirectory())),
  fileStorage: () => node.fileStorage(freshDirectory()),
};

/** A good core, storage and options for mirrorToWidget. */
const mirrorOptions = () => ({
  core: fakeCore({ bundles: { en: { a: 'b' }, tr: { a: 'c' } } }),
  storage: storages['groupStorage(ExtensionStorage)'](),
  project: PROJECT,
  locales: ['en', 'tr'],
  locale: 'tr',
  defaultLocale: 'en',
  reload: () => {},
});

/**
 * Every export, with the good arguments of a call; each is called with each hostile value in place of each
 * argument in turn (and, for the ones taking an options object, of each option).
 */
const calls = {
  utf8Length: { call: bridge.utf8Length, args: () => ['abc'] },
  normalizeLocaleTag: { call: bridge.normalizeLocaleTag, args: () => ['en'] },
  validateProjectId: { call: bridge.validateProjectId, args: () => [PROJECT] },
  keyFileName: { call: bridge.keyFileName, args: () => [MESSAGES_KEY] },
  keyOfFileName: { call: bridge.keyOfFileName, args: () => ['x'] },
  suiteEntryBytes: { call: bridge.suiteEntryBytes, args: () => ['key', 'value'] },
  'storageKeys.locale': { call: bridge.storageKeys.locale, args: () => [PROJECT] },
  'storageKeys.messages': { call: bridge.storageKeys.messages, args: () => [PROJECT, 'en'] },
  'storageKeys.manifest': { call: bridge.storageKeys.manifest, args: () => [PROJECT] },
  'storageKeys.messagesWritten': { call: bridge.storageKeys.messagesWritten, args: () => [PROJECT, 'en'] },
  'storageKeys.reloadRequest': { call: bridge.storageKeys.reloadRequest, args: () => [PROJECT, 'today'] },
  groupStorage: {
    call: bridge.groupStorage,
    args: () => [memorySharedGroupPreferences(), { appGroup: GROUP, budget: 1000 }],
    options: 1,
  },
  'groupStorage (a Directory)': {
    call: bridge.groupStorage,
    args: () => {
      const { Directory, File } = makeExpoFileSystem();
      return [new Directory(`file://${freshDirectory()}`), { File }];
    },
    options: 1,
  },
  containerStorage: {
    call: bridge.containerStorage,
    args: () => [node.fileContainer(freshDirectory()), { caller: 'mine' }],
    options: 1,
  },
  saveLocaleToWidget: {
    call: bridge.saveLocaleToWidget,
    args: () => [storages['groupStorage(ExtensionStorage)'](), PROJECT, 'tr'],
  },
  recordReloadRequest: {
    call: bridge.recordReloadRequest,
    args: () => [storages['groupStorage(ExtensionStorage)'](), PROJECT, { reason: 'why', kind: 'today' }],
    options: 2,
  },
  mirrorToWidget: { call: bridge.mirrorToWidget, args: () => [mirrorOptions()], options: 0 },
  fileContainer: { call: node.fileContainer, args: () => [freshDirectory()] },
  fileStorage: { call: node.fileStorage, args: () => [freshDirectory()] },
};

/** What calling `run` throws or rejects with, or null. */
async function outcome(run) {
  try {
    const result = run();
    if (result instanceof Promise) await result;
    return null;
  } catch (error) {
    return { error };
  }
}

/** Why `error` breaks the rule, or null: it must be an Error with a non-empty string code. */
function violation(error) {
  if (!(error instanceof Error)) return `threw ${typeof error}, not an Error`;
  if (typeof error.code !== 'string' || error.code === '') {
    return `${error.name} without a code: ${error.stack.split('\n').slice(0, 3).join(' | ')}`;
  }
  return null;
}

/** Runs every case; returns the ones that threw an error without a code, as `label: why`. */
async function walk(cases) {
  const problems = [];
  let thrown = 0;
  for (const [label, run] of cases) {
    const result = await outcome(run);
    if (result === null) continue;
    thrown++;
    const why = violation(result.error);
    if (why !== null) problems.push(`${label}: ${why}`);
  }
  return { problems, thrown };
}

describe('every error has a code', () => {
  test('the table names every exported function', () => {
    const exported = [
      ...Object.entries(bridge).filter(([, value]) => typeof value === 'function').map(([name]) => name),
      ...Object.keys(bridge.storageKeys)
        .filter((name) => typeof bridge.storageKeys[name] === 'function')
        .map((name) => `storageKeys.${name}`),
      ...Object.keys(node),
    ];
    for (const name of exported) assert.ok(name in calls, `${name} is not in the table`);
  });

  test('each exported function, each argument and each option in turn hostile', async () => {
    const cases = [];
    for (const [name, { call, args, options }] of Object.entries(calls)) {
      cases.push([`${name}(good arguments)`, () => call(...args())]);
      const arity = args().length;
      for (const [value, hostileValue] of Object.entries(hostile)) {
        for (let position = 0; position < arity; position++) {
          cases.push([
            `${name}: argument ${position} ${value}`,
            () => {
              const given = args();
              given[position] = hostileValue;
              return call(...given);
            },
          ]);
        }
        cases.push([`${name}: one more argument, ${value}`, () => call(...args(), hostileValue)]);
        if (options === undefined) continue;
        for (const option of Object.keys(args()[options])) {
          cases.push([
            `${name}: option ${option} ${value}`,
            () => {
              const given = args();
              given[options] = { ...given[options], [option]: hostileValue };
              return call(...given);
            },
          ]);
        }
      }
    }
    const { problems, thrown } = await walk(cases);
    assert.deepEqual(problems, []);
    assert.ok(thrown > cases.length / 2, `${thrown} of ${cases.length} threw`);
  });

  test("each storage's methods, with a hostile key or value", async () => {
    const cases = [];
    for (const [name, make] of Object.entries(storages)) {
      const storage = make();
      for (const [value, hostileValue] of Object.entries(hostile)) {
        for (const method of ['get', 'remove', 'getItem', 'removeItem']) {
          cases.push([`${name}.${method}(${value})`, () => storage[method](hostileValue)]);
        }
        for (const method of ['set', 'setItem']) {
          cases.push([`${name}.${method}(${value}, 'x')`, () => storage[method](hostileValue, 'x')]);
          for (const key of [MESSAGES_KEY, 'other']) {
            cases.push([`${name}.${method}('${key}', ${value})`, () => storage[method](key, hostileValue)]);
          }
        }
      }
    }
    const { problems } = await walk(cases);
    assert.deepEqual(problems, []);
  });

  test("fileContainer's methods, with a hostile name or bytes", async () => {
    const cases = [];
    const files = node.fileContainer(freshDirectory());
    for (const [value, hostileValue] of Object.entries(hostile)) {
      cases.push([`read(${value})`, () => files.read(hostileValue)]);
      cases.push([`remove(${value})`, () => files.remove(hostileValue)]);
      cases.push([`write(${value}, bytes)`, () => files.write(hostileValue, new Uint8Array(1))]);
      cases.push([`write('x', ${value})`, () => files.write('x', hostileValue)]);
    }
    const { problems, thrown } = await walk(cases);
    assert.deepEqual(problems, []);
    // Only a name that is a key's file name is read, written or removed.
    assert.ok(thrown >= cases.length - 6, `${thrown} of ${cases.length}`);
  });

  test('backends, file systems, cores, storages and reloads that throw hostile values or answer them', async () => {
    const cases = [];
    const throwing = (value) => () => {
      throw value;
    };
    for (const [value, hostileValue] of Object.entries(hostile)) {
      const answers = [
        [`throws ${value}`, throwing(hostileValue)],
        [`rejects with ${value}`, () => Promise.reject(hostileValue)],
        [`answers ${value}`, () => hostileValue],
      ];
      for (const [how, answer] of answers) {
        const suites = {
          ExtensionStorage: (method) =>
            bridge.groupStorage({ get: () => null, set: () => {}, remove: () => {}, [method]: answer }),
          'shared-group-preferences': (method) =>
            bridge.groupStorage(
              { getItem: () => Promise.reject(1), setItem: async () => {}, [method]: answer },
              { appGroup: GROUP },
            ),
        };
        for (const [name, make] of Object.entries(suites)) {
          for (const method of name === 'ExtensionStorage' ? ['get', 'set', 'remove'] : ['getItem', 'setItem']) {
            const storage = make(method);
            cases.push([`${name} whose ${method} ${how}: get`, () => storage.get(MESSAGES_KEY)]);
            cases.push([`${name} whose ${method} ${how}: set`, () => storage.set(MESSAGES_KEY, '{"a":"b"}')]);
            cases.push([`${name} whose ${method} ${how}: remove`, () => storage.remove('@better-i18n:locale:x/y')]);
            cases.push([
              `${name} whose ${method} ${how}: mirrorToWidget`,
              () => bridge.mirrorToWidget({ ...mirrorOptions(), storage }),
            ]);
          }
        }
        for (const method of ['read', 'write', 'remove']) {
          const fileSystem = { name: 'hostile', read: () => null, write: () => null, remove: () => {} };
          const storage = bridge.containerStorage({ ...fileSystem, [method]: answer });
          cases.push([`a file system whose ${method} ${how}: get`, () => storage.get(MESSAGES_KEY)]);
          cases.push([`a file system whose ${method} ${how}: set`, () => storage.set(MESSAGES_KEY, '{"a":"b"}')]);
          cases.push([`a file system whose ${method} ${how}: remove`, () => storage.remove(MESSAGES_KEY)]);
        }
        const { Directory } = makeExpoFileSystem();
        // The File class is synchronous: one returning a promise would leave it unhandled, the module awaits none.
        const Files = how.startsWith('rejects') ? [answer] : [answer, class { constructor() { return answer(); } }];
        for (const File of Files) {
          const storage = bridge.groupStorage(new Directory(`file://${freshDirectory()}`), { File });
          cases.push([`a Directory whose File ${how}: set`, () => storage.set(MESSAGES_KEY, '{"a":"b"}')]);
          cases.push([`a Directory whose File ${how}: get`, () => storage.get(MESSAGES_KEY)]);
        }
        cases.push([
          `a core whose getMessages ${how}`,
          () => bridge.mirrorToWidget({ ...mirrorOptions(), core: { getMessages: answer } }),
        ]);
        cases.push([`a reload that ${how}`, () => bridge.mirrorToWidget({ ...mirrorOptions(), reload: answer })]);
        const storage = { get: answer, set: answer };
        const own = `a storage of your own whose get and set ${how}`;
        cases.push([`${own}: saveLocaleToWidget`, () => bridge.saveLocaleToWidget(storage, PROJECT, 'tr')]);
        cases.push([`${own}: recordReloadRequest`, () => bridge.recordReloadRequest(storage, PROJECT)]);
        cases.push([`${own}: mirrorToWidget`, () => bridge.mirrorToWidget({ ...mirrorOptions(), storage })]);
      }
    }
    const { problems } = await walk(cases);
    assert.deepEqual(problems, []);
  });
});
