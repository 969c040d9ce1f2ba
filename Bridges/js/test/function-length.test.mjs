// No function of the package's JavaScript is longer than 80 lines (the house style: small functions a reader takes
// in at once), counted from its `function` keyword, name or parameters to its closing brace, nested functions
// included. support/function-lengths.mjs finds them with a tokenizer that skips comments, strings, template
// literals and regular expressions. A test suite's body (the callback of `describe`) is a list of tests, each of
// them a function measured on its own, and is not counted whole.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

import { functionLengths } from './support/function-lengths.mjs';

const MAXIMUM_LINES = 80;
const SUITE_BODIES = new Set(['describe(…) callback', 'describeWithCLI(…) callback']);
const packageDirectory = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every .mjs file under `directory`, node_modules aside. */
function moduleFiles(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : moduleFiles(path);
    return entry.name.endsWith('.mjs') ? [path] : [];
  });
}

/** The functions of `source` longer than the maximum, as `file:line name (n lines)`. */
function tooLong(source, file) {
  return functionLengths(source)
    .filter((fn) => fn.lines > MAXIMUM_LINES && !SUITE_BODIES.has(fn.name))
    .map((fn) => `${file}:${fn.startLine} ${fn.name} (${fn.lines} lines)`);
}

test(`no function in Bridges/js/**/*.mjs is longer than ${MAXIMUM_LINES} lines`, (context) => {
  const files = moduleFiles(packageDirectory);
  assert.ok(files.some((file) => file.endsWith(join('lib', 'mirror.mjs'))), 'lib/ was not searched');
  const found = files.flatMap((file) => tooLong(readFileSync(file, 'utf8'), relative(packageDirectory, file)));
  assert.deepEqual(found, []);
  const longest = files
    .flatMap((file) => functionLengths(readFileSync(file, 'utf8')).map((fn) => ({ ...fn, file })))
    .filter((fn) => !SUITE_BODIES.has(fn.name))
    .sort((a, b) => b.lines - a.lines)[0];
  const where = `${relative(packageDirectory, longest.file)}:${longest.startLine}`;
  context.diagnostic(`longest: ${where} ${longest.name}, ${longest.lines} lines`);
});

test('the count sees through strings, templates, comments and regular expressions, and catches a long function', () => {
  const body = Array.from({ length: 79 }, (_, index) => `  total += ${index};`).join('\n');
  const source = [
    "const text = '{ not a block }'; // } neither",
    '/* { nor this */',
    'const pattern = /[{}]+\\/}/g;',
    'const quoted = `${text} {`;',
    'export function short(a) {',
    '  if (a) { return `${a}}`; }',
    '  return { a };',
    '}',
    'export const long = async (total) => {',
    body,
    '};',
    "describe('a suite', () => {",
    body,
    '});',
  ].join('\n');
  const functions = functionLengths(source);
  assert.deepEqual(
    functions.map(({ name, startLine, lines }) => [name, startLine, lines]),
    [
      ['short', 5, 4],
      ['long', 9, 81],
      ['describe(…) callback', 90, 81],
    ],
  );
  assert.deepEqual(tooLong(source, 'sample.mjs'), ['sample.mjs:9 long (81 lines)']);
});
