// Errors: every one this package throws has a `code` (README, "Errors"), whatever it was given, and those that
// wrap another keep it as `cause`. What describes a value in a message never throws, not even for a Proxy.

import { utf8Count } from './utf8.mjs';

/** Every error this package made (`failure`): what passes through a wrapper as it is, its code already said. */
const OWN_ERRORS = new WeakSet();

/** An error of class `Kind` with `code`, `message` and, when given, `cause`. */
export function failure(Kind, code, message, cause) {
  const error = new Kind(message);
  error.code = code;
  // Set by hand: `new Error(message, { cause })` is not in every engine an app may run on.
  if (cause !== undefined) error.cause = cause;
  OWN_ERRORS.add(error);
  return error;
}

/** Whether `error` is one this package made. */
export const isOwnError = (error) => OWN_ERRORS.has(error);

/** What an error message quotes of a value: at most 64 code points (QuotedExcerpt.of in LocaleData). */
export function excerpt(text, length = 64) {
  const points = Array.from(text);
  if (points.length <= length) return text;
  return `${points.slice(0, length).join('')}… (${utf8Count(text)} bytes)`;
}

/** How a message names a function or an object by its name or its constructor's. */
function describeNamed(value) {
  if (typeof value === 'function') {
    const name = value.name;
    return name && typeof name === 'string' ? `the function ${name}` : 'a function';
  }
  const name = value.constructor && value.constructor.name;
  return name && typeof name === 'string' && name !== 'Object' ? `a ${name}` : 'an object';
}

/**
 * How a message names `value`. Never throws: a revoked Proxy, or one whose traps throw, is "an object that cannot
 * be inspected" (`Array.isArray` and every property read throw for those).
 */
export function describe(value) {
  try {
    if (value === null) return 'null';
    if (value === undefined) return 'undefined';
    if (Array.isArray(value)) return 'an array';
    if (typeof value === 'string') return `the string ${JSON.stringify(excerpt(value))}`;
    if (typeof value === 'function' || typeof value === 'object') return describeNamed(value);
    return `${typeof value} ${String(value)}`;
  } catch {
    return `${typeof value === 'function' ? 'a function' : 'an object'} that cannot be inspected`;
  }
}

/** What went wrong, from what was thrown: an error's message, else what was thrown. Never throws. */
export function reason(cause) {
  try {
    if (cause instanceof Error) return String(cause.message);
  } catch {
    // A Proxy of an error, or a message that is no string: say what it is instead.
  }
  return `rejected with ${describe(cause)}`;
}

/**
 * `object[name]` of an argument, or an error with `code` when reading it throws (a getter, a Proxy's trap), so
 * that an argument can never make this package throw an error without a code.
 */
export function member(object, name, Kind, code, caller, of) {
  try {
    return object[name];
  } catch (cause) {
    throw failure(Kind, code, `${caller}: reading ${of}.${name} threw: ${reason(cause)}`, cause);
  }
}

/** Checks that `options` is an object, as every call that takes options requires. */
export function checkOptions(options, caller) {
  if (options === null || typeof options !== 'object') {
    throw failure(TypeError, 'ERR_INVALID_OPTIONS', `${caller}: options must be an object, got ${describe(options)}`);
  }
}

/** The options named, each read once from `options` (an object: `checkOptions`), as `member` reads them. */
export function readOptions(options, names, caller) {
  const values = {};
  for (const name of names) values[name] = member(options, name, TypeError, 'ERR_INVALID_OPTIONS', caller, 'options');
  return values;
}

export const isObjectLike = (value) => (value !== null && typeof value === 'object') || typeof value === 'function';

/** Errors this package raises about the request itself, which reach the caller of a storage as they are. */
const OWN_CODES = new Set(['ERR_SUITE_FULL', 'ERR_REMOVE_UNSUPPORTED', 'ERR_INVALID_KEY', 'ERR_INVALID_VALUE']);

/**
 * How a store reports a failure of `action` on `key`: this package's own refusals as they are, anything else as
 * `ERR_GROUP_STORAGE` naming the caller, the key and the store, with the failure as `cause`.
 */
export function storeFailure(caller, storeName) {
  return (action, key, cause) => {
    if (OWN_ERRORS.has(cause) && OWN_CODES.has(cause.code)) return cause;
    const message = `${caller}: could not ${action} '${key}' in ${storeName}: ${reason(cause)}`;
    return failure(Error, 'ERR_GROUP_STORAGE', message, cause);
  };
}
