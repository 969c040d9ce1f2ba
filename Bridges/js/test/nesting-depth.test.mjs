// A bundle nested deeper than a widget reads (issue 53, item 5). WidgetI18n's reader refuses a whole bundle in which
// any object or array sits deeper than `MessageBundle.maximumDepth`, 64 levels, the top-level object being level 1
// (Sources/I18nCore/Bundle/BundleIndex+Parser.swift: parseObject and skipValue), so such a bundle stored over a good
// one would leave the widget with none. mirrorToWidget, and a storage's `set` of a bundle object, judge the depth as
// the reader does, at the boundary of the Swift tests (Tests/I18nCoreTests/MessageBundleTests.swift, capsNesting:
// 64 `{"a":` around a message are read, 65 refused), arrays counted as levels too. A refused bundle writes nothing:
// the good bundle, its stamp, and in a container the lookup index and fetch metadata beside it stay byte for byte.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { keyFileName, mirrorToWidget, storageKeys } from '../index.mjs';
import { fakeCore } from './support/fakes.mjs';
import { mirroredStores } from './support/mirrored-stores.mjs';

const PROJECT = 'acme/widgets';
const GOOD = { en: { today: { title: 'Today' } }, de: { today: { title: 'Heute' } } };
const DE_KEY = storageKeys.messages(PROJECT, 'de');

/** `objects` objects one in another, the top-level one included, around `inner`: `{"a":{"a":…inner…}}`. */
const chain = (objects, inner) => '{"a":'.repeat(objects) + inner + '}'.repeat(objects);
/** A message, and beside it `arrays` arrays one in another (levels 2 to arrays + 1), around `inner`. */
const arrays = (count, inner = '') => `{"m":"x","l":${'['.repeat(count)}${inner}${']'.repeat(count)}}`;

/** Bundles as JSON text (what JSON.stringify gives back of their parse), each as deep as a widget reads. */
const accepted = [
  ['64 objects around a message (capsNesting)', chain(64, '"x"')],
  ['an empty array in the 63rd object, at level 64', chain(62, '{"m":"x","l":[]}')],
  ['63 arrays one in another beside a message, the last at level 64', arrays(63)],
  [
    'brackets in member names and messages, after escaped quotes and backslashes, are no levels',
    `{"${'{'.repeat(70)}":"${'['.repeat(70)}\\\\","q\\"${'{'.repeat(70)}":"\\"${'{'.repeat(70)}"}`,
  ],
];
/** Bundles one level deeper: whatever is at level 65, an object or an array, empty or not, is too deep. */
const refused = [
  ['65 objects around a message (capsNesting)', chain(65, '"x"')],
  ['an empty array in the 64th object, at level 65', chain(63, '{"m":"x","l":[]}')],
  ['an empty object in the 64th object, at level 65', chain(63, '{"m":"x","l":{}}')],
  ['64 arrays one in another beside a message, the last at level 65', arrays(64)],
  ['an object in the 63rd array, at level 65', arrays(63, '{}')],
  ['no message at all, and 65 levels', chain(65, '{}')],
];

/**
 * The two stores, each with the good bundles mirrored into it; the container holds a widget's lookup index and
 * WidgetI18n's fetch metadata of the de bundle beside it.
 */
const stores = mirroredStores({
  directoryPrefix: 'widget-i18n-bridge-nesting-depth-',
  bundles: GOOD,
  mirror: { project: PROJECT, locales: ['en', 'de'] },
  key: DE_KEY,
  beside: ['index', 'messages-cache'].map((kind) => [
    keyFileName(`@better-i18n:widget-i18n:${kind}:${PROJECT}:de`),
    Buffer.from(`the ${kind}`),
  ]),
});

const mirrorDe = (storage, json, reload) =>
  mirrorToWidget({
    core: fakeCore({ bundles: { de: JSON.parse(json) } }),
    storage,
    project: PROJECT,
    locales: ['de'],
    reload,
  });

for (const [storeName, makeStore] of Object.entries(stores)) {
  describe(`a bundle nested deeper than a widget reads, over ${storeName} (issue 53, item 5)`, () => {
    test('mirrorToWidget stores a bundle nested exactly as deep as a widget reads, 64 levels', async () => {
      const { storage, stored } = await makeStore();
      for (const [title, json] of accepted) {
        const summary = await mirrorDe(storage, json);
        assert.equal(stored(), json, title);
        assert.equal(summary.locales[0].bytes, Buffer.byteLength(json), title);
      }
    });

    test('mirrorToWidget refuses one level deeper, ERR_MESSAGES_TOO_DEEP, and leaves the store as it was', async () => {
      const { storage, stored, snapshot } = await makeStore();
      const before = snapshot();
      for (const [title, json] of refused) {
        let reloaded = false;
        await assert.rejects(
          mirrorDe(storage, json, () => (reloaded = true)),
          (error) => {
            assert.equal(error.code, 'ERR_MESSAGES_TOO_DEEP', `${title}: ${error.message}`);
            assert.equal(error.name, 'RangeError');
            assert.match(error.message, /^mirrorToWidget: the messages of 'de' nest deeper than the 64 levels /);
            assert.match(error.message, /; nothing was written/);
            return true;
          },
          title,
        );
        assert.equal(reloaded, false, title);
        assert.deepEqual(snapshot(), before, `${title}: the store is as it was`);
        assert.equal(stored(), JSON.stringify(GOOD.de), `${title}: the good bundle is still there`);
      }
    });

    test('storage.set refuses such a bundle object under a messages key, and stores the deepest one', async () => {
      const { storage, stored, snapshot } = await makeStore();
      const before = snapshot();
      for (const [title, json] of refused) {
        for (const set of [storage.set, storage.setItem]) {
          const expected = { name: 'RangeError', code: 'ERR_MESSAGES_TOO_DEEP' };
          await assert.rejects(set(DE_KEY, JSON.parse(json)), expected, title);
        }
      }
      assert.deepEqual(snapshot(), before);
      assert.equal(stored(), JSON.stringify(GOOD.de));
      await storage.set(DE_KEY, JSON.parse(accepted[0][1]));
      assert.equal(stored(), accepted[0][1]);
    });
  });
}
