// lib/utf8.mjs against Node's own UTF-8: the encoder the module falls back on where the engine has no TextEncoder
// (Hermes had none for long), and the strict decoder it reads file names with, which must refuse what
// `String(validating:as: UTF8.self)` refuses (overlong forms, surrogates, past U+10FFFF, cut short); and where a
// string has a lone surrogate, which no UTF-8 holds (issue 53, item 10), with and without `isWellFormed`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { decodeUTF8, loneSurrogateIndex, utf8Bytes, utf8Count } from '../lib/utf8.mjs';

const samples = ['', 'a', 'ş', '中文', '😀', 'a😀b', 'é\u0000\uffff'];
/** Strings with lone surrogates, which no UTF-8 holds: each becomes U+FFFD. */
const loneSurrogates = ['\ud800', 'x\udc00y', '\ud83d', '\ud83d\ude00\ud83d'];

test('without TextEncoder, strings encode as Node encodes them, a lone surrogate as U+FFFD', async () => {
  const saved = globalThis.TextEncoder;
  let fallback;
  try {
    delete globalThis.TextEncoder;
    // A fresh instance of the module, which looks for TextEncoder when it loads.
    fallback = await import('../lib/utf8.mjs?without-text-encoder');
  } finally {
    globalThis.TextEncoder = saved;
  }
  for (const text of [...samples, ...loneSurrogates]) {
    const expected = new Uint8Array(Buffer.from(text, 'utf8'));
    assert.deepEqual(fallback.utf8Bytes(text), expected, JSON.stringify(text));
    assert.deepEqual(utf8Bytes(text), expected, JSON.stringify(text));
    assert.equal(utf8Count(text), expected.length, JSON.stringify(text));
  }
});

test('decodes well-formed UTF-8 as Node does, and refuses every ill-formed sequence', () => {
  for (const text of samples) {
    assert.equal(decodeUTF8(new Uint8Array(Buffer.from(text, 'utf8'))), text, JSON.stringify(text));
  }
  const strict = new TextDecoder('utf-8', { fatal: true });
  // Overlong, a surrogate, past U+10FFFF, cut short, a lone continuation byte.
  const refused = [[0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe4, 0xb8]];
  refused.push([0x80]);
  for (const bytes of refused) {
    assert.throws(() => strict.decode(Uint8Array.from(bytes)), `${bytes}: Node accepts it`);
    assert.equal(decodeUTF8(Uint8Array.from(bytes)), null, `${bytes}`);
  }
});

test('finds the first lone surrogate, with String.prototype.isWellFormed and without it', () => {
  const expected = [...samples.map((text) => [text, -1]), ['\ud800', 0], ['x\udc00y', 1], ['\ud83d', 0]];
  expected.push(['\ud83d\ude00\ud83d', 2], ['\udc00\ud800', 0], ['a\ud83db', 1], ['𝔘\udfff', 2], ['\ufffd', -1]);
  const saved = Object.getOwnPropertyDescriptor(String.prototype, 'isWellFormed');
  try {
    for (const withIt of [true, false]) {
      if (!withIt) delete String.prototype.isWellFormed;
      for (const [text, index] of expected) assert.equal(loneSurrogateIndex(text), index, JSON.stringify(text));
    }
  } finally {
    if (saved) Object.defineProperty(String.prototype, 'isWellFormed', saved);
  }
});
