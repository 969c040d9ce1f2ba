// saveLocaleToWidget and mirrorToWidget over fakes of both backend shapes and a fake better-i18n core.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { groupStorage, MAXIMUM_MESSAGES_BYTES, mirrorToWidget, saveLocaleToWidget } from '../index.mjs';
import { fakeCore, MemoryExtensionStorage, memorySharedGroupPreferences } from './support/fakes.mjs';

const PROJECT = 'acme/widgets';
const GROUP = 'group.acme.widgets';
const RELOAD_KEY = '@better-i18n:widget-i18n:reload:acme/widgets';
/** The contract's keys and the reload request, in the order written: the ledger and the stamps left out. */
const isWatched = (key) =>
  !key.startsWith('@better-i18n:widget-i18n:') || key.startsWith('@better-i18n:widget-i18n:reload:');

const backends = {
  ExtensionStorage: () => {
    const backend = new MemoryExtensionStorage();
    return { storage: groupStorage(backend), values: backend.values };
  },
  'react-native-shared-group-preferences': () => {
    const backend = memorySharedGroupPreferences();
    backend.groups.set(GROUP, new Map());
    return { storage: groupStorage(backend, { appGroup: GROUP }), values: backend.groups.get(GROUP) };
  },
};

/** A storage that records the order of writes, over ExtensionStorage's shape. */
function recordingStorage({ failOn } = {}) {
  const backend = new MemoryExtensionStorage();
  const order = [];
  const storage = groupStorage({
    get: (key) => backend.get(key),
    set: (key, value) => {
      if (failOn && key.endsWith(failOn)) throw new Error('the App Group is full');
      if (isWatched(key)) order.push(key);
      backend.set(key, value);
    },
    remove: (key) => backend.remove(key),
  });
  return { storage, order, values: backend.values };
}

for (const [name, make] of Object.entries(backends)) {
  describe(`saveLocaleToWidget over ${name}`, () => {
    test('writes the normalised locale under @better-i18n:locale:{project}', async () => {
      const { storage, values } = make();
      for (const [given, stored] of [
        ['pt-BR', 'pt-br'],
        ['pt_BR', 'pt-br'],
        ['PT-br', 'pt-br'],
        ['zh_Hant_TW', 'zh-hant-tw'],
        ['tr', 'tr'],
      ]) {
        assert.deepEqual(await saveLocaleToWidget(storage, PROJECT, given), {
          key: '@better-i18n:locale:acme/widgets',
          locale: stored,
          reloaded: false,
        });
        assert.equal(values.get('@better-i18n:locale:acme/widgets'), stored, given);
      }
    });
  });

  describe(`mirrorToWidget over ${name}`, () => {
    test('writes every full bundle under the normalised key, then the locale, then reloads', async () => {
      const { storage, values } = make();
      const core = fakeCore();
      let reloadsSeen = 0;
      const summary = await mirrorToWidget({
        core,
        storage,
        project: PROJECT,
        locales: ['en', 'pt-BR', 'zh_Hant'],
        locale: 'pt-BR',
        reload: () => {
          reloadsSeen++;
          // What a widget reloaded now would read: the locale, and its messages.
          assert.equal(values.get('@better-i18n:locale:acme/widgets'), 'pt-br');
          assert.ok(values.get('@better-i18n:messages:acme/widgets:pt-br'));
        },
      });
      assert.equal(reloadsSeen, 1);
      assert.deepEqual(core.requests, [['en'], ['pt-br'], ['zh-hant']]);
      const keys = ['en', 'pt-br', 'zh-hant'].map((locale) => `@better-i18n:messages:acme/widgets:${locale}`);
      for (const [index, key] of keys.entries()) {
        const locale = ['en', 'pt-br', 'zh-hant'][index];
        assert.equal(values.get(key), JSON.stringify((await fakeCore().getMessages(locale))), key);
      }
      // The selected locale's bundle first, then the rest in `locales` order.
      assert.deepEqual(
        summary.locales.map(({ locale, key }) => [locale, key]),
        [1, 0, 2].map((index) => [['en', 'pt-br', 'zh-hant'][index], keys[index]]),
      );
      assert.deepEqual(summary.skipped, []);
      assert.equal(summary.budget, storage.budget);
      assert.equal(summary.reloadRequest.key, RELOAD_KEY);
      assert.equal(JSON.parse(values.get(RELOAD_KEY)).id, summary.reloadRequest.id);
      assert.equal(
        summary.bytes,
        keys.reduce((sum, key) => sum + Buffer.byteLength(values.get(key)), 0),
      );
      assert.ok(summary.locales.every(({ bytes }) => bytes > 500));
      assert.equal(summary.locale, 'pt-br');
      assert.equal(summary.reloaded, true);
      assert.equal(summary.project, PROJECT);
    });
  });
}

describe('mirrorToWidget', () => {
  test('writes the selected bundle, then the rest, then the locale, then a reload request, then reloads', async () => {
    const { storage, order, values } = recordingStorage();
    const events = [];
    await mirrorToWidget({
      core: fakeCore(),
      storage,
      project: PROJECT,
      locales: ['tr', 'de'],
      locale: 'de',
      reload: () => events.push(`reload after ${order.length} writes`),
    });
    assert.deepEqual(order, [
      '@better-i18n:messages:acme/widgets:de',
      '@better-i18n:messages:acme/widgets:tr',
      '@better-i18n:locale:acme/widgets',
      RELOAD_KEY,
    ]);
    assert.deepEqual(events, ['reload after 4 writes']);
    const request = JSON.parse(values.get(RELOAD_KEY));
    assert.deepEqual(Object.keys(request), ['id', 'kind', 'reason', 'requestedAt']);
    assert.equal(request.reason, 'messages updated: de, tr; locale de');
    assert.equal(request.kind, null);
  });

  test('writes the default locale right after the selected one, and mirrors it when locales lacks it', async () => {
    const { storage, order } = recordingStorage();
    const core = fakeCore();
    const summary = await mirrorToWidget({
      core,
      storage,
      project: PROJECT,
      locales: ['fr', 'de', 'tr'],
      locale: 'tr',
      defaultLocale: 'EN',
    });
    assert.deepEqual(core.requests, [['fr'], ['de'], ['tr'], ['en']]);
    assert.deepEqual(
      summary.locales.map((entry) => entry.locale),
      ['tr', 'en', 'fr', 'de'],
    );
    assert.deepEqual(order.slice(0, 2), [
      '@better-i18n:messages:acme/widgets:tr',
      '@better-i18n:messages:acme/widgets:en',
    ]);
    await assert.rejects(
      mirrorToWidget({ core, storage, project: PROJECT, locales: ['fr'], defaultLocale: 'en US' }),
      { code: 'ERR_INVALID_LOCALE' },
    );
  });

  test("the reload request says which bundles were written, and '; locale' only when the locale changed", async () => {
    const { storage, values } = recordingStorage();
    await mirrorToWidget({ core: fakeCore(), storage, project: PROJECT, locales: ['en', 'tr'], locale: 'tr' });
    assert.equal(JSON.parse(values.get(RELOAD_KEY)).reason, 'messages updated: tr, en; locale tr');
    const first = JSON.parse(values.get(RELOAD_KEY)).id;
    await mirrorToWidget({ core: fakeCore(), storage, project: PROJECT, locales: ['en', 'tr'], locale: 'TR' });
    const second = JSON.parse(values.get(RELOAD_KEY));
    assert.equal(second.reason, 'messages updated: tr, en');
    assert.notEqual(second.id, first);
    await mirrorToWidget({ core: fakeCore(), storage, project: PROJECT, locales: ['de'] });
    assert.equal(JSON.parse(values.get(RELOAD_KEY)).reason, 'messages updated: de');
  });

  test("mirrors the selected locale's bundle first when locales lacks it, and each locale once", async () => {
    const { storage, order } = recordingStorage();
    const core = fakeCore();
    const locales = ['en', 'EN', 'en'];
    const summary = await mirrorToWidget({ core, storage, project: PROJECT, locales, locale: 'ja' });
    assert.deepEqual(core.requests, [['en'], ['ja']]);
    assert.deepEqual(order, [
      '@better-i18n:messages:acme/widgets:ja',
      '@better-i18n:messages:acme/widgets:en',
      '@better-i18n:locale:acme/widgets',
      RELOAD_KEY,
    ]);
    assert.equal(summary.reloaded, false);
  });

  test('asks the core for each whole bundle: getMessages(locale) with no namespace option', async () => {
    const core = fakeCore();
    await mirrorToWidget({ core, storage: recordingStorage().storage, project: PROJECT, locales: ['fr'] });
    assert.deepEqual(core.requests, [['fr']]);
  });

  test('with no locale option, writes no locale', async () => {
    const { storage, values } = recordingStorage();
    const summary = await mirrorToWidget({ core: fakeCore(), storage, project: PROJECT, locales: ['ru'] });
    assert.equal(values.has('@better-i18n:locale:acme/widgets'), false);
    assert.equal(summary.locale, null);
  });

  test('a project id as ProjectID reads it, UUIDs included', async () => {
    const { storage, order } = recordingStorage();
    const uuid = '3f2c8a9e-1b4d-4c6a-9e2f-7a8b9c0d1e2f';
    await mirrorToWidget({ core: fakeCore(), storage, project: uuid, locales: ['pl'], locale: 'pl' });
    assert.deepEqual(order, [
      `@better-i18n:messages:${uuid}:pl`,
      `@better-i18n:locale:${uuid}`,
      `@better-i18n:widget-i18n:reload:${uuid}`,
    ]);
  });

  describe('writes nothing when an argument or a bundle is wrong', () => {
    const cases = [
      ['an invalid project', { project: 'acme' }, { name: 'RangeError', code: 'ERR_INVALID_PROJECT' }],
      [
        'an invalid locale among locales',
        { locales: ['en', 'en US'] },
        { name: 'RangeError', code: 'ERR_INVALID_LOCALE' },
      ],
      ['an invalid selected locale', { locale: '../x' }, { name: 'RangeError', code: 'ERR_INVALID_LOCALE' }],
      ['no locales', { locales: [], locale: undefined }, { name: 'TypeError', code: 'ERR_INVALID_LOCALES' }],
      ['locales not an array', { locales: 'en' }, { name: 'TypeError', code: 'ERR_INVALID_LOCALES' }],
      ['no core', { core: undefined }, { name: 'TypeError', code: 'ERR_INVALID_CORE' }],
      ['a reload that is not a function', { reload: 'today' }, { name: 'TypeError', code: 'ERR_INVALID_RELOAD' }],
      [
        'a locale the core cannot load',
        { locales: ['en', 'xx'] },
        {
          code: 'ERR_GET_MESSAGES',
          message: /core\.getMessages\('xx'\) failed: 404 for xx\/translations\.json; nothing was written/,
        },
      ],
      [
        'a bundle that is not an object',
        { core: fakeCore({ bundles: { en: { a: 'b' }, de: ['a'] } }), locales: ['en', 'de'] },
        { name: 'TypeError', code: 'ERR_INVALID_MESSAGES', message: /returned an array, not a messages object/ },
      ],
      [
        'an empty bundle',
        { core: fakeCore({ bundles: { en: { a: 'b' }, de: {} } }), locales: ['en', 'de'] },
        { name: 'RangeError', code: 'ERR_EMPTY_MESSAGES' },
      ],
      [
        'a bundle larger than a widget reads',
        {
          core: fakeCore({ bundles: { en: { a: 'b' }, de: { big: 'x'.repeat(MAXIMUM_MESSAGES_BYTES) } } }),
          locales: ['en', 'de'],
        },
        { name: 'RangeError', code: 'ERR_MESSAGES_TOO_LARGE', message: /more than the 4194304 a widget reads/ },
      ],
    ];
    for (const [title, override, expected] of cases) {
      test(title, async () => {
        const { storage, order } = recordingStorage();
        let reloaded = false;
        const options = {
          core: fakeCore(),
          storage,
          project: PROJECT,
          locales: ['en', 'tr'],
          locale: 'tr',
          reload: () => (reloaded = true),
          ...override,
        };
        await assert.rejects(mirrorToWidget(options), expected);
        assert.deepEqual(order, []);
        assert.equal(reloaded, false);
      });
    }
    test('a storage without set', async () => {
      await assert.rejects(
        mirrorToWidget({ core: fakeCore(), storage: { setItem() {} }, project: PROJECT, locales: ['en'] }),
        { name: 'TypeError', code: 'ERR_INVALID_STORAGE' },
      );
    });
  });

  test('a failed write stops there, says what was written, neither selects the locale nor reloads', async () => {
    const { storage, values } = recordingStorage({ failOn: ':de' });
    let reloaded = false;
    await assert.rejects(
      mirrorToWidget({
        core: fakeCore(),
        storage,
        project: PROJECT,
        locales: ['en', 'de', 'fr'],
        locale: 'fr',
        reload: () => (reloaded = true),
      }),
      (error) => {
        assert.equal(error.code, 'ERR_MIRROR_WRITE');
        assert.match(
          error.message,
          /^mirrorToWidget: writing the messages of 'de' failed \(written before it: 'fr', 'en'; /,
        );
        assert.match(
          error.message,
          /groupStorage: could not write '@better-i18n:messages:acme\/widgets:de' in ExtensionStorage: the App Group is full$/,
        );
        assert.deepEqual(error.written, ['fr', 'en']);
        assert.equal(error.cause.code, 'ERR_GROUP_STORAGE');
        return true;
      },
    );
    assert.deepEqual(
      [...values.keys()].filter(isWatched),
      ['@better-i18n:messages:acme/widgets:fr', '@better-i18n:messages:acme/widgets:en'],
    );
    assert.equal(reloaded, false);
  });

  test('a failing locale write is reported after the messages, with no reload', async () => {
    const { storage, values } = recordingStorage({ failOn: 'locale:acme/widgets' });
    let reloaded = false;
    await assert.rejects(
      mirrorToWidget({
        core: fakeCore(),
        storage,
        project: PROJECT,
        locales: ['en'],
        locale: 'en',
        reload: () => (reloaded = true),
      }),
      { code: 'ERR_MIRROR_WRITE', message: /the messages were written, but writing the locale 'en' failed/ },
    );
    assert.deepEqual([...values.keys()].filter(isWatched), ['@better-i18n:messages:acme/widgets:en']);
    assert.equal(reloaded, false);
  });

  test('a reload request that cannot be written is reported, and reload() is not called', async () => {
    const { storage } = recordingStorage({ failOn: 'reload:acme/widgets' });
    let reloaded = false;
    await assert.rejects(
      mirrorToWidget({
        core: fakeCore(),
        storage,
        project: PROJECT,
        locales: ['en'],
        locale: 'en',
        reload: () => (reloaded = true),
      }),
      {
        code: 'ERR_MIRROR_WRITE',
        message: /the messages and the locale were written, but recording the reload request failed/,
      },
    );
    assert.equal(reloaded, false);
  });

  test('a reload that throws is reported after everything was written', async () => {
    const { storage, values } = recordingStorage();
    const cause = new Error('WidgetCenter is unavailable');
    await assert.rejects(
      mirrorToWidget({
        core: fakeCore(),
        storage,
        project: PROJECT,
        locales: ['en'],
        locale: 'en',
        reload: async () => Promise.reject(cause),
      }),
      (error) => error.code === 'ERR_RELOAD' && error.cause === cause && /everything was written/.test(error.message),
    );
    assert.deepEqual(
      [...values.keys()].filter(isWatched),
      ['@better-i18n:messages:acme/widgets:en', '@better-i18n:locale:acme/widgets', RELOAD_KEY],
    );
  });
});

describe('saveLocaleToWidget errors', () => {
  test('an invalid locale or project writes nothing', async () => {
    const { storage, order } = recordingStorage();
    const invalid = (code) => ({ name: 'RangeError', code });
    await assert.rejects(saveLocaleToWidget(storage, PROJECT, 'pt BR'), invalid('ERR_INVALID_LOCALE'));
    await assert.rejects(saveLocaleToWidget(storage, 'acme/', 'pt'), invalid('ERR_INVALID_PROJECT'));
    assert.deepEqual(order, []);
  });

  test('a storage that is not one is a TypeError', async () => {
    for (const storage of [undefined, {}, { setItem() {} }]) {
      const expected = { name: 'TypeError', code: 'ERR_INVALID_STORAGE' };
      await assert.rejects(saveLocaleToWidget(storage, PROJECT, 'en'), expected);
    }
  });

  test("a backend that throws propagates with groupStorage's context", async () => {
    const storage = groupStorage({
      get: () => null,
      set: () => {
        throw new Error('read-only');
      },
      remove: () => {},
    });
    await assert.rejects(saveLocaleToWidget(storage, PROJECT, 'en'), {
      code: 'ERR_GROUP_STORAGE',
      message: "groupStorage: could not write '@better-i18n:locale:acme/widgets' in ExtensionStorage: read-only",
    });
  });
});
