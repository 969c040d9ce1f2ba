// The lookup index (storedIndex) against WidgetI18n's format (Sources/I18nCore/Bundle/StoredBundleIndex.swift,
// BundleIndex.swift, BundleIndex+Parser.swift): the 64-bit hashes against test/data/digest-vectors.json (made by
// make-digest-vectors.py, a Python port of the Swift functions, which the Swift tests check too), the table by
// reading it back as StoredBundleIndex does. The end-to-end test checks it byte for byte against the index the
// built widget-i18n makes of the same file.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

import { storedIndex } from '../index.mjs';
import { sampleBundle, sampleLocales, flattenMessages } from './support/fakes.mjs';

const vectors = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'data', 'digest-vectors.json'), 'utf8'),
);
const inputOf = (vector) =>
  vector.hex !== undefined
    ? Uint8Array.from(Buffer.from(vector.hex, 'hex'))
    : Uint8Array.from({ length: vector.length }, (_, index) => (index * 31 + 7) % 256);

/** An index read back: its header and its slots (null for an empty one). */
function readIndex(index) {
  const view = new DataView(index.buffer, index.byteOffset, index.byteLength);
  const capacity = view.getUint32(12, true);
  const identityLength = view.getUint32(20, true);
  const word = (offset) => view.getUint32(offset, true).toString(16).padStart(8, '0');
  const hex = (offset) => word(offset + 4) + word(offset);
  const slots = [];
  for (let slot = 0; slot < capacity; slot++) {
    const base = 96 + slot * 24;
    const valueStart = view.getUint32(base + 8, true);
    slots.push(
      valueStart === 0xffffffff
        ? null
        : {
            hash: hex(base),
            valueStart,
            valueField: view.getUint32(base + 12, true),
            nameStart: view.getUint32(base + 16, true),
            nameField: view.getUint32(base + 20, true),
          },
    );
  }
  return {
    magic: Buffer.from(index.subarray(0, 8)).toString('latin1'),
    version: view.getUint32(8, true),
    capacity,
    messageCount: view.getUint32(16, true),
    identity: index.subarray(48, 48 + identityLength),
    padding: index.subarray(48 + identityLength, 96),
    size: Number(view.getBigUint64(24, true)),
    fingerprint: hex(32),
    digest: hex(40),
    slots,
    length: index.length,
  };
}

/** StoredBundleIndex.lookUp: probe from the key's hash, decode the value the slot points at. */
function lookUp(parsed, json, key) {
  const hash = storedIndex.fnv1a64(key);
  const mask = parsed.capacity - 1;
  let slot = Number(BigInt(`0x${hash}`) & BigInt(mask));
  for (let probed = 0; probed < parsed.capacity; probed++, slot = (slot + 1) & mask) {
    const entry = parsed.slots[slot];
    if (entry === null) return undefined;
    if (entry.hash !== hash) continue;
    const length = entry.valueField & 0x7fffffff;
    const body = Buffer.from(json.subarray(entry.valueStart, entry.valueStart + length)).toString('utf8');
    assert.equal(json[entry.valueStart - 1], 0x22);
    assert.equal(json[entry.valueStart + length], 0x22);
    assert.equal((entry.valueField & 0x80000000) !== 0, body.includes('\\'), `${key}: the escapes flag`);
    return JSON.parse(`"${body}"`);
  }
  return undefined;
}

const build = (json, identity) => {
  const bytes = typeof json === 'string' ? new TextEncoder().encode(json) : json;
  const index = storedIndex.build(bytes, identity);
  return { bytes, index, parsed: index && readIndex(index) };
};

describe('the 64-bit hashes', () => {
  test('agree with the Python port of the Swift functions on every vector', () => {
    for (const vector of vectors) {
      const input = inputOf(vector);
      const name = vector.hex ?? `${vector.pattern} × ${vector.length}`;
      assert.equal(storedIndex.fnv1a64(input), vector.fnv1a, `fnv1a ${name}`);
      assert.equal(storedIndex.fingerprint(input), vector.fingerprint, `fingerprint ${name}`);
      assert.equal(storedIndex.contentDigest(input), vector.digest, `digest ${name}`);
    }
    // The vectors cross both thresholds: the fingerprint's 2048 bytes, the digest's 16-byte lanes and 8-byte tail.
    const lengths = vectors.map((vector) => inputOf(vector).length);
    for (const length of [0, 1, 15, 16, 17, 24, 2047, 2048, 2049, 100000]) {
      assert.ok(lengths.includes(length), `${length}`);
    }
  });

  test('take strings as their UTF-8', () => {
    assert.equal(storedIndex.fnv1a64('ş'), storedIndex.fnv1a64(Uint8Array.of(0xc5, 0x9f)));
    assert.throws(() => storedIndex.contentDigest(42), { code: 'ERR_INVALID_VALUE' });
  });
});

describe('storedIndex.build', () => {
  test("writes the header: magic, version 2, capacity, count, identity, size, fingerprint, digest", () => {
    const identity = Uint8Array.from({ length: 40 }, (_, index) => index + 1);
    const { bytes, parsed } = build('{"today":{"title":"Bugün","subtitle":"x"}}', identity);
    assert.equal(parsed.magic, 'WI18NIX1');
    assert.equal(parsed.version, 2);
    assert.equal(parsed.capacity, 16);
    assert.equal(parsed.length, 96 + 16 * 24);
    assert.equal(parsed.messageCount, 2);
    assert.deepEqual([...parsed.identity], [...identity]);
    assert.ok(parsed.padding.every((byte) => byte === 0));
    assert.equal(parsed.size, bytes.length);
    assert.equal(parsed.fingerprint, storedIndex.fingerprint(bytes));
    assert.equal(parsed.digest, storedIndex.contentDigest(bytes));
    assert.equal(parsed.slots.filter((slot) => slot !== null).length, 2);
  });

  test('records no identity when there is none, or one longer than 48 bytes', () => {
    assert.equal(build('{"a":"b"}').parsed.identity.length, 0);
    assert.equal(build('{"a":"b"}', new Uint8Array(49)).parsed.identity.length, 0);
    assert.equal(build('{"a":"b"}', new Uint8Array(48).fill(7)).parsed.identity.length, 48);
  });

  test('sizes the table at 16, doubled until it is at least twice the messages', () => {
    const withMessages = (count) =>
      build(JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, 'v'])))).parsed
        .capacity;
    assert.deepEqual([0, 1, 8, 9, 16, 17, 1000].map(withMessages), [16, 16, 16, 32, 32, 64, 2048]);
  });

  test("finds every message of every sample locale by probing as StoredBundleIndex does", () => {
    for (const code of sampleLocales().codes) {
      const { bytes, parsed } = build(JSON.stringify(sampleBundle(code)));
      const messages = flattenMessages(sampleBundle(code));
      assert.equal(parsed.messageCount, messages.length, code);
      for (const [key, message] of messages) assert.equal(lookUp(parsed, bytes, key), message, `${code} ${key}`);
      assert.equal(lookUp(parsed, bytes, 'no.such.key'), undefined);
    }
  });

  test('hashes dotted paths of decoded names, and flags escapes in names and values', () => {
    const json = '{"q\\"uote":{"inner\\u00e9":"caf\\u00e9"},"plain":"no escapes","tab\\tkey":"x","é":"raw"}';
    const { bytes, parsed } = build(json);
    assert.equal(lookUp(parsed, bytes, 'q"uote.inneré'), 'café');
    assert.equal(lookUp(parsed, bytes, 'tab\tkey'), 'x');
    assert.equal(lookUp(parsed, bytes, 'é'), 'raw');
    const bySlot = (key) => parsed.slots.find((slot) => slot && slot.hash === storedIndex.fnv1a64(key));
    // A decoded name's offset is into the decoded names, in document order: `q"uote` (6 bytes), `inneré` (7),
    // then `tab\tkey`.
    assert.equal(bySlot('q"uote.inneré').nameField, (0x80000000 | 7) >>> 0);
    assert.equal(bySlot('q"uote.inneré').nameStart, 6);
    assert.equal(bySlot('tab\tkey').nameStart, 6 + 7);
    assert.equal(bySlot('plain').nameField, 5);
    assert.equal(bySlot('plain').nameStart, bytes.indexOf(0x70, 30));
    assert.equal(bySlot('plain').valueField & 0x80000000, 0);
    assert.notEqual(bySlot('q"uote.inneré').valueField & 0x80000000, 0);
  });

  test('decodes a lone surrogate escape in a name as U+FFFD, as JSONStringDecoder does', () => {
    const { bytes, parsed } = build('{"lone\\ud800x":"a","pair\\ud83d\\ude00":"b","low\\udc00":"c"}');
    assert.equal(lookUp(parsed, bytes, 'lone\uFFFDx'), 'a');
    assert.equal(lookUp(parsed, bytes, 'pair😀'), 'b');
    assert.equal(lookUp(parsed, bytes, 'low\uFFFD'), 'c');
  });

  test('of two members with one path, keeps the one with fewer segments, or of equal ones the later', () => {
    for (const [json, expected] of [
      ['{"a.b":"flat","a":{"b":"nested"}}', 'flat'],
      ['{"a":{"b":"nested"},"a.b":"flat"}', 'flat'],
      ['{"k":"first","k":"second"}', 'second'],
      ['{"x":{"y":{"z":"deep"}},"x.y":{"z":"middle"}}', 'middle'],
    ]) {
      const { bytes, parsed } = build(json);
      const key = json.includes('"k"') ? 'k' : json.includes('"x"') ? 'x.y.z' : 'a.b';
      assert.equal(lookUp(parsed, bytes, key), expected, json);
      // A path replaced or kept is one message (BundleIndex's count of filled slots).
      assert.equal(parsed.messageCount, 1, json);
    }
  });

  test('leaves out members inside arrays, and anything but strings', () => {
    const { bytes, parsed } = build('{"list":[{"a":"in array"},"b"],"n":1,"t":true,"z":null,"o":{},"s":"yes"}');
    assert.equal(parsed.messageCount, 1);
    assert.equal(lookUp(parsed, bytes, 's'), 'yes');
    for (const key of ['list.0.a', 'list.a', 'n', 't', 'z', 'o']) {
      assert.equal(lookUp(parsed, bytes, key), undefined, key);
    }
  });

  test('counts offsets from the start of the bytes, a leading byte-order mark included', () => {
    const { bytes, parsed } = build('\uFEFF {"a":"b"}');
    assert.equal(lookUp(parsed, bytes, 'a'), 'b');
    assert.equal(parsed.slots.find(Boolean).valueStart, 3 + 1 + 6);
  });

  test('builds nothing for what WidgetI18n would not parse as a bundle', () => {
    const deep = (levels) => '{"a":'.repeat(levels - 1) + '{"a":"x"}' + '}'.repeat(levels - 1);
    const arrays = (levels) => `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`;
    assert.notEqual(storedIndex.build(deep(64)), null);
    assert.notEqual(storedIndex.build(arrays(63)), null);
    for (const json of [
      '',
      '[]',
      '"text"',
      '{"a":"b"} x',
      '{"a":"b",}',
      '{"a" "b"}',
      '{"a":"\\x"}',
      '{"a":"\\u12g4"}',
      '{"a":"raw\ncontrol"}',
      '{"a":01}',
      '{"a":1.}',
      '{"a":-}',
      '{"a":tru}',
      '{"a":"b"',
      deep(65),
      arrays(64),
    ]) {
      assert.equal(storedIndex.build(json), null, JSON.stringify(json).slice(0, 60));
    }
    for (const bytes of [
      Uint8Array.of(0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d), // {"a":"\xff"}
      Uint8Array.of(0x7b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x3a, 0x22, 0x22, 0x7d), // a surrogate in a name
    ]) {
      assert.equal(storedIndex.build(bytes), null, 'invalid UTF-8');
    }
  });
});
