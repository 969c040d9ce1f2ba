// Locale tags, project ids and App Group ids with what WidgetI18n's Swift types make of them: the Swift tests' own
// tables (Tests/LocaleDataTests/Data/locale-tags.json, Tests/I18nCoreTests/ProjectIDTests.swift) and more inputs;
// the end-to-end test asks the built widget-i18n about every one.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { repositoryRoot } from './fakes.mjs';

export const localeVectors = JSON.parse(
  readFileSync(join(repositoryRoot, 'Tests', 'LocaleDataTests', 'Data', 'locale-tags.json'), 'utf8'),
);

/** Inputs beyond the Swift table that exercise each rule of the grammar. */
export const moreLocaleInputs = [
  'zh_Hant_TW', 'sr-Cyrl-RS', 'en-GB-oxendict', 'de-DE-1901', 'sl-rozaj-biske', 'x-private', 'en-x-1-2',
  'en-u-ca-gregory-x-y', 'en-u-ca-a-bb', 'en-u-ca-u-cc', 'es-419-x-a', 'zh-yue-can-min-HK', 'zh-yue-can-min-nan',
  'i-klingon', 'EN', 'en-us', 'en-US-u-nu-latn', 'en-1234', 'en-12', 'en-1a2b', 'en-a1b2c', 'abcde', 'abcdefghi',
  'en-US-POSIX', 'en-posix-posix', 'en-toolongsubtag', 'en_', '_en', 'en__US', 'ar-001', 'ar-01', 'ar-0001',
  'pt-br', 'PT_BR', 'a'.repeat(8), 'en-' + 'abcde-'.repeat(10) + 'x', 'en-' + 'abcdefgh-'.repeat(7), 'ß', 'en-ÜS',
  'en-\u{1F600}', 'tr\t', ' en', 'en ', '123', 'x', 'en-x-', 'de-CH-x-phonebk-x',
];

/** The Swift ProjectIDTests' vectors. */
export const validProjects = [
  'acme/widgets', 'my-org/my_project.v2', 'a/b', '3f2c8a9e-1b4d-4c6a-9e2f-7a8b9c0d1e2f',
  '3F2C8A9E-1B4D-4C6A-9E2F-7A8B9C0D1E2F', `${'a'.repeat(100)}/${'b'.repeat(37)}`,
];
export const invalidProjects = [
  '', ' ', 'acme', 'acme/', '/widgets', 'acme//widgets', 'acme/widgets/extra', 'acme/../etc', '../acme',
  'acme/..', './widgets', 'acme widgets/x', 'acme/wid gets', 'acme/widgets\n', '-acme/widgets', 'acme/.hidden',
  '3f2c8a9e-1b4d-4c6a-9e2f-7a8b9c0d1e2', 'ünï/code', 'acme:x/widgets', `${'a'.repeat(101)}/b`,
  '3f2c8a9e-1b4d-4c6a-9e2f-7a8b9c0d1e2g',
];

/**
 * App Group ids as GroupContainer.validateGroupIdentifier (Sources/GroupStore/GroupContainer.swift) takes them:
 * 1 to 200 bytes of ASCII letters, digits, `.`, `-` and `_`, the first not `.`.
 */
export const validAppGroups = [
  'group.acme.widgets', 'group.com.acme.app', 'a', 'A', '0', '-', '_', '-group', '_group', 'group.', 'group..x',
  'Group.ACME-Widgets_2', 'a'.repeat(200),
];
export const invalidAppGroups = [
  '', '.', '..', '.group', '../x', 'group/x', 'group/../x', '/group', 'group\\x', 'group x', ' group', 'group\n',
  'group\t', 'group\u0000x', 'group~x', '~', 'group:x', 'group%2Fx', 'group*', 'grüp', 'group.\u{1F600}', 'gr\u00a0p',
  '\uD800', 'a'.repeat(201),
];
