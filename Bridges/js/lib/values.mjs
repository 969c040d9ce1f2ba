// What is stored is judged as the JSON text a widget will read, not as the object it was made of (issue 32, item
// 7): `{a: undefined}` serialises to `{}`, a `toJSON` may return an array, and a BigInt or a cycle makes
// JSON.stringify throw. Every refusal happens before anything is written.

import { describe, excerpt, failure, reason } from './errors.mjs';
import { isMessagesKey, MAXIMUM_MESSAGES_DEPTH } from './keys.mjs';
import { checkWellFormed } from './text.mjs';

/**
 * `JSON.stringify(value)`: the text, or undefined when the value has none (undefined, a function, a symbol, or a
 * `toJSON` that returns one of those). What makes it throw (a BigInt anywhere, a cycle, a `toJSON` or a getter
 * that throws, a Proxy's trap) is thrown as `refuse(cause, why)`, an error with a code.
 */
export function serialize(value, refuse) {
  try {
    return JSON.stringify(value);
  } catch (cause) {
    // The first line of why: V8 draws the path of a cycle below it, which `cause` keeps.
    throw refuse(cause, reason(cause).split('\n')[0]);
  }
}

/**
 * Whether a parsed bundle holds a message as WidgetI18n counts them (BundleIndex.Parser's messageCount): a string
 * that is the value of an object's member, at any depth of objects. Arrays hold none. Iterative: no stack limit.
 */
function hasMessage(bundle) {
  const pending = [bundle];
  while (pending.length > 0) {
    for (const value of Object.values(pending.pop())) {
      if (typeof value === 'string') return true;
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) pending.push(value);
    }
  }
  return false;
}

/**
 * The index of the quote that closes the JSON string opening at `text[start]` (the text's length for an unclosed
 * one): the next quote after an even number of backslashes, found with `indexOf`.
 */
function stringEnd(text, start) {
  for (let index = text.indexOf('"', start + 1); index >= 0; index = text.indexOf('"', index + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(index - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return index;
  }
  return text.length;
}

/**
 * Whether an object or array of `text`, a JSON document JSON.parse accepted, sits deeper than a widget reads,
 * counted as WidgetI18n's reader counts (Sources/I18nCore/Bundle/BundleIndex+Parser.swift: parseObject, line 62,
 * and skipValue, line 171, each `guard depth <= maximumDepth`): the top-level object is level 1, each object or
 * array inside one a level more, empty or not, and one past `MAXIMUM_MESSAGES_DEPTH` (64) makes the reader refuse
 * the whole bundle (`tooDeep`). Read on the text, as the reader reads it, not on a parse, which drops a repeated
 * member and what it held.
 */
function nestsTooDeep(text) {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit === 0x22) index = stringEnd(text, index);
    else if (unit === 0x7b || unit === 0x5b) {
      if (++depth > MAXIMUM_MESSAGES_DEPTH) return true;
    } else if (unit === 0x7d || unit === 0x5d) depth--;
  }
  return false;
}

/**
 * What is wrong with `text` as a stored bundle, judged on the text a reader will get, not on the object it was
 * made of (`{a: undefined}` is `{}`; a `toJSON` may return an array): null when it is a JSON object with at least
 * one message, nested no deeper than a widget reads; else `code` (`ERR_INVALID_MESSAGES`: not an object, and
 * `what` it is; `ERR_MESSAGES_TOO_DEEP`; `ERR_EMPTY_MESSAGES`).
 */
export function bundleProblem(text) {
  if (typeof text !== 'string') return { code: 'ERR_INVALID_MESSAGES', what: 'no JSON at all' };
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { code: 'ERR_INVALID_MESSAGES', what: 'text that is not JSON' };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { code: 'ERR_INVALID_MESSAGES', what: parsed === null ? 'null' : describe(parsed) };
  }
  if (nestsTooDeep(text)) return { code: 'ERR_MESSAGES_TOO_DEEP' };
  return hasMessage(parsed) ? null : { code: 'ERR_EMPTY_MESSAGES' };
}

/** How a refusal says that a bundle nests too deep, after `the messages of 'de'` or `its JSON`. */
export const TOO_DEEP =
  `nest deeper than the ${MAXIMUM_MESSAGES_DEPTH} levels of objects and arrays a widget reads (the top-level ` +
  `object the first)`;

/** The JSON of a value as a message quotes it: at most 64 code points. */
export const quotedJSON = (text) => JSON.stringify(excerpt(text));

/** The JSON text of a value that is not a string, or an error with a code when it has none or cannot have one. */
function jsonText(key, value) {
  const text =
    value === null || value === undefined
      ? undefined
      : serialize(value, (cause, why) =>
          failure(
            TypeError,
            isMessagesKey(key) ? 'ERR_INVALID_MESSAGES' : 'ERR_INVALID_VALUE',
            `Cannot store ${describe(value)} under '${key}': it cannot be serialised as JSON (${why}); nothing was ` +
              `written`,
            cause,
          ),
        );
  if (typeof text !== 'string') {
    throw failure(
      TypeError,
      'ERR_INVALID_VALUE',
      `Cannot store ${describe(value)} under '${key}': pass a string (JSON.stringify the value), or remove the key`,
    );
  }
  return text;
}

/** Refuses `text`, the JSON of `value` under a messages key, unless it is a bundle with a message. */
function checkBundleText(key, value, text) {
  const problem = bundleProblem(text);
  if (problem && problem.code === 'ERR_INVALID_MESSAGES') {
    throw failure(
      TypeError,
      problem.code,
      `Cannot store ${describe(value)} under '${key}': its JSON is ${problem.what}, not a messages object; ` +
        `nothing was written`,
    );
  }
  if (problem && problem.code === 'ERR_MESSAGES_TOO_DEEP') {
    const message = `Cannot store ${describe(value)} under '${key}': its JSON would ${TOO_DEEP}; nothing was written`;
    throw failure(RangeError, problem.code, message);
  }
  if (problem) {
    throw failure(
      RangeError,
      problem.code,
      `Cannot store ${describe(value)} under '${key}': its JSON, ${quotedJSON(text)}, holds no message (no ` +
        `string value); nothing was written`,
    );
  }
}

/**
 * The value as the string the store keeps. The SDKs pass strings, kept as they are; anything else is JSON, never
 * an object (ExtensionStorage would store an object as `Data`, which the widget's `string(forKey:)` reads as nil),
 * and never null or undefined (ExtensionStorage removes the key for those; shared-group-preferences stores
 * "null"). Under a messages key the JSON must be a bundle, as `mirrorToWidget` requires: an object with a message.
 * Either way the text must be one UTF-8 holds: with a lone surrogate it would be stored altered (U+FFFD), so it is
 * refused (`ERR_INVALID_VALUE`). JSON.stringify writes one as an escape, `\ud800`, which JSON.parse reads back.
 */
export function storedString(key, value) {
  const isText = typeof value === 'string';
  const text = isText ? value : jsonText(key, value);
  if (!isText && isMessagesKey(key)) checkBundleText(key, value, text);
  const what = () => `Cannot store ${describe(value)} under '${key}'`;
  return checkWellFormed(text, 'ERR_INVALID_VALUE', what, '; nothing was written');
}
