// Key file names in a file container, checked against the table the Swift tests check KeyFileName against
// (Tests/GroupStoreTests/Data/key-file-names.json, made with Python's urllib.parse.quote by
// test/data/make-key-file-names.py).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { keyFileName, keyOfFileName } from '../index.mjs';
import { repositoryRoot } from './support/fakes.mjs';

const vectors = JSON.parse(
  readFileSync(join(repositoryRoot, 'Tests', 'GroupStoreTests', 'Data', 'key-file-names.json'), 'utf8'),
);

describe('keyFileName', () => {
  test('gives every key of the shared table its file name, and refuses the refused ones', () => {
    let refused = 0;
    for (const { key, fileName } of vectors) {
      if (fileName === null) {
        refused++;
        assert.throws(() => keyFileName(key), { code: 'ERR_INVALID_KEY' }, JSON.stringify(key));
      } else {
        assert.equal(keyFileName(key), fileName, JSON.stringify(key));
      }
    }
    assert.ok(refused >= 6 && vectors.length - refused >= 30, `${refused} of ${vectors.length} refused`);
  });

  test("the table covers what encodeURIComponent gets wrong, and a name of exactly 255 bytes", () => {
    const names = new Map(vectors.map(({ key, fileName }) => [key, fileName]));
    assert.equal(names.get("!'()*"), '%21%27%28%29%2A');
    assert.notEqual(encodeURIComponent("!'()*"), names.get("!'()*"));
    assert.ok(vectors.some(({ fileName }) => fileName !== null && fileName.length === 255));
    assert.ok(vectors.some(({ key, fileName }) => fileName === null && key.length > 0 && !/^\.{1,2}$/.test(key)));
  });

  test("says why a key is refused, as FileGroupStore does", () => {
    assert.throws(() => keyFileName(''), { name: 'TypeError', code: 'ERR_INVALID_KEY' });
    assert.throws(() => keyFileName('..'), {
      name: 'RangeError',
      message: "Invalid key '..': '.' and '..' are not keys",
    });
    assert.throws(() => keyFileName('@'.repeat(86)), {
      name: 'RangeError',
      message: /it is longer than 255 bytes once percent-encoded \(258\)$/,
    });
  });
});

describe('keyOfFileName', () => {
  test('decodes every name of the table back to its key', () => {
    for (const { key, fileName } of vectors) {
      if (fileName !== null) assert.equal(keyOfFileName(fileName), key, fileName);
    }
  });

  test('takes nothing but canonical encodings for keys: temporary files, lower-case hex, stray names', () => {
    for (const name of [
      '%tmp-123-abcdef',
      '%tmp-expo-0011223344556677',
      '%3a',
      '%41', // 'A' needs no escape
      '%',
      '%4',
      'a b',
      "it's",
      '.',
      '..',
      '%2E%2E', // '..' spelled another way is still no key... and '.' needs no escape
      '%C3', // half a character
      '%ED%A0%80', // a surrogate
      '%C0%AF', // an overlong '/'
      '',
    ]) {
      assert.equal(keyOfFileName(name), null, name);
    }
    assert.equal(keyOfFileName('%F0%9F%98%80'), '😀');
  });
});
