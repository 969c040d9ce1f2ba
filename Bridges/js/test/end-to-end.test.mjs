// End to end: the module writes a group store for acme/widgets, with a fake better-i18n core serving Locales/,
// then the built `widget-i18n` reads that store as a widget does, for every key of every locale, and each text
// must be what `widget-i18n format` makes of the bundle's message in that locale (no arguments). The stores:
// - the file container, written by a "Node app" with fileStorage(dir) (and the core writing through it too),
//   with freshness stamps and a reload request and no lookup index: widget-i18n derives each index on its first
//   read, answers from it from then on, and never from the index of a value the bridge has since rewritten;
// - the same container written through an expo-file-system Directory (support/expo-file-system.mjs, a fake over
//   node:fs of the documented API);
// - the suite shapes, groupStorage() over a backend of ExtensionStorage's shape and one of
//   react-native-shared-group-preferences' shape, written in WidgetI18n's on-disk format
//   (support/file-group-store.mjs) so that the binary can read them; the ledger is there, no index.
//
// The binary is $WIDGET_I18N_CLI, else .build/debug/widget-i18n (scripts/test.sh sets it to the build's); without
// one every suite here is skipped, and a WIDGET_I18N_CLI naming none fails (support/cli.mjs).
// Both commands run once for all keys, in their JSON-lines modes (`t --jsonl`, `format --jsonl --lenient`).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import {
  groupStorage,
  keyFileName,
  keyOfFileName,
  mirrorToWidget,
  normalizeLocaleTag,
  validateProjectId,
} from '../index.mjs';
import { fileStorage } from '../node.mjs';
import { cli, describeWithCLI } from './support/cli.mjs';
import { makeExpoFileSystem } from './support/expo-file-system.mjs';
import { FileExtensionStorage, FileSharedGroupPreferences } from './support/file-group-store.mjs';
import {
  coreNormalizeLocale,
  fakeCore,
  flattenMessages,
  sampleBundle,
  sampleLocales,
} from './support/fakes.mjs';
import {
  invalidAppGroups,
  invalidProjects,
  localeVectors,
  moreLocaleInputs,
  validAppGroups,
  validProjects,
} from './support/vectors.mjs';

const PROJECT = 'acme/widgets';
const GROUP = 'group.acme.widgets';

/** Runs widget-i18n with a predictable environment (as the Swift CLI tests do) and `lines` as JSON on stdin. */
function run(args, lines = []) {
  const result = spawnSync(cli, args, {
    input: lines.map((line) => JSON.stringify(line)).join('\n') + (lines.length ? '\n' : ''),
    encoding: 'utf8',
    env: { PATH: '/usr/bin:/bin', HOME: tmpdir(), LANG: 'C.UTF-8' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return result;
}

function runLines(args, lines) {
  const result = run(args, lines);
  assert.equal(result.status, 0, `widget-i18n ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  const replies = result.stdout.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line));
  assert.equal(replies.length, lines.length, `widget-i18n ${args.join(' ')}: one reply a line`);
  return { replies, stderr: result.stderr };
}

/** How an app might spell each locale of the manifest: the normalised form must come out of the module. */
const appSpelling = (code) => ({ 'pt-br': 'pt_BR', 'zh-hant': 'zh-Hant', en: 'EN' })[code] ?? code;

const backends = {
  ExtensionStorage: (directory) => ({ storage: groupStorage(new FileExtensionStorage(directory)), directory }),
  'react-native-shared-group-preferences': (directory) => ({
    storage: groupStorage(new FileSharedGroupPreferences(directory), { appGroup: GROUP }),
    directory: join(directory, GROUP),
  }),
};

for (const [name, make] of Object.entries(backends)) {
  describeWithCLI(`end to end over ${name}`, () => {
    let root;
    let store;
    let summary;
    let reloads = 0;
    const { manifest, codes, directories } = sampleLocales();

    before(async () => {
      root = mkdtempSync(join(tmpdir(), 'widget-i18n-bridge-'));
      const { storage, directory } = make(join(root, 'group'));
      store = directory;
      // The app's core writes through the same storage, as core 0.13 does with `storage` set (cdn.ts).
      const core = fakeCore({ project: PROJECT, storage });
      await core.getManifest();
      summary = await mirrorToWidget({
        core,
        storage,
        project: PROJECT,
        locales: codes.map(appSpelling),
        locale: 'pt-BR',
        reload: () => reloads++,
      });
    });

    after(() => {
      if (root) rmSync(root, { recursive: true, force: true });
    });

    test('Locales/ is the sample project the test expects', () => {
      assert.deepEqual([...codes].sort(), [...directories].sort());
      assert.ok(codes.length >= 10, `${codes}`);
    });

    test('the suite holds the contract keys, each value whole, the stamps, a reload request and the ledger', () => {
      const expected = new Map([
        ['@better-i18n:manifest:acme/widgets', JSON.stringify(manifest)],
        ['@better-i18n:locale:acme/widgets', 'pt-br'],
        ...codes.map((code) => [`@better-i18n:messages:acme/widgets:${code}`, JSON.stringify(sampleBundle(code))]),
      ]);
      const bookkeeping = [
        ...codes.map((code) => `@better-i18n:widget-i18n:written:acme/widgets:${code}`),
        '@better-i18n:widget-i18n:reload:acme/widgets',
        '@better-i18n:widget-i18n:suite-ledger',
      ];
      const files = readdirSync(store).sort();
      assert.deepEqual(files, [...expected.keys(), ...bookkeeping].map(keyFileName).sort(), 'no index, no stray files');
      const ledgerFile = join(store, keyFileName('@better-i18n:widget-i18n:suite-ledger'));
      const ledger = JSON.parse(readFileSync(ledgerFile, 'utf8'));
      assert.deepEqual(
        Object.keys(ledger.entries).sort(),
        [...expected.keys(), ...bookkeeping.slice(0, -1)].sort(),
        'the ledger counts every key the bridge wrote',
      );
      for (const [key, value] of expected) {
        const path = join(store, keyFileName(key));
        assert.equal(readFileSync(path, 'utf8'), value, key);
        assert.equal(statSync(path).mode & 0o777, 0o600, key);
      }
      assert.equal(statSync(store).mode & 0o777, 0o700);
      assert.equal(
        keyFileName('@better-i18n:messages:acme/widgets:pt-br'),
        '%40better-i18n%3Amessages%3Aacme%2Fwidgets%3Apt-br',
      );
      assert.equal(reloads, 1);
      assert.deepEqual(
        summary.locales.map((entry) => entry.locale),
        ['pt-br', ...codes.filter((code) => code !== 'pt-br')],
      );
      assert.deepEqual(summary.skipped, []);
      const bytes = codes.map((code) => Buffer.byteLength(JSON.stringify(sampleBundle(code))));
      assert.equal(summary.bytes, bytes.reduce((sum, size) => sum + size, 0));
    });

    test('widget-i18n status sees the stored locale, the manifest and every locale as cached', () => {
      const result = run(['status', '--group-dir', store, '--project', PROJECT]);
      assert.equal(result.status, 0, result.stderr);
      assert.equal(result.stderr, '');
      assert.match(result.stdout, /^stored locale +pt-br$/m);
      assert.match(result.stdout, /^detected locale +pt-BR \(stored locale 'pt-br'\)$/m);
      assert.match(result.stdout, new RegExp(`^manifest +${codes.length} languages`, 'm'));
      assert.match(result.stdout, new RegExp(`^cached locales +${codes.length}$`, 'm'));
      // Text for people spells a locale as BCP 47 cases it (pt-BR, zh-Hant): ECMA-402's canonical form.
      for (const code of codes) {
        const shown = Intl.getCanonicalLocales(code)[0];
        assert.match(result.stdout, new RegExp(`^ +\\*? ${shown} +\\d+ messages`, 'm'), code);
      }
      assert.match(result.stdout, /^reload request +messages updated: pt-br, en, tr, .*zh-hant; locale pt-br \(.+\)$/m);
    });

    test('every key of every locale resolves in that locale to what format makes of its message', (context) => {
      const cases = [];
      for (const code of codes) {
        for (const [key, message] of flattenMessages(sampleBundle(code))) {
          // Once in the app's spelling of the locale; the stored locale's own keys once more, with no locale,
          // as a widget renders them (detected from @better-i18n:locale:…).
          cases.push({ code, key, message, request: { key, locale: appSpelling(code) } });
          if (code === 'pt-br') cases.push({ code, key, message, request: { key } });
        }
      }
      const translated = runLines(
        ['t', '--jsonl', '--group-dir', store, '--project', PROJECT],
        cases.map(({ request }) => request),
      );
      const formatted = runLines(
        ['format', '--jsonl', '--lenient'],
        cases.map(({ code, message }) => ({ locale: code, message })),
      );
      assert.equal(translated.stderr, '', 'no store problems');
      let checked = 0;
      for (const [index, { code, key }] of cases.entries()) {
        const translation = translated.replies[index];
        const format = formatted.replies[index];
        const where = `${code} ${key}`;
        assert.equal(translation.error, undefined, `${where}: ${translation.error}`);
        assert.equal(format.error, undefined, `${where}: ${format.error}`);
        assert.equal(translation.step, `locale ${code}`, `${where}: answered by ${translation.step}`);
        assert.equal(translation.locale, code, where);
        assert.equal(translation.output, format.output, where);
        assert.deepEqual(translation.problems, format.problems, where);
        checked++;
      }
      const perLocale = codes.map((code) => flattenMessages(sampleBundle(code)).length);
      assert.equal(checked, perLocale.reduce((a, b) => a + b, 0) + flattenMessages(sampleBundle('pt-br')).length);
      // Placeholders stay visible without arguments, so some texts differ from their messages: both commands
      // really formatted (a message with a plural would otherwise come back as written).
      assert.ok(formatted.replies.some((reply, index) => reply.output !== cases[index].message));
      context.diagnostic(`${checked} translations checked: ${codes.length} locales, ${perLocale.join(' + ')} keys`);
    });
  });
}

// MARK: - The file container

/** Messages whose member names and values exercise the widget's index: `!'()*`, escapes, non-ASCII, nesting, arrays. */
const CUSTOM_MESSAGES = {
  punctuation: {
    'wow!': 'Wow!',
    "it's": "It's {count, plural, one {# day} other {# days}}",
    '(beta)': '(beta) feature',
    'a*b': 'a times b',
    'tilde~': '~ approximately',
    'quote"d': 'She said "hi"',
    'back\\slash': 'C:\\widgets',
    'tab\tname': 'line\nbreak',
    'ş中😀': 'ş中😀 {name}',
    nested: { deeper: { deepest: 'Deep' } },
  },
  'flat.dotted.key': 'Flat and dotted',
  list: ['arrays', { are: 'not messages' }],
  number: 42,
};
/** App keys beside the contract's, whose file names need the `!'()*` that encodeURIComponent leaves alone. */
const APP_KEYS = { "@app:promo!'()*": 'promo', '@app:space and ~tilde': 'tilde', '@app:ünïcode/ş': 'unicode' };

/** The core of the Node app: Locales/, with CUSTOM_MESSAGES added to en, writing through its storage as 0.13 does. */
function appCore(storage) {
  const base = fakeCore({ project: PROJECT, storage });
  return {
    requests: base.requests,
    getManifest: () => base.getManifest(),
    async getMessages(locale) {
      const messages = await base.getMessages(locale);
      if (coreNormalizeLocale(locale) !== 'en') return messages;
      const merged = { ...messages, ...CUSTOM_MESSAGES };
      await storage.set(`@better-i18n:messages:${PROJECT}:en`, JSON.stringify(merged));
      return merged;
    },
  };
}

const bundleOf = (code) => (code === 'en' ? { ...sampleBundle('en'), ...CUSTOM_MESSAGES } : sampleBundle(code));
/** The lookup index a widget derives beside a locale's messages (StorageKey.bundleIndex); the bridge writes none. */
const indexKey = (code) => `@better-i18n:widget-i18n:index:${PROJECT}:${code}`;
const EXPO_TRANSLATIONS = `@better-i18n:${PROJECT}:tr:translations`;
const EXPO_META = `@better-i18n:${PROJECT}:tr:meta`;

/** What identifies a file's contents and the write that made them: its bytes, inode and modification time. */
function snapshot(path) {
  const status = statSync(path, { bigint: true });
  return { bytes: readFileSync(path), inode: status.ino, modified: status.mtimeNs };
}

/** The index file of each of `codes` in `store`, snapshotted; every one must exist. */
function indexSnapshots(store, codes) {
  return new Map(
    codes.map((code) => {
      const path = join(store, keyFileName(indexKey(code)));
      assert.ok(existsSync(path), `${code}: widget-i18n derived no index`);
      return [code, snapshot(path)];
    }),
  );
}

/** Checks that no index in `before` was written again: same bytes, same inode, same modification time. */
function assertUnchanged(store, before) {
  for (const [code, then] of before) {
    const now = snapshot(join(store, keyFileName(indexKey(code))));
    assert.ok(now.bytes.equals(then.bytes), `${code}: the index's bytes changed`);
    assert.equal(now.inode, then.inode, `${code}: the index was written again`);
    assert.equal(now.modified, then.modified, `${code}: the index was written again`);
  }
}

/** Every key of every locale, as a widget asks for it, with the message `format` must agree with. */
function translationCases(codes) {
  const cases = [];
  for (const code of codes) {
    for (const [key, message] of flattenMessages(bundleOf(code))) {
      cases.push({ code, key, message, request: { key, locale: code } });
    }
  }
  return cases;
}

function checkTranslations(store, cases) {
  const translated = runLines(
    ['t', '--jsonl', '--group-dir', store, '--project', PROJECT],
    cases.map(({ request }) => request),
  );
  const formatted = runLines(
    ['format', '--jsonl', '--lenient'],
    cases.map(({ code, message }) => ({ locale: code, message })),
  );
  assert.equal(translated.stderr, '', 'no store problems');
  for (const [index, { code, key }] of cases.entries()) {
    const where = `${code} ${JSON.stringify(key)}`;
    assert.equal(translated.replies[index].error, undefined, `${where}: ${translated.replies[index].error}`);
    assert.equal(translated.replies[index].step, `locale ${code}`, where);
    assert.equal(translated.replies[index].output, formatted.replies[index].output, where);
    assert.deepEqual(translated.replies[index].problems, formatted.replies[index].problems, where);
  }
  return translated.replies;
}

describeWithCLI('end to end over the file container written with fileStorage (Node)', () => {
  let root;
  let store;
  let storage;
  let summary;
  let reloads = 0;
  const { manifest, codes } = sampleLocales();

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'widget-i18n-bridge-container-'));
    // Where the Swift side looks in an App Group container (GroupContainer.swift).
    store = join(root, 'group', 'Library', 'Application Support', 'widget-i18n');
    storage = fileStorage(store);
    // The Expo package cached tr an hour ago, with other text; the app mirrors tr now.
    await storage.setItem(EXPO_TRANSLATIONS, JSON.stringify({ today: { title: 'Eski önbellek' } }));
    await storage.setItem(EXPO_META, JSON.stringify({ cachedAt: Date.now() - 3600 * 1000 }));
    for (const [key, value] of Object.entries(APP_KEYS)) await storage.set(key, value);
    const core = appCore(storage);
    await core.getManifest();
    summary = await mirrorToWidget({
      core,
      storage,
      project: PROJECT,
      locales: codes.map(appSpelling),
      locale: 'pt-BR',
      defaultLocale: 'en',
      reload: () => reloads++,
    });
  });

  after(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  /** What the bridge wrote: the SDKs' keys, the app's, the stamps and the reload request; no index. */
  const expectedKeys = () =>
    [
      `@better-i18n:manifest:${PROJECT}`,
      `@better-i18n:locale:${PROJECT}`,
      `@better-i18n:widget-i18n:reload:${PROJECT}`,
      EXPO_TRANSLATIONS,
      EXPO_META,
      ...Object.keys(APP_KEYS),
      ...codes.flatMap((code) => [
        `@better-i18n:messages:${PROJECT}:${code}`,
        `@better-i18n:widget-i18n:written:${PROJECT}:${code}`,
      ]),
    ].sort();

  test('the container holds exactly the keys written, one file each in FileGroupStore format, no index', () => {
    const names = readdirSync(store);
    assert.ok(names.every((name) => keyOfFileName(name) !== null), `no temporary or stray files: ${names}`);
    assert.deepEqual(names.map(keyOfFileName).sort(), expectedKeys());
    assert.equal(keyFileName("@app:promo!'()*"), '%40app%3Apromo%21%27%28%29%2A');
    for (const code of codes) {
      const path = join(store, keyFileName(`@better-i18n:messages:${PROJECT}:${code}`));
      assert.equal(readFileSync(path, 'utf8'), JSON.stringify(bundleOf(code)), code);
      assert.equal(statSync(path).mode & 0o777, 0o600, code);
      const stampFile = join(store, keyFileName(`@better-i18n:widget-i18n:written:${PROJECT}:${code}`));
      const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
      assert.deepEqual(Object.keys(stamp), ['size', 'writer', 'writtenAt']);
      assert.equal(stamp.size, statSync(path).size, code);
      assert.equal(stamp.writer, '@widget-i18n/bridge');
    }
    for (const directory of [store, join(root, 'group', 'Library', 'Application Support')]) {
      assert.equal(statSync(directory).mode & 0o777, 0o700, directory);
    }
    const manifestFile = join(store, keyFileName(`@better-i18n:manifest:${PROJECT}`));
    assert.equal(readFileSync(manifestFile, 'utf8'), JSON.stringify(manifest));
    assert.equal(reloads, 1);
    assert.deepEqual(summary.skipped, []);
    assert.equal(summary.budget, null);
    assert.deepEqual(summary.locales.map((entry) => entry.locale).slice(0, 2), ['pt-br', 'en']);
  });

  test('widget-i18n store list lists exactly the keys the bridge wrote', () => {
    const result = run(['store', 'list', '--group-dir', store, '--project', PROJECT]);
    assert.equal(result.status, 0, result.stderr);
    const listed = result.stdout.split('\n').filter((line) => line !== '').map((line) => line.split('\t')[0]);
    assert.deepEqual(listed.sort(), expectedKeys());
  });

  test('on its first read widget-i18n resolves every key, the custom ones too, and derives each index', (context) => {
    const cases = translationCases(codes);
    checkTranslations(store, cases);
    indexSnapshots(store, codes);
    assert.ok(cases.some(({ key }) => key === "punctuation.it's"));
    // Members of an array, and numbers, are no messages: the index has no slot for them.
    const missing = ['list.0', 'list.1.are', 'number'].map((key) => ({ key, locale: 'en' }));
    const { replies } = runLines(['t', '--jsonl', '--group-dir', store, '--project', PROJECT], missing);
    for (const [index, reply] of replies.entries()) assert.equal(reply.step, 'the key itself', missing[index].key);
    context.diagnostic(`${cases.length} translations checked`);
  });

  test('from its second read on, widget-i18n answers from the indexes it derived and rebuilds none', () => {
    const derived = indexSnapshots(store, codes);
    checkTranslations(store, translationCases(codes));
    assertUnchanged(store, derived);
  });

  test('after the bridge rewrites a bundle, even at the same size, no answer comes from the old index', async () => {
    const original = JSON.stringify(bundleOf('tr'));
    const title = bundleOf('tr').today.title;
    const edited = { ...bundleOf('tr'), today: { ...bundleOf('tr').today, title: title.replace(/[a-z]/g, 'x') } };
    assert.notEqual(edited.today.title, title);
    assert.equal(Buffer.byteLength(JSON.stringify(edited)), Buffer.byteLength(original));
    const old = indexSnapshots(store, ['tr']).get('tr');
    const ask = () =>
      runLines(['t', '--jsonl', '--group-dir', store, '--project', PROJECT], [{ key: 'today.title', locale: 'tr' }])
        .replies[0].output;
    try {
      await storage.set(`@better-i18n:messages:${PROJECT}:tr`, JSON.stringify(edited));
      assert.equal(ask(), edited.today.title);
      const rebuilt = indexSnapshots(store, ['tr']).get('tr');
      assert.notEqual(rebuilt.inode, old.inode, 'widget-i18n kept the index of the old value');
      assert.equal(ask(), edited.today.title);
    } finally {
      await storage.set(`@better-i18n:messages:${PROJECT}:tr`, original);
    }
    assert.equal(ask(), title);
  });

  test('widget-i18n status shows the reload request the bridge recorded', () => {
    const result = run(['status', '--group-dir', store, '--project', PROJECT]);
    assert.equal(result.status, 0, result.stderr);
    const written = ['pt-br', 'en', ...codes.filter((code) => code !== 'pt-br' && code !== 'en')].join(', ');
    const pattern = new RegExp(`^reload request +messages updated: ${written}; locale pt-br \\(.+\\)$`, 'm');
    assert.match(result.stdout, pattern);
  });

  test('a bundle just mirrored wins over an hour-old Expo cache of the same locale, by its stamp', () => {
    const ask = () =>
      runLines(['t', '--jsonl', '--group-dir', store, '--project', PROJECT], [{ key: 'today.title', locale: 'tr' }])
        .replies[0].output;
    assert.equal(ask(), sampleBundle('tr').today.title);
    // Without the stamp the messages key has no time, and the Expo cache wins: the stamp is what decides.
    const stamp = join(store, keyFileName(`@better-i18n:widget-i18n:written:${PROJECT}:tr`));
    renameSync(stamp, `${stamp}.aside`);
    try {
      assert.equal(ask(), 'Eski önbellek');
    } finally {
      renameSync(`${stamp}.aside`, stamp);
    }
  });
});

describeWithCLI('JSON no serializer would write, stored as given, resolves as widget-i18n parses it', () => {
  let root;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'widget-i18n-bridge-tricky-'));
  });
  after(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  test('a byte-order mark, whitespace, escapes, lone surrogates, duplicate paths, arrays, deep nesting', async () => {
    const storage = fileStorage(root);
    const json =
      '\uFEFF {\n "a.b" : "flat", "a":{"b":"nested","c":[{"x":"in array"}], "n": -1.5e+3, "t": true, "z": null},' +
      ' "q\\"uote":"say \\"hi\\"", "tab\\tname":{"inner\\u00e9":"\\u00e9\\n"}, "emoji\\ud83d\\ude00":"😀",' +
      ' "lone\\ud800x":"v", "dup":"1", "dup":"2", "x":{"y":{"z":"deep"}}, "x.y":{"z":"mid"},' +
      ' "ş":"şş", "中":"中文",' +
      ' "empty":"", "esc\\/":"\\/", "deep":' + '{"d":'.repeat(60) + '"bottom"' + '}'.repeat(60) + ' }\t';
    const key = `@better-i18n:messages:${PROJECT}:eo`;
    await storage.set(key, json);
    const requests = [
      { key: 'a.b', locale: 'eo' },
      { key: 'x.y.z', locale: 'eo' },
      { key: 'dup', locale: 'eo' },
      { key: 'tab\tname.inneré', locale: 'eo' },
      { key: `deep.${'d.'.repeat(59)}d`, locale: 'eo' },
    ];
    const expected = ['flat', 'mid', '2', 'é\n', 'bottom'];
    // The first read parses the JSON and derives the index; the second answers from that index, alike.
    for (const read of ['first', 'second']) {
      const { replies } = runLines(['t', '--jsonl', '--group-dir', root, '--project', PROJECT], requests);
      assert.deepEqual(replies.map((reply) => reply.output), expected, `${read} read`);
      assert.ok(existsSync(join(root, keyFileName(indexKey('eo')))), `${read} read: no index`);
    }
  });
});

describeWithCLI('end to end over an expo-file-system Directory (the fake of its documented API, over node:fs)', () => {
  let root;
  let store;
  const { codes } = sampleLocales();

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'widget-i18n-bridge-expo-'));
    mkdirSync(join(root, 'group'));
    const { Directory, File, Paths } = makeExpoFileSystem({ sharedContainers: { [GROUP]: join(root, 'group') } });
    const shared = Paths.appleSharedContainers[GROUP];
    const directory = new Directory(shared, 'Library', 'Application Support', 'widget-i18n');
    store = join(root, 'group', 'Library', 'Application Support', 'widget-i18n');
    const storage = groupStorage(directory, { File });
    await mirrorToWidget({ core: appCore(storage), storage, project: PROJECT, locales: codes, locale: 'tr' });
  });

  after(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  test('every key resolves; the first read derives each index, and the second answers from it', () => {
    const indexFiles = codes.map((code) => join(store, keyFileName(indexKey(code))));
    assert.ok(indexFiles.every((path) => !existsSync(path)), 'the bridge wrote an index');
    checkTranslations(store, translationCases(codes));
    const derived = indexSnapshots(store, codes);
    checkTranslations(store, translationCases(codes));
    assertUnchanged(store, derived);
  });
});

describeWithCLI('validation agrees with the Swift types, asked through the built widget-i18n', () => {
  let empty;
  before(() => {
    empty = mkdtempSync(join(tmpdir(), 'widget-i18n-bridge-empty-'));
  });
  after(() => {
    if (empty) rmSync(empty, { recursive: true, force: true });
  });

  test('every locale tag: the same normalised form, or the same error', () => {
    const inputs = [
      ...localeVectors.valid.map((vector) => vector.input),
      ...localeVectors.invalid,
      ...moreLocaleInputs,
    ];
    const { replies } = runLines(
      ['t', '--jsonl', '--group-dir', empty, '--project', PROJECT],
      inputs.map((locale) => ({ key: 'today.title', locale })),
    );
    let valid = 0;
    for (const [index, input] of inputs.entries()) {
      let normalized;
      let message;
      try {
        normalized = normalizeLocaleTag(input);
        valid++;
      } catch (error) {
        message = error.message;
      }
      if (normalized === undefined) assert.deepEqual(replies[index], { error: message }, JSON.stringify(input));
      else assert.equal(replies[index].locale, normalized, JSON.stringify(input));
    }
    assert.ok(valid > 20 && valid < inputs.length - 20, `${valid} of ${inputs.length} valid`);
  });

  test('every project id: accepted by both, or the same message', () => {
    for (const project of [...validProjects, ...invalidProjects]) {
      const result = run(['t', '--jsonl', `--project=${project}`, '--group-dir', empty]);
      let message;
      try {
        validateProjectId(project);
      } catch (error) {
        message = error.message;
      }
      if (message === undefined) assert.equal(result.status, 0, `${JSON.stringify(project)}: ${result.stderr}`);
      else {
        assert.equal(result.status, 64, JSON.stringify(project));
        assert.equal(result.stderr, `error: ${message}\n`, JSON.stringify(project));
      }
    }
  });

  test("every App Group id: groupStorage's options.appGroup and --group accept the same ones", () => {
    // An argument cannot hold NUL; the unit tests cover that one.
    const groups = [...validAppGroups, ...invalidAppGroups].filter((group) => !group.includes('\u0000'));
    let accepted = 0;
    for (const group of groups) {
      let message;
      try {
        groupStorage(new FileExtensionStorage(empty), { appGroup: group });
        accepted++;
      } catch (error) {
        assert.equal(error.code, 'ERR_INVALID_OPTIONS', JSON.stringify(group));
        message = error.message;
      }
      // `store list` opens the group's container (under $HOME, nothing there): it validates the id first.
      const result = spawnSync(cli, ['store', 'list', '--project', PROJECT, `--group=${group}`], {
        encoding: 'utf8',
        env: { PATH: '/usr/bin:/bin', HOME: empty, LANG: 'C.UTF-8' },
      });
      if (result.error) throw result.error;
      if (message === undefined) assert.equal(result.status, 0, `${JSON.stringify(group)}: ${result.stderr}`);
      else {
        assert.equal(result.status, 64, `${JSON.stringify(group)} (${message}): ${result.stderr}`);
        assert.match(result.stderr, /^error: Invalid group '/, JSON.stringify(group));
      }
    }
    assert.equal(accepted, validAppGroups.length);
  });
});
