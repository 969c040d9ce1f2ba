// Which file of a container holds which key: WidgetI18n's KeyFileName (Sources/GroupStore/KeyFileName.swift),
// checked against the vectors the Swift tests share (Tests/GroupStoreTests/Data/key-file-names.json).

import { describe, excerpt, failure } from './errors.mjs';
import { checkWellFormed, isAlphanumeric, quotedKey } from './text.mjs';
import { decodeUTF8, utf8Bytes } from './utf8.mjs';

const isUnreserved = (byte) => isAlphanumeric(byte) || byte === 0x2d || byte === 0x2e || byte === 0x5f || byte === 0x7e;
const UPPER_HEX = '0123456789ABCDEF';

/** The longest file name most file systems accept (KeyFileName.maximumLength). */
const MAXIMUM_FILE_NAME_BYTES = 255;

/**
 * The name of `key`'s file in a file container, as WidgetI18n's `KeyFileName.encode` writes it: the key's UTF-8
 * bytes, every byte outside `A-Z a-z 0-9 - . _ ~` as `%XX` in upper-case hex (Python's
 * `urllib.parse.quote(key, safe="")`; `encodeURIComponent` would leave `!'()*` as they are, names no reader
 * finds). The mapping is one-to-one, so no key names a path outside the container or a temporary file, and no
 * two keys one file: a key with a lone surrogate, which UTF-8 cannot hold (TextEncoder would make U+FFFD of it, so
 * that 'a\uD800', 'a\uDC00' and 'a\uFFFD' would share a file), is refused.
 * @throws {TypeError|RangeError} with `code` `ERR_INVALID_KEY` for an empty key, `.`, `..`, a key with a lone
 *   surrogate, or one whose name would be longer than 255 bytes (FileGroupStore's refusals).
 */
export function keyFileName(key) {
  if (typeof key !== 'string' || key.length === 0) {
    throw failure(TypeError, 'ERR_INVALID_KEY', `Expected a storage key as a non-empty string, got ${describe(key)}`);
  }
  if (key === '.' || key === '..') {
    throw failure(RangeError, 'ERR_INVALID_KEY', `Invalid key '${key}': '.' and '..' are not keys`);
  }
  checkWellFormed(key, 'ERR_INVALID_KEY', () => `Invalid key ${quotedKey(key)}`, '; no file name can hold it');
  let name = '';
  for (const byte of utf8Bytes(key)) {
    name += isUnreserved(byte) ? String.fromCharCode(byte) : `%${UPPER_HEX[byte >> 4]}${UPPER_HEX[byte & 15]}`;
  }
  if (name.length > MAXIMUM_FILE_NAME_BYTES) {
    throw failure(
      RangeError,
      'ERR_INVALID_KEY',
      `Invalid key '${excerpt(key)}': it is longer than ${MAXIMUM_FILE_NAME_BYTES} bytes once percent-encoded ` +
        `(${name.length})`,
    );
  }
  return name;
}

/** The byte `%XX` at `name[index]` encodes, or -1 when it is no canonical escape (upper-case hex, reserved byte). */
function escapedByte(name, index) {
  if (index + 2 >= name.length) return -1;
  const high = UPPER_HEX.indexOf(name[index + 1]);
  const low = UPPER_HEX.indexOf(name[index + 2]);
  if (high < 0 || low < 0) return -1;
  const byte = (high << 4) | low;
  return isUnreserved(byte) ? -1 : byte;
}

/** The key whose file name `name` is (KeyFileName.decode), or null: a temporary or stray file is no key. */
export function keyOfFileName(name) {
  if (typeof name !== 'string') return null;
  const bytes = [];
  for (let index = 0; index < name.length; ) {
    const unit = name.charCodeAt(index);
    const byte = unit === 0x25 ? escapedByte(name, index) : isUnreserved(unit) ? unit : -1;
    if (byte < 0) return null;
    bytes.push(byte);
    index += unit === 0x25 ? 3 : 1;
  }
  if (bytes.length === 0) return null;
  const key = decodeUTF8(bytes);
  return key === null || key === '.' || key === '..' ? null : key;
}
