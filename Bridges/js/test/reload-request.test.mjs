// recordReloadRequest writes what WidgetI18n's ReloadRequest reads (Sources/GroupContract/ReloadRequest.swift):
// `{"id", "kind", "reason", "requestedAt"}` under `@better-i18n:widget-i18n:reload:{project}[:{kind}]`, the time
// as milliseconds; the end-to-end test has the built widget-i18n read one back.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { groupStorage, recordReloadRequest, storageKeys } from '../index.mjs';
import { MemoryExtensionStorage } from './support/fakes.mjs';

const PROJECT = 'acme/widgets';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('recordReloadRequest', () => {
  test('writes a request for every kind: a fresh UUID, no kind, the reason, Date.now() in ms', async () => {
    const backend = new MemoryExtensionStorage();
    const storage = groupStorage(backend);
    const before = Date.now();
    const result = await recordReloadRequest(storage, PROJECT, { reason: 'messages updated: tr, en' });
    const key = '@better-i18n:widget-i18n:reload:acme/widgets';
    assert.equal(result.key, key);
    const stored = backend.values.get(key);
    assert.deepEqual(Object.keys(JSON.parse(stored)), ['id', 'kind', 'reason', 'requestedAt']);
    const request = JSON.parse(stored);
    assert.match(request.id, UUID_V4);
    assert.equal(request.kind, null);
    assert.equal(request.reason, 'messages updated: tr, en');
    assert.ok(Number.isInteger(request.requestedAt));
    assert.ok(request.requestedAt >= before && request.requestedAt <= Date.now());
    assert.deepEqual(result, { key, ...request });
    const again = await recordReloadRequest(storage, PROJECT);
    assert.notEqual(again.id, request.id);
    assert.equal(again.reason, '');
  });

  test('writes a request for one kind under its own key', async () => {
    const backend = new MemoryExtensionStorage();
    const result = await recordReloadRequest(groupStorage(backend), PROJECT, { kind: 'TodayWidget', reason: 'data' });
    assert.equal(result.key, '@better-i18n:widget-i18n:reload:acme/widgets:TodayWidget');
    assert.equal(result.key, storageKeys.reloadRequest(PROJECT, 'TodayWidget'));
    assert.equal(JSON.parse(backend.values.get(result.key)).kind, 'TodayWidget');
  });

  test('refuses a kind that is no kind, a reason that is no string, an invalid project; writes nothing', async () => {
    const backend = new MemoryExtensionStorage();
    const storage = groupStorage(backend);
    for (const kind of ['', 'a:b', 'tab\there', 'line\nbreak', '\u0085', 7, {}]) {
      const expected = { name: 'TypeError', code: 'ERR_INVALID_KIND' };
      await assert.rejects(recordReloadRequest(storage, PROJECT, { kind }), expected, String(kind));
    }
    await assert.rejects(recordReloadRequest(storage, PROJECT, { reason: 42 }), { code: 'ERR_INVALID_REASON' });
    await assert.rejects(recordReloadRequest(storage, PROJECT, { reason: 'x'.repeat(70000) }), {
      name: 'RangeError',
      code: 'ERR_INVALID_REASON',
    });
    await assert.rejects(recordReloadRequest(storage, 'acme', {}), { code: 'ERR_INVALID_PROJECT' });
    await assert.rejects(recordReloadRequest(storage, PROJECT, 'today'), { code: 'ERR_INVALID_OPTIONS' });
    await assert.rejects(recordReloadRequest({}, PROJECT), { code: 'ERR_INVALID_STORAGE' });
    assert.equal(backend.calls.filter(([call]) => call === 'set').length, 0);
    assert.throws(() => storageKeys.reloadRequest(PROJECT, 'a:b'), { code: 'ERR_INVALID_KIND' });
  });
});
