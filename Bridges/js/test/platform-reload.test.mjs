// On a phone only WidgetKit reloads a widget: the bridge's locale and mirror calls reload through the platform,
// ExtensionStorage's own `static reloadWidget(name?)` (@bacons/apple-targets,
// packages/apple-targets/src/ExtensionStorage.ts, which calls WidgetCenter) or a function the app passes.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { groupStorage, mirrorToWidget, saveLocaleToWidget } from '../index.mjs';
import { fakeCore, MemoryExtensionStorage } from './support/fakes.mjs';

/** ExtensionStorage as @bacons/apple-targets declares it: a class whose static `reloadWidget` reloads widgets. */
class ReloadingExtensionStorage extends MemoryExtensionStorage {
  static reloads = [];

  static reloadWidget(name) {
    ReloadingExtensionStorage.reloads.push(name ?? null);
  }
}

describe('the widgets reload through the platform', () => {
  test("saveLocaleToWidget writes the locale, then calls ExtensionStorage.reloadWidget() once", async () => {
    ReloadingExtensionStorage.reloads = [];
    const backend = new ReloadingExtensionStorage();
    const storage = groupStorage(backend);
    assert.equal(typeof storage.reloadWidgets, 'function');
    const result = await saveLocaleToWidget(storage, 'acme/widgets', 'pt-BR');
    assert.deepEqual(result, { key: '@better-i18n:locale:acme/widgets', locale: 'pt-br', reloaded: true });
    assert.equal(backend.values.get('@better-i18n:locale:acme/widgets'), 'pt-br');
    assert.deepEqual(ReloadingExtensionStorage.reloads, [null]);
  });

  test('mirrorToWidget reloads through the storage when the app passes no reload', async () => {
    ReloadingExtensionStorage.reloads = [];
    const storage = groupStorage(new ReloadingExtensionStorage());
    const summary = await mirrorToWidget({
      core: fakeCore(), storage, project: 'acme/widgets', locales: ['tr', 'en'], locale: 'tr', defaultLocale: 'en',
    });
    assert.equal(summary.reloaded, true);
    assert.deepEqual(ReloadingExtensionStorage.reloads, [null]);
  });

  test("a reload the app passes wins over the platform's, for the storage and for one call", async () => {
    ReloadingExtensionStorage.reloads = [];
    const calls = [];
    const storage = groupStorage(new ReloadingExtensionStorage(), { reload: () => calls.push('storage') });
    await saveLocaleToWidget(storage, 'acme/widgets', 'tr');
    await saveLocaleToWidget(storage, 'acme/widgets', 'en', { reload: () => calls.push('call') });
    assert.deepEqual(calls, ['storage', 'call']);
    assert.deepEqual(ReloadingExtensionStorage.reloads, []);
  });

  test('a storage that knows no reload writes and says it reloaded nothing', async () => {
    const storage = groupStorage(new MemoryExtensionStorage());
    assert.equal(storage.reloadWidgets, undefined);
    const result = await saveLocaleToWidget(storage, 'acme/widgets', 'tr');
    assert.equal(result.reloaded, false);
  });

  test('a reload that fails is an error with a code, after the locale was written', async () => {
    const backend = new MemoryExtensionStorage();
    const storage = groupStorage(backend, {
      reload: () => {
        throw new Error('no WidgetCenter');
      },
    });
    await assert.rejects(saveLocaleToWidget(storage, 'acme/widgets', 'tr'), { code: 'ERR_RELOAD' });
    assert.equal(backend.values.get('@better-i18n:locale:acme/widgets'), 'tr');
    assert.throws(() => groupStorage(backend, { reload: 'yes' }), { code: 'ERR_INVALID_OPTIONS' });
  });
});
