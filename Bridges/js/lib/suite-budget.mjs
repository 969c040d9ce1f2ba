// A suite's budget, by the one rule of docs/architecture.md, "A suite's budget": a `UserDefaults` suite is
// counted as the binary property list the system stores it as (WidgetI18n's PropertyListSize.dictionary,
// Sources/GroupStore/PreferencesBudget.swift, ported here line for line), against its limit less a sixteenth.
// The bridge cannot list a suite, so it counts what its ledger lists: the entries it wrote, and the ledger itself.
// Tests/GroupStoreTests/Data/suite-budget-vectors.json (made with Python's plistlib) holds both ports to it.

import { describe, failure, isObjectLike } from './errors.mjs';
import { storageKeys } from './keys.mjs';

/**
 * The size at which the system refuses a preferences domain (an App Group's `UserDefaults` suite), in bytes: iOS
 * (and iPadOS, macOS, tvOS, visionOS) and watchOS. A write that takes a suite there is dropped without an error to
 * the caller (RevenueCat/purchases-ios issues 225, 5793 and 5912; PreferencesBudget.swift).
 */
export const SUITE_LIMITS = Object.freeze({ iOS: 4194304, watchOS: 1048576 });

/** The budget of a suite whose limit is `limit`: the limit less a sixteenth (`PreferencesBudget`'s margin). */
const budgetOf = (limit) => limit - Math.floor(limit / 16);

/**
 * What `groupStorage` lets a suite hold by default: iOS's limit less a sixteenth (256 KiB) for the keys the
 * bridge does not see (the app's own, other SDKs'), as WidgetI18n's `PreferencesBudget.iOS` keeps.
 */
export const SUITE_BUDGET_BYTES = budgetOf(SUITE_LIMITS.iOS);

// MARK: - The binary property list's size (PropertyListSize)

/** An integer object: its marker and 1, 2, 4 or 8 bytes (PropertyListSize.integer). */
const integerBytes = (value) => (value < 0x100 ? 2 : value < 0x10000 ? 3 : value < 0x100000000 ? 5 : 9);

/** An object's marker byte, and from 15 on an integer object holding its count (PropertyListSize.header). */
const headerBytes = (count) => (count < 15 ? 1 : 1 + integerBytes(count));

/**
 * The bytes a string object takes (PropertyListSize.string): its marker and length, then one byte a character
 * when all of it is ASCII, else two per UTF-16 unit (one `ş` doubles a bundle).
 */
export function propertyListStringBytes(text) {
  let isASCII = true;
  for (let index = 0; isASCII && index < text.length; index++) isASCII = text.charCodeAt(index) < 0x80;
  return headerBytes(text.length) + (isASCII ? text.length : 2 * text.length);
}

/** How many bytes a reference to one of `objects` objects, or an offset below `end`, takes: 1, 2, 4 or 8. */
const referenceBytes = (objects) => (objects < 0x100 ? 1 : objects < 0x10000 ? 2 : 4);
const offsetBytes = (end) => (end < 0x100 ? 1 : end < 0x10000 ? 2 : end < 0x100000000 ? 4 : 8);

/**
 * The size of a whole binary property list whose top object is a dictionary of `entries`, each `[key,
 * valueBytes]` (the value's object size, `propertyListStringBytes`): the `bplist00` header, the dictionary (its
 * marker and count, a reference per key and per value), every object, the offset table and the 32-byte trailer.
 * PropertyListSize.dictionary, which counts every string once per use; CoreFoundation writes equal strings once,
 * so this never counts less than the system stores.
 */
export function encodedDomainBytes(entries) {
  const objects = 1 + 2 * entries.length;
  let body = headerBytes(entries.length) + 2 * entries.length * referenceBytes(objects);
  for (const [key, valueBytes] of entries) body += propertyListStringBytes(key) + valueBytes;
  return 8 + body + objects * offsetBytes(8 + body) + 32;
}

/**
 * What an entry's two objects, its key and its string value, take in a suite's property list. The references
 * and offsets around them depend on the whole suite: `groupStorage` counts those with it (docs/architecture.md,
 * "A suite's budget").
 */
export function suiteEntryBytes(key, value) {
  for (const [name, text] of [
    ['key', key],
    ['value', value],
  ]) {
    if (typeof text !== 'string') {
      const message = `suiteEntryBytes: expected the ${name} as a string, got ${describe(text)}`;
      throw failure(TypeError, 'ERR_INVALID_VALUE', message);
    }
  }
  return propertyListStringBytes(key) + propertyListStringBytes(value);
}

// MARK: - The ledger

export const LEDGER_KEY = storageKeys.suiteLedger;
const LEDGER_VERSION = 2;
/** What version 1 added to an entry's two objects for its references and offsets, now counted with the suite. */
const VERSION_1_ENTRY_OVERHEAD = 30;

/** The cost of an entry as the ledger of `version` recorded it, as the bytes of its value's object, or null. */
function valueBytesOf(key, bytes, version) {
  if (!Number.isSafeInteger(bytes) || bytes < 0 || key === LEDGER_KEY) return null;
  return version === 1 ? Math.max(0, bytes - propertyListStringBytes(key) - VERSION_1_ENTRY_OVERHEAD) : bytes;
}

/** The entries (key → bytes of the value's object) of a ledger's text; an unreadable one has none. */
function ledgerEntries(text) {
  const entries = new Map();
  let parsed = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    return entries;
  }
  const version = parsed && parsed.version;
  if ((version !== 1 && version !== LEDGER_VERSION) || !isObjectLike(parsed.entries) || Array.isArray(parsed.entries)) {
    return entries;
  }
  for (const [key, bytes] of Object.entries(parsed.entries)) {
    const valueBytes = valueBytesOf(key, bytes, version);
    if (valueBytes !== null) entries.set(key, valueBytes);
  }
  return entries;
}

/**
 * The ledger stored as `text` (or null): its entries (key → bytes of the value's object), and the suite's size as
 * counted with the ledger as stored; 0 when there is none.
 */
export function parseLedger(text) {
  if (typeof text !== 'string') return { entries: new Map(), bytes: 0 };
  const entries = ledgerEntries(text);
  return { entries, bytes: encodedDomainBytes([...entries, [LEDGER_KEY, propertyListStringBytes(text)]]) };
}

export const ledgerText = (entries) =>
  JSON.stringify({ version: LEDGER_VERSION, entries: Object.fromEntries(entries) });

/** The suite as the ledger counts it once `entries` are in it: every entry, and the ledger itself. */
export const ledgerTotal = (entries) =>
  encodedDomainBytes([...entries, [LEDGER_KEY, propertyListStringBytes(ledgerText(entries))]]);

// MARK: - Refusals

/** Within the budget, or no larger than before (a write that shrinks an over-full suite is always let through). */
export const fits = (before, after, budget) => after <= budget || after <= before;

export const CONTAINER_ADVICE =
  'a suite is loaded whole by every process that opens it, and iOS drops every write to one of 4 MiB or more ' +
  '(watchOS: 1 MiB): keep the bundles in the App Group container instead, with fileStorage(directory) from ' +
  "'@widget-i18n/bridge/node' or groupStorage(new Directory(...), { File }) over expo-file-system";

/** `ERR_SUITE_FULL`: `what` would take the suite from `before` to `after` bytes, past `budget`. */
export function suiteFull(caller, what, storeName, before, after, budget) {
  const error = failure(
    Error,
    'ERR_SUITE_FULL',
    `${caller}: ${what} would take ${storeName} to ${after} bytes, past its budget of ${budget} (it holds ${before} ` +
      `as counted of the keys this module wrote); nothing was written. ${CONTAINER_ADVICE}`,
  );
  error.counted = before;
  error.bytes = after;
  error.budget = budget;
  return error;
}

/** `options.budget` checked: a positive integer of bytes, `SUITE_BUDGET_BYTES` when absent. */
export function checkBudget(budget) {
  if (budget === undefined) return SUITE_BUDGET_BYTES;
  if (!Number.isSafeInteger(budget) || budget <= 0) {
    throw failure(
      TypeError,
      'ERR_INVALID_OPTIONS',
      `groupStorage: options.budget must be a positive integer of bytes (such as SUITE_BUDGET_BYTES), got ` +
        `${describe(budget)}`,
    );
  }
  return budget;
}
