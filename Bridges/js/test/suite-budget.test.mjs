// A UserDefaults suite never passes its budget, counted by the one rule of docs/architecture.md, "A suite's
// budget": the suite's size as a binary property list (lib/suite-budget.mjs, a port of WidgetI18n's
// PropertyListSize.dictionary), checked against the vectors the Swift tests share
// (Tests/GroupStoreTests/Data/suite-budget-vectors.json, made with Python's plistlib); groupStorage keeps a ledger of
// what it wrote and refuses a write that would pass the budget, and mirrorToWidget writes the bundles that fit, in
// order, or nothing.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import {
  groupStorage,
  mirrorToWidget,
  SUITE_BUDGET_BYTES,
  SUITE_LIMITS,
  storageKeys,
  suiteEntryBytes,
} from '../index.mjs';
import { encodedDomainBytes, propertyListStringBytes } from '../lib/suite-budget.mjs';
import { fakeCore, MemoryExtensionStorage, memorySharedGroupPreferences, repositoryRoot } from './support/fakes.mjs';

const PROJECT = 'acme/widgets';
const GROUP = 'group.acme.widgets';
const LEDGER = storageKeys.suiteLedger;
const LOCALE_KEY = storageKeys.locale(PROJECT);

/** A domain's size by the rule, from its keys and string values. */
const domainBytes = (pairs) => encodedDomainBytes(pairs.map(([key, value]) => [key, propertyListStringBytes(value)]));

/** The ledger in `values`, and the suite's size as it counts it: its entries and itself. */
function ledgerOf(values) {
  const text = values.get(LEDGER);
  const ledger = JSON.parse(text);
  const total = encodedDomainBytes([...Object.entries(ledger.entries), [LEDGER, propertyListStringBytes(text)]]);
  return { ...ledger, total };
}

const setsIn = (backend) => backend.calls.filter(([call]) => call === 'set');

/** The shared vectors: each case's entries, its generated ones included (see make-suite-budget-vectors.py). */
function vectorCases() {
  const path = join(repositoryRoot, 'Tests', 'GroupStoreTests', 'Data', 'suite-budget-vectors.json');
  return JSON.parse(readFileSync(path, 'utf8')).map((vector) => {
    const entries = [...vector.entries];
    const generated = vector.generated;
    for (let index = 0; generated && index < generated.count; index++) {
      entries.push([`${generated.key}${index}`, `${generated.value.repeat(generated.repeat ?? 1)}${index}`]);
    }
    return { ...vector, entries };
  });
}

describe("a suite's size", () => {
  test('is what plistlib writes for every shared vector, byte for byte', () => {
    const cases = vectorCases();
    assert.ok(cases.length >= 25, `${cases.length} cases`);
    for (const vector of cases) assert.equal(domainBytes(vector.entries), vector.bytes, vector.name);
    // The boundaries the vectors are about are all there: 1, 2 and 4-byte references and offsets.
    assert.deepEqual([...new Set(cases.map((vector) => vector.referenceSize))].sort(), [1, 2, 4]);
    assert.deepEqual([...new Set(cases.map((vector) => vector.offsetSize))].sort(), [1, 2, 4]);
  });

  test("suiteEntryBytes is an entry's two string objects: ASCII a byte a unit, anything else two", () => {
    const string = (text) => suiteEntryBytes('', text) - suiteEntryBytes('', '');
    assert.equal(suiteEntryBytes('', ''), 1 + 1);
    assert.equal(suiteEntryBytes('key', 'value'), 1 + 3 + 1 + 5);
    assert.equal(string('a'.repeat(14)), 14);
    assert.equal(string(`${'a'.repeat(13)}ş`), 2 * 14);
    assert.equal(string('😀'), 2 * 2);
    // From 15 units on, the length is an integer object: 1 + 1, 2 or 4 bytes.
    assert.equal(string('a'.repeat(15)), 2 + 15);
    assert.equal(string('a'.repeat(255)), 2 + 255);
    assert.equal(string('a'.repeat(256)), 3 + 256);
    assert.equal(string('a'.repeat(65536)), 5 + 65536);
    assert.equal(string('ş'.repeat(300)), 3 + 600);
    assert.throws(() => suiteEntryBytes('k', 7), { code: 'ERR_INVALID_VALUE' });
  });

  test("the limits are the system's, the default budget a sixteenth below iOS's", () => {
    assert.deepEqual(SUITE_LIMITS, { iOS: 4194304, watchOS: 1048576 });
    assert.equal(SUITE_BUDGET_BYTES, 4194304 - 262144);
    assert.equal(groupStorage(new MemoryExtensionStorage()).budget, SUITE_BUDGET_BYTES);
  });
});

describe('groupStorage over a suite', () => {
  test('keeps a ledger of every key it wrote and its cost, the stamps and itself counted', async () => {
    const backend = new MemoryExtensionStorage();
    const storage = groupStorage(backend);
    const messages = storageKeys.messages(PROJECT, 'tr');
    await storage.set(messages, '{"today":{"title":"Bugün"}}');
    await storage.set(LOCALE_KEY, 'tr');
    const stamp = backend.values.get(storageKeys.messagesWritten(PROJECT, 'tr'));
    assert.deepEqual(JSON.parse(stamp).size, Buffer.byteLength('{"today":{"title":"Bugün"}}'));
    const ledger = ledgerOf(backend.values);
    assert.equal(ledger.version, 2);
    assert.deepEqual(ledger.entries, {
      [messages]: propertyListStringBytes('{"today":{"title":"Bugün"}}'),
      [storageKeys.messagesWritten(PROJECT, 'tr')]: propertyListStringBytes(stamp),
      [LOCALE_KEY]: propertyListStringBytes('tr'),
    });
    // What the ledger counts is the suite it describes, encoded whole.
    assert.equal(ledger.total, domainBytes([...backend.values]));
    // The core's own writes through the storage are counted like any other.
    await fakeCore({ storage }).getMessages('de');
    assert.ok(ledgerOf(backend.values).entries[storageKeys.messages(PROJECT, 'de')] > 100);
    // The ledger is the bridge's: nobody writes it through the storage.
    await assert.rejects(storage.set(LEDGER, '{}'), { code: 'ERR_INVALID_KEY' });
  });

  test('refuses, writing nothing, a write past the budget, and says what to do', async () => {
    const probe = new MemoryExtensionStorage();
    await groupStorage(probe).set(LOCALE_KEY, 'tr');
    const exact = ledgerOf(probe.values).total;
    // Exactly the budget fits; a byte less does not.
    await groupStorage(new MemoryExtensionStorage(), { budget: exact }).set(LOCALE_KEY, 'tr');
    const backend = new MemoryExtensionStorage();
    const storage = groupStorage(backend, { budget: exact - 1 });
    await assert.rejects(storage.set(LOCALE_KEY, 'tr'), (error) => {
      assert.equal(error.code, 'ERR_SUITE_FULL');
      assert.equal(error.key, LOCALE_KEY);
      assert.equal(error.counted, 0);
      assert.equal(error.bytes, exact);
      assert.equal(error.budget, exact - 1);
      assert.match(error.message, /^groupStorage: writing '@better-i18n:locale:acme\/widgets' would take /);
      assert.match(error.message, / ExtensionStorage to \d+ bytes, past its budget of \d+ \(it holds 0 /);
      assert.match(error.message, /nothing was written/);
      assert.match(error.message, /fileStorage\(directory\) from '@widget-i18n\/bridge\/node'/);
      assert.match(error.message, /groupStorage\(new Directory\(\.\.\.\), \{ File \}\) over expo-file-system$/);
      return true;
    });
    assert.deepEqual(setsIn(backend), []);
  });

  test('counts a value outside ASCII at two bytes a unit: one ş can make a bundle not fit', async () => {
    const ascii = JSON.stringify({ title: 'a'.repeat(1000) });
    const turkish = JSON.stringify({ title: `ş${'a'.repeat(999)}` });
    const key = storageKeys.messages(PROJECT, 'tr');
    const probe = new MemoryExtensionStorage();
    await groupStorage(probe).set(key, ascii);
    const storage = groupStorage(new MemoryExtensionStorage(), { budget: ledgerOf(probe.values).total + 500 });
    await storage.set(key, ascii);
    await assert.rejects(storage.set(key, turkish), { code: 'ERR_SUITE_FULL' });
  });

  test("replaces a key's old cost, lets a write shrink an over-full suite, and frees on removal", async () => {
    const backend = new MemoryExtensionStorage();
    const key = '@app:blob';
    await groupStorage(backend).set(key, 'x'.repeat(5000));
    const full = ledgerOf(backend.values).total;
    const storage = groupStorage(backend, { budget: full - 1000 });
    await assert.rejects(storage.set('@app:other', 'y'), { code: 'ERR_SUITE_FULL' });
    await assert.rejects(storage.set(key, 'x'.repeat(5001)), { code: 'ERR_SUITE_FULL' });
    await storage.set(key, 'x'.repeat(4990));
    await storage.remove(key);
    assert.equal(backend.values.has(key), false);
    assert.deepEqual(ledgerOf(backend.values).entries, {});
    await storage.set('@app:other', 'y');
  });

  test('removing a messages key removes its stamp, and the ledger forgets both', async () => {
    const backend = new MemoryExtensionStorage();
    const storage = groupStorage(backend);
    const key = storageKeys.messages(PROJECT, 'en');
    await storage.set(key, '{"a":"b"}');
    await storage.removeItem(key);
    assert.deepEqual([...backend.values.keys()], [LEDGER]);
    assert.deepEqual(ledgerOf(backend.values).entries, {});
  });

  test('over shared-group-preferences, a cleared locale is counted as the empty string it writes', async () => {
    const backend = memorySharedGroupPreferences();
    const storage = groupStorage(backend, { appGroup: GROUP });
    await storage.set(LOCALE_KEY, 'pt-br');
    await storage.remove(LOCALE_KEY);
    const values = backend.groups.get(GROUP);
    assert.equal(values.get(LOCALE_KEY), '');
    assert.equal(ledgerOf(values).entries[LOCALE_KEY], propertyListStringBytes(''));
  });

  test("a ledger of version 1 is read: an entry's flat 30 bytes and its key are taken off its cost", async () => {
    const backend = new MemoryExtensionStorage();
    const value = 'v'.repeat(100);
    backend.values.set('@app:old', value);
    const oldCost = suiteEntryBytes('@app:old', value) + 30;
    backend.values.set(LEDGER, JSON.stringify({ version: 1, entries: { '@app:old': oldCost } }));
    await groupStorage(backend).set(LOCALE_KEY, 'tr');
    const ledger = ledgerOf(backend.values);
    assert.equal(ledger.version, 2);
    assert.deepEqual(ledger.entries, { '@app:old': propertyListStringBytes(value), [LOCALE_KEY]: 3 });
    assert.equal(ledger.total, domainBytes([...backend.values]));
  });

  test('an unreadable ledger counts as empty and is written anew', async () => {
    const backend = new MemoryExtensionStorage();
    backend.values.set(LEDGER, 'not json');
    await groupStorage(backend).set(LOCALE_KEY, 'tr');
    assert.deepEqual(Object.keys(ledgerOf(backend.values).entries), [LOCALE_KEY]);
  });

  test('writes through two storages over one backend never lose each other in the ledger', async () => {
    const backend = new MemoryExtensionStorage();
    const asynchronous = {
      get: async (key) => backend.get(key),
      set: async (key, value) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        backend.set(key, value);
      },
      remove: async (key) => backend.remove(key),
    };
    const first = groupStorage(asynchronous);
    const second = groupStorage(asynchronous);
    const writes = Array.from({ length: 10 }, (_, index) => (index % 2 ? first : second).set(`@app:k${index}`, 'v'));
    await Promise.all(writes);
    assert.equal(Object.keys(ledgerOf(backend.values).entries).length, 10);
  });

  test('takes a budget of a positive integer of bytes only', () => {
    for (const budget of [0, -1, 1.5, '4000', Number.NaN, null, Infinity]) {
      const make = () => groupStorage(new MemoryExtensionStorage(), { budget });
      assert.throws(make, { code: 'ERR_INVALID_OPTIONS' }, String(budget));
    }
    assert.equal(groupStorage(new MemoryExtensionStorage(), { budget: SUITE_LIMITS.watchOS }).budget, 1048576);
  });
});

describe('mirrorToWidget over a suite', () => {
  const bundles = {
    tr: { title: 't'.repeat(1000) },
    en: { title: 'e'.repeat(1000) },
    de: { title: 'd'.repeat(5000) },
    fr: { title: 'f'.repeat(500) },
    ja: { title: 'j'.repeat(500) },
  };
  const mirror = (storage, locales) =>
    mirrorToWidget({
      core: fakeCore({ bundles }),
      storage,
      project: PROJECT,
      locales,
      locale: 'tr',
      defaultLocale: 'en',
    });

  /** The suite's size once the selected and default bundles, the locale and a reload request are in it. */
  async function requiredSize() {
    const probe = new MemoryExtensionStorage();
    await mirror(groupStorage(probe), []);
    return ledgerOf(probe.values).total;
  }

  test('writes the selected and default bundles, then the others in order as they fit, listing the rest', async () => {
    const budget = (await requiredSize()) + 1200;
    const backend = new MemoryExtensionStorage();
    const summary = await mirror(groupStorage(backend, { budget }), ['de', 'fr', 'ja']);
    assert.deepEqual(summary.locales.map((entry) => entry.locale), ['tr', 'en', 'fr']);
    assert.equal(summary.budget, budget);
    assert.deepEqual(
      summary.skipped.map(({ locale, bytes }) => [locale, bytes]),
      [
        ['de', JSON.stringify(bundles.de).length],
        ['ja', JSON.stringify(bundles.ja).length],
      ],
    );
    assert.ok(summary.skipped.every(({ suiteBytes, bytes }) => suiteBytes > bytes));
    assert.ok(ledgerOf(backend.values).total <= budget);
    assert.equal(backend.values.has(storageKeys.messages(PROJECT, 'de')), false);
    const request = JSON.parse(backend.values.get(storageKeys.reloadRequest(PROJECT)));
    assert.equal(request.reason, 'messages updated: tr, en, fr; locale tr');
  });

  test('writes nothing, and says so, when the selected and default bundles do not fit', async () => {
    const budget = (await requiredSize()) - 1;
    const backend = new MemoryExtensionStorage();
    let reloaded = false;
    await assert.rejects(
      mirrorToWidget({
        core: fakeCore({ bundles }),
        storage: groupStorage(backend, { budget }),
        project: PROJECT,
        locales: ['fr'],
        locale: 'tr',
        defaultLocale: 'en',
        reload: () => (reloaded = true),
      }),
      (error) => {
        assert.equal(error.code, 'ERR_SUITE_FULL');
        assert.equal(error.budget, budget);
        assert.ok(error.bytes > budget);
        assert.match(
          error.message,
          /^mirrorToWidget: the bundles of 'tr', 'en' would take ExtensionStorage to \d+ bytes/,
        );
        assert.match(error.message, /nothing was written/);
        return true;
      },
    );
    assert.deepEqual(setsIn(backend), []);
    assert.equal(reloaded, false);
  });

  test('over the file container there is no budget: nothing is skipped', async () => {
    const { containerStorage } = await import('../index.mjs');
    const files = new Map();
    const storage = containerStorage({
      name: 'memory',
      read: (name) => files.get(name) ?? null,
      write: (name, bytes) => void files.set(name, Buffer.from(bytes).toString()),
      remove: (name) => void files.delete(name),
    });
    const summary = await mirror(storage, ['de', 'fr', 'ja']);
    assert.deepEqual(summary.skipped, []);
    assert.equal(summary.budget, null);
    assert.equal(summary.locales.length, 5);
  });
});
