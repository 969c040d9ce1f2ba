// End to end: the module writes a group store for acme/widgets through groupStorage() over a backend of
// ExtensionStorage's shape (and one of react-native-shared-group-preferences' shape) that writes WidgetI18n's
// on-disk format (support/file-group-store.mjs), with a fake better-i18n core serving Locales/; then the built
// `widget-i18n` reads that store as a widget does, for every key of every locale, and each text must be what
// `widget-i18n format` makes of the bundle's message in that locale (no arguments).
//
// The binary is $WIDGET_I18N_CLI, else .build/debug/widget-i18n (scripts/test.sh sets it to the build's).
// Both commands run once for all keys, in their JSON-lines modes (`t --jsonl`, `format --jsonl --lenient`).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { groupStorage, mirrorToWidget, normalizeLocaleTag, validateProjectId } from '../index.mjs';
import { FileExtensionStorage, FileSharedGroupPreferences, keyFileName } from './support/file-group-store.mjs';
import { fakeCore, flattenMessages, repositoryRoot, sampleBundle, sampleLocales } from './support/fakes.mjs';
import { invalidProjects, localeVectors, moreLocaleInputs, validProjects } from './support/vectors.mjs';

const PROJECT = 'acme/widgets';
const GROUP = 'group.acme.widgets';
const cli = process.env.WIDGET_I18N_CLI || join(repositoryRoot, '.build', 'debug', 'widget-i18n');

function requireCLI() {
  if (!existsSync(cli)) {
    assert.fail(
      `widget-i18n is not at ${cli}: build it with 'swift build --product widget-i18n' in ${repositoryRoot} ` +
        `(scripts/test.sh builds it), or set WIDGET_I18N_CLI to the binary`,
    );
  }
}

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
  describe(`end to end over ${name}`, () => {
    let root;
    let store;
    let summary;
    let reloads = 0;
    const { manifest, codes, directories } = sampleLocales();

    before(async () => {
      requireCLI();
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

    test('the store holds exactly the contract keys, in FileGroupStore format, each value whole', () => {
      const expected = new Map([
        ['@better-i18n:manifest:acme/widgets', JSON.stringify(manifest)],
        ['@better-i18n:locale:acme/widgets', 'pt-br'],
        ...codes.map((code) => [`@better-i18n:messages:acme/widgets:${code}`, JSON.stringify(sampleBundle(code))]),
      ]);
      const files = readdirSync(store).sort();
      assert.deepEqual(files, [...expected.keys()].map(keyFileName).sort(), 'no temporary or stray files');
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
      assert.deepEqual(summary.locales.map((entry) => entry.locale), codes);
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
      for (const code of codes) assert.match(result.stdout, new RegExp(`^ +\\*? ${code} +\\d+ messages`, 'm'), code);
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

describe('validation agrees with the Swift types, asked through the built widget-i18n', () => {
  let empty;
  before(() => {
    empty = mkdtempSync(join(tmpdir(), 'widget-i18n-bridge-empty-'));
  });
  after(() => {
    if (empty) rmSync(empty, { recursive: true, force: true });
  });

  test('every locale tag: the same normalised form, or the same error', () => {
    requireCLI();
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
    requireCLI();
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
});
