// Locale tags and project ids are validated exactly as WidgetI18n's Swift types do: the vectors are the Swift
// tests' own (Tests/LocaleDataTests/Data/locale-tags.json, Tests/I18nCoreTests/ProjectIDTests.swift), and the
// end-to-end test also asks the built widget-i18n about every one of them.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { normalizeLocaleTag, storageKeys, utf8Length, validateProjectId } from '../index.mjs';
import { coreNormalizeLocale } from './support/fakes.mjs';
import { invalidProjects, localeVectors, validProjects } from './support/vectors.mjs';

describe('normalizeLocaleTag', () => {
  test('normalises every valid tag of the Swift table as LocaleTag.normalized does', () => {
    for (const { input, normalized } of localeVectors.valid) {
      assert.equal(normalizeLocaleTag(input), normalized, input);
    }
  });

  test('agrees with the better-i18n core normalizeLocale on every valid tag', () => {
    for (const { input } of localeVectors.valid) assert.equal(normalizeLocaleTag(input), coreNormalizeLocale(input));
  });

  test('rejects every invalid tag of the Swift table with a RangeError', () => {
    for (const input of localeVectors.invalid) {
      assert.throws(() => normalizeLocaleTag(input), { name: 'RangeError', code: 'ERR_INVALID_LOCALE' }, input);
    }
  });

  test("says why, in LocaleTag's words", () => {
    const cases = [
      ['', "Invalid locale '': the tag is empty"],
      ['../../etc', "Invalid locale '../../etc': '../../etc' is not a valid subtag here"],
      ['e', "Invalid locale 'e': 'e' is not a language subtag (2–3 or 5–8 letters)"],
      ['1234', "Invalid locale '1234': '1234' is not a language subtag (2–3 or 5–8 letters)"],
      ['en--US', "Invalid locale 'en--US': '' is not a valid subtag here"],
      ['de-1996-1996', "Invalid locale 'de-1996-1996': '1996' is not a valid subtag here"],
      ['en-a', "Invalid locale 'en-a': 'a' is not a valid subtag here"],
      [`en-${'a'.repeat(70)}`, 'it is longer than 64 characters'],
    ];
    for (const [input, message] of cases) {
      assert.throws(() => normalizeLocaleTag(input), (error) => {
        assert.ok(error.message.startsWith(message) || error.message.includes(message), error.message);
        assert.ok(error.message.endsWith("; use a BCP 47 tag such as 'en', 'pt-BR' or 'zh-Hant-TW'"));
        return true;
      });
    }
  });

  test('quotes at most 64 code points of a long value', () => {
    const input = '😀'.repeat(100);
    assert.throws(() => normalizeLocaleTag(input), (error) => {
      assert.ok(error.message.includes(`'${'😀'.repeat(64)}… (400 bytes)'`), error.message);
      return true;
    });
  });

  test('rejects what is not a string with a TypeError', () => {
    for (const value of [undefined, null, 42, {}, ['en']]) {
      assert.throws(() => normalizeLocaleTag(value), { name: 'TypeError', code: 'ERR_INVALID_LOCALE' });
    }
  });
});

describe('validateProjectId', () => {
  test("accepts ProjectIDTests' valid ids and returns them unchanged", () => {
    for (const project of validProjects) assert.equal(validateProjectId(project), project);
  });

  test("rejects ProjectIDTests' invalid ids with ProjectID's message", () => {
    for (const project of invalidProjects) {
      assert.throws(
        () => validateProjectId(project),
        (error) =>
          error instanceof RangeError &&
          error.code === 'ERR_INVALID_PROJECT' &&
          error.message ===
            `Invalid project '${project}': use 'org/project' (e.g. 'acme/widgets', the two at most 137 ` +
              `characters together) or a project UUID (e.g. '3f2c8a9e-1b4d-4c6a-9e2f-7a8b9c0d1e2f')`,
        JSON.stringify(project),
      );
    }
    assert.throws(() => validateProjectId(7), { name: 'TypeError', code: 'ERR_INVALID_PROJECT' });
  });
});

describe('storageKeys', () => {
  test("spells the contract's keys as StorageKey.swift does", () => {
    assert.equal(storageKeys.locale('acme/widgets'), '@better-i18n:locale:acme/widgets');
    assert.equal(storageKeys.messages('acme/widgets', 'pt-BR'), '@better-i18n:messages:acme/widgets:pt-br');
    assert.equal(storageKeys.messages('acme/widgets', 'zh_Hant_TW'), '@better-i18n:messages:acme/widgets:zh-hant-tw');
    assert.equal(storageKeys.manifest('acme/widgets'), '@better-i18n:manifest:acme/widgets');
    assert.equal(storageKeys.messagesWritten('acme/widgets', 'TR'), '@better-i18n:widget-i18n:written:acme/widgets:tr');
    assert.equal(storageKeys.reloadRequest('acme/widgets'), '@better-i18n:widget-i18n:reload:acme/widgets');
    assert.equal(
      storageKeys.reloadRequest('acme/widgets', 'Today'),
      '@better-i18n:widget-i18n:reload:acme/widgets:Today',
    );
    assert.equal(storageKeys.suiteLedger, '@better-i18n:widget-i18n:suite-ledger');
    assert.throws(() => storageKeys.messages('acme', 'en'), { code: 'ERR_INVALID_PROJECT' });
    assert.throws(() => storageKeys.messages('acme/widgets', 'en US'), { code: 'ERR_INVALID_LOCALE' });
  });
});

test('utf8Length counts UTF-8 bytes', () => {
  for (const text of ['', 'abc', 'Türkçe', '中文（繁體）', '😀', 'a\u{10FFFF}b', '\uD800', 'x\uDC00y']) {
    assert.equal(utf8Length(text), Buffer.byteLength(text, 'utf8'), JSON.stringify(text));
  }
});
