// The package as an app gets it: its two entry points through package.json's `exports`, and an index.mjs that
// needs nothing of Node (it runs on Hermes and JavaScriptCore). declarations.test.mjs checks that each entry point's
// .d.ts declares exactly what it exports.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

import * as bridge from '../index.mjs';
import * as node from '../node.mjs';

const packageDirectory = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (name) => readFileSync(join(packageDirectory, name), 'utf8');

test("'@widget-i18n/bridge' and '@widget-i18n/bridge/node' resolve to the two modules", async () => {
  assert.equal((await import('@widget-i18n/bridge')).groupStorage, bridge.groupStorage);
  assert.equal((await import('@widget-i18n/bridge/node')).fileStorage, node.fileStorage);
  const manifest = JSON.parse(read('package.json'));
  for (const file of manifest.files) assert.ok(existsSync(join(packageDirectory, file)), file);
  assert.equal(manifest.exports['./node'].types, './node.d.ts');
});

test('index.mjs imports nothing and touches no Node API', () => {
  const source = read('index.mjs').replace(/\/\/.*$/gm, '');
  for (const pattern of [/^\s*import\b/m, /\bimport\(/, /\brequire\(/, /\bBuffer\b/, /\bprocess\./, /node:/]) {
    assert.doesNotMatch(source, pattern);
  }
});

test('the package is Apache-2.0, as the repository, and ships the license text', () => {
  const manifest = JSON.parse(read('package.json'));
  assert.equal(manifest.license, 'Apache-2.0');
  assert.ok(manifest.files.includes('LICENSE'));
  assert.equal(read('LICENSE'), readFileSync(join(packageDirectory, '..', '..', 'LICENSE'), 'utf8'));
  assert.match(read('LICENSE'), /Apache License\s+Version 2\.0, January 2004/);
});
