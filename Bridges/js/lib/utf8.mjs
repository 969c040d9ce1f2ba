// UTF-8 without TextDecoder (Hermes did not have one for long) and with TextEncoder only where the engine has it.
// Nothing here throws: the checked, public `utf8Length` is in text.mjs.

/** The UTF-8 length of `text`, a lone surrogate counted as the three bytes of U+FFFD. */
export function utf8Count(text) {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The index of the first lone surrogate of `text`, a high one (U+D800-DBFF) not followed by a low one (U+DC00-DFFF)
 * or a low one not preceded by a high one, or -1 when it has none: what no UTF-8 (and no Swift String) holds, and
 * what `utf8Bytes` would make U+FFFD of. `String.prototype.isWellFormed` (ES2024) answers first where there is one.
 */
export function loneSurrogateIndex(text) {
  if (typeof text.isWellFormed === 'function' && text.isWellFormed()) return -1;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = index + 1 < text.length ? text.charCodeAt(index + 1) : 0;
    if (unit > 0xdbff || next < 0xdc00 || next > 0xdfff) return index;
    index++;
  }
  return -1;
}

const textEncoder = typeof TextEncoder === 'function' ? new TextEncoder() : null;

/** The code point at `text[index]` (a lone surrogate as U+FFFD) and how many UTF-16 units it took. */
function codePointAt(text, index) {
  const unit = text.charCodeAt(index);
  if (unit < 0xd800 || unit > 0xdfff) return [unit, 1];
  const next = index + 1 < text.length ? text.charCodeAt(index + 1) : 0;
  if (unit > 0xdbff || next < 0xdc00 || next > 0xdfff) return [0xfffd, 1];
  return [0x10000 + ((unit - 0xd800) << 10) + (next - 0xdc00), 2];
}

/** Writes `point` as UTF-8 into `bytes` at `offset`; returns the offset after it. */
function putCodePoint(bytes, offset, point) {
  if (point < 0x80) {
    bytes[offset] = point;
    return offset + 1;
  }
  if (point < 0x800) {
    bytes[offset] = 0xc0 | (point >> 6);
    bytes[offset + 1] = 0x80 | (point & 0x3f);
    return offset + 2;
  }
  if (point < 0x10000) {
    bytes[offset] = 0xe0 | (point >> 12);
    bytes[offset + 1] = 0x80 | ((point >> 6) & 0x3f);
    bytes[offset + 2] = 0x80 | (point & 0x3f);
    return offset + 3;
  }
  bytes[offset] = 0xf0 | (point >> 18);
  bytes[offset + 1] = 0x80 | ((point >> 12) & 0x3f);
  bytes[offset + 2] = 0x80 | ((point >> 6) & 0x3f);
  bytes[offset + 3] = 0x80 | (point & 0x3f);
  return offset + 4;
}

/** `text` as UTF-8, a lone surrogate as U+FFFD (what TextEncoder and a Swift String make of one). */
export function utf8Bytes(text) {
  if (textEncoder) return textEncoder.encode(text);
  const bytes = new Uint8Array(utf8Count(text));
  let offset = 0;
  for (let index = 0; index < text.length; ) {
    const [point, units] = codePointAt(text, index);
    offset = putCodePoint(bytes, offset, point);
    index += units;
  }
  return bytes;
}

/**
 * The length in bytes of the UTF-8 sequence that starts at `bytes[index]`, or 0 when none does (an overlong
 * form, a surrogate, past U+10FFFF, cut short): what `String(validating:as: UTF8.self)` accepts (the Unicode
 * Standard's table 3-7 of well-formed byte sequences).
 */
function utf8SequenceLength(bytes, index, end) {
  const lead = bytes[index];
  if (lead < 0x80) return 1;
  let length;
  let lower = 0x80;
  let upper = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) length = 2;
  else if (lead === 0xe0) [length, lower] = [3, 0xa0];
  else if ((lead >= 0xe1 && lead <= 0xec) || lead === 0xee || lead === 0xef) length = 3;
  else if (lead === 0xed) [length, upper] = [3, 0x9f];
  else if (lead === 0xf0) [length, lower] = [4, 0x90];
  else if (lead >= 0xf1 && lead <= 0xf3) length = 4;
  else if (lead === 0xf4) [length, upper] = [4, 0x8f];
  else return 0;
  if (index + length > end) return 0;
  const second = bytes[index + 1];
  if (second < lower || second > upper) return 0;
  for (let offset = 2; offset < length; offset++) if ((bytes[index + offset] & 0xc0) !== 0x80) return 0;
  return length;
}

/** The code point of the well-formed sequence of `length` bytes at `bytes[index]`. */
function decodeSequence(bytes, index, length) {
  const lead = bytes[index];
  if (length === 1) return lead;
  let point = lead & (0xff >> (length + 1));
  for (let offset = 1; offset < length; offset++) point = (point << 6) | (bytes[index + offset] & 0x3f);
  return point;
}

/** Valid UTF-8 `bytes` as a string, or null. */
export function decodeUTF8(bytes) {
  let text = '';
  for (let index = 0; index < bytes.length; ) {
    const length = utf8SequenceLength(bytes, index, bytes.length);
    if (length === 0) return null;
    text += String.fromCodePoint(decodeSequence(bytes, index, length));
    index += length;
  }
  return text;
}
