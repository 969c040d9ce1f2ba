// The package as an app gets it: its two entry points through package.json's `exports`, and an index.mjs (with the
// lib/ files it is made of, every one in package.json's `files`) that needs nothing of Node (it runs on Hermes and
// JavaScriptCore). declarations.test.mjs checks that each entry point's .d.ts declares exactly what it exports.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
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

/** The module files `index.mjs` is made of: itself and every file it imports, transitively, relative to the package. */
function modulesOf(entry) {
  const found = new Set();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop();
    if (found.has(file)) continue;
    found.add(file);
    for (const [, specifier] of read(file).matchAll(/^(?:import|export)\b[^;]*?\bfrom '([^']+)';/gms)) {
      assert.match(specifier, /^\.\.?\//, `${file} imports '${specifier}': index.mjs and lib/ import only each other`);
      pending.push(posix.normalize(posix.join(posix.dirname(file), specifier)));
    }
  }
  return [...found].sort();
}

test('index.mjs and the lib/ files it is made of import nothing else, touch no Node API, and all ship', () => {
  const modules = modulesOf('index.mjs');
  assert.ok(modules.length > 10, `${modules}`);
  const manifest = JSON.parse(read('package.json'));
  for (const file of modules) {
    assert.ok(manifest.files.includes(file), `package.json's files lacks ${file}`);
    const source = read(file).replace(/\/\/.*$/gm, '');
    for (const pattern of [/\bimport\(/, /\brequire\(/, /\bBuffer\b/, /\bprocess\./, /node:/]) {
      assert.doesNotMatch(source, pattern, file);
    }
  }
  // And nothing is shipped that no entry point uses.
  const shipped = manifest.files.filter((file) => file.endsWith('.mjs'));
  assert.deepEqual(shipped.sort(), [...modules, 'node.mjs'].sort());
});

test('the package is Apache-2.0, as the repository, and ships the license text', () => {
  const manifest = JSON.parse(read('package.json'));
  assert.equal(manifest.license, 'Apache-2.0');
  assert.ok(manifest.files.includes('LICENSE'));
  assert.equal(read('LICENSE'), readFileSync(join(packageDirectory, '..', '..', 'LICENSE'), 'utf8'));
  assert.match(read('LICENSE'), /Apache License\s+Version 2\.0, January 2004/);
});
