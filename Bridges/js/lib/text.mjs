// Text helpers: the public UTF-8 length, ASCII character classes, random bytes and ids.

import { describe, excerpt, failure } from './errors.mjs';
import { loneSurrogateIndex, utf8Count } from './utf8.mjs';

/**
 * The UTF-8 length of `text`, as the store counts bytes.
 * @throws {TypeError} with `code` `ERR_INVALID_VALUE` when `text` is not a string.
 */
export function utf8Length(text) {
  if (typeof text !== 'string') {
    throw failure(TypeError, 'ERR_INVALID_VALUE', `utf8Length: expected a string, got ${describe(text)}`);
  }
  return utf8Count(text);
}

/**
 * `text`, unless it has a lone surrogate (`loneSurrogateIndex`), which UTF-8 cannot hold: TextEncoder, and a Swift
 * String, make U+FFFD of one, so keys that differ only there would name one file and a value would be stored
 * altered (issue 53, item 10). Then a RangeError with `code`, saying
 * `<what()>: it has a lone surrogate (\ud800 at index 1), which UTF-8 cannot hold<after>`; `what` is called only
 * then, since a message quoting a 4 MiB value costs.
 */
export function checkWellFormed(text, code, what, after) {
  const index = loneSurrogateIndex(text);
  if (index < 0) return text;
  const unit = `\\u${text.charCodeAt(index).toString(16)}`;
  const message = `${what()}: it has a lone surrogate (${unit} at index ${index}), which UTF-8 cannot hold${after}`;
  throw failure(RangeError, code, message);
}

/** A key as an error message quotes it: JSON, so that a lone surrogate in it shows as an escape. */
export const quotedKey = (key) => JSON.stringify(excerpt(key));

export const isDigit = (c) => c >= 0x30 && c <= 0x39;
export const isLetter = (c) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
export const isAlphanumeric = (c) => isLetter(c) || isDigit(c);
export const isHexDigit = (c) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/** Whether every UTF-16 unit of `text` passes `test`. */
export const every = (text, test) => {
  for (let index = 0; index < text.length; index++) if (!test(text.charCodeAt(index))) return false;
  return true;
};

/** `count` random bytes: crypto.getRandomValues where the engine has it, else Math.random (temporary names). */
export function randomBytes(count) {
  const bytes = new Uint8Array(count);
  const crypto = globalThis.crypto;
  if (crypto && typeof crypto.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let index = 0; index < count; index++) bytes[index] = Math.floor(Math.random() * 256);
  return bytes;
}

const HEX = '0123456789abcdef';

/** `bytes` as lower-case hex. */
export const hexOf = (bytes) => {
  let text = '';
  for (const byte of bytes) text += HEX[byte >> 4] + HEX[byte & 15];
  return text;
};

/** A random (version 4) UUID in lower case. */
export function randomUUID() {
  const bytes = randomBytes(16);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = hexOf(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
