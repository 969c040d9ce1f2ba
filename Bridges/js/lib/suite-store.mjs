// An App Group's `UserDefaults` suite, behind ExtensionStorage (@bacons/apple-targets 4,
// packages/apple-targets/src/ExtensionStorage.ts) or react-native-shared-group-preferences (1.1, index.js and
// ios/*.m), kept under its budget by a ledger of every key written through it (suite-budget.mjs): the suite itself
// cannot be listed from JavaScript. Each value is written as it is, a messages value with its freshness stamp.

import { failure, storeFailure } from './errors.mjs';
import { derivedKeys, messagesLocation, PREFIX, stampText } from './keys.mjs';
import {
  fits,
  LEDGER_KEY,
  ledgerText,
  ledgerTotal,
  parseLedger,
  propertyListStringBytes,
  suiteFull,
} from './suite-budget.mjs';
import { utf8Count } from './utf8.mjs';

// MARK: - Backends

/** ExtensionStorage: synchronous `get`, `set`, `remove` (or any object of that shape, synchronous or not). */
export function extensionStorageBackend(backend) {
  return {
    name: 'ExtensionStorage',
    async get(key) {
      const value = backend.get(key);
      const resolved = value && typeof value.then === 'function' ? await value : value;
      // Without the native module (web, Android) ExtensionStorage's get returns undefined.
      return resolved === undefined || resolved === null ? null : String(resolved);
    },
    async set(key, value) {
      await backend.set(key, value);
    },
    /** How `key` is removed: really (null), before anything is touched. */
    removal: () => null,
    async remove(key) {
      await backend.remove(key);
    },
  };
}

/**
 * The library cannot remove a key. An empty locale is "no locale" to every reader of the contract (WidgetI18n's
 * StoredLocale, the better-i18n Swift SDK), so that one is cleared by writing "" (returned). Any other empty value
 * would read as a corrupt bundle or manifest, so removal is refused and nothing is written.
 */
function sharedGroupPreferencesRemoval(key) {
  if (key.startsWith(`${PREFIX}locale:`)) return '';
  throw failure(
    Error,
    'ERR_REMOVE_UNSUPPORTED',
    `groupStorage: react-native-shared-group-preferences cannot remove '${key}', and an empty value would read ` +
      `as corrupt; nothing was written (ExtensionStorage from @bacons/apple-targets can remove keys)`,
  );
}

/** react-native-shared-group-preferences: `getItem(key, group)`, `setItem(key, value, group)`, promises. */
export function sharedGroupPreferencesBackend(backend, appGroup) {
  const explain = (cause) =>
    cause === 0
      ? new Error(`the App Group '${appGroup}' could not be opened (rejected with 0): check its entitlement`)
      : cause;
  const set = async (key, value) => {
    try {
      await backend.setItem(key, value, appGroup);
    } catch (cause) {
      throw explain(cause);
    }
  };
  return {
    name: `react-native-shared-group-preferences (App Group '${appGroup}')`,
    async get(key) {
      try {
        const value = await backend.getItem(key, appGroup);
        return value === undefined || value === null ? null : String(value);
      } catch (cause) {
        // getItem rejects with 1 when the key is missing, where the SDKs' storages resolve null.
        if (cause === 1 || cause === '1') return null;
        throw explain(cause);
      }
    },
    set,
    removal: sharedGroupPreferencesRemoval,
    remove: (key) => set(key, ''),
  };
}

// MARK: - The suite

/** The writes of one `set`: the value, then for a normalised messages key its freshness stamp. */
export function suiteWrites(key, text) {
  const writes = [[key, text]];
  const location = messagesLocation(key);
  if (location) writes.push([derivedKeys(location).stamp, stampText(utf8Count(text))]);
  return writes;
}

/** The ledger's entries once `writes` are made: each written key with the bytes of its value's object. */
function withWrites(entries, writes) {
  const next = new Map(entries);
  for (const [name, value] of writes) next.set(name, propertyListStringBytes(value));
  return next;
}

async function readLedger(suite) {
  return parseLedger(await suite.store.get(LEDGER_KEY));
}

function refuseLedger(suite, key) {
  if (key === LEDGER_KEY) {
    const message = `${suite.caller}: '${LEDGER_KEY}' is the bridge's own ledger of the suite`;
    throw failure(RangeError, 'ERR_INVALID_KEY', message);
  }
}

/** Writes `text` under `key` (and its stamp), the ledger first, unless that takes the suite past its budget. */
async function suiteSet(suite, key, text) {
  try {
    const writes = suiteWrites(key, text);
    const ledger = await readLedger(suite);
    const next = withWrites(ledger.entries, writes);
    const after = ledgerTotal(next);
    if (!fits(ledger.bytes, after, suite.budget)) {
      const error = suiteFull(suite.caller, `writing '${key}'`, suite.store.name, ledger.bytes, after, suite.budget);
      error.key = key;
      throw error;
    }
    await suite.store.set(LEDGER_KEY, ledgerText(next));
    for (const [name, value] of writes) await suite.store.set(name, value);
  } catch (cause) {
    throw suite.wrap('write', key, cause);
  }
}

/** Removes `key` (and its stamp), then the ledger forgets them: it never counts less than the suite holds. */
async function suiteRemove(suite, key) {
  try {
    const written = suite.store.removal(key);
    const location = messagesLocation(key);
    const keys = location ? [key, derivedKeys(location).stamp] : [key];
    const ledger = await readLedger(suite);
    for (const name of keys) await suite.store.remove(name);
    const next = new Map(ledger.entries);
    for (const name of keys) next.delete(name);
    if (written !== null) next.set(key, propertyListStringBytes(written));
    const changed =
      next.size !== ledger.entries.size || keys.some((name) => next.get(name) !== ledger.entries.get(name));
    if (changed) await suite.store.set(LEDGER_KEY, ledgerText(next));
  } catch (cause) {
    throw suite.wrap('remove', key, cause);
  }
}

/**
 * Which of `optional` (each a list of writes) fit after `required`, in order, as many as fit, and what each left
 * out would have added to the suite at its turn; or `fits: false` when `required` alone does not. Nothing is
 * written.
 */
async function suitePlan(suite, required, optional) {
  let ledger;
  try {
    ledger = await readLedger(suite);
  } catch (cause) {
    throw suite.wrap('read', LEDGER_KEY, cause);
  }
  let entries = withWrites(ledger.entries, required);
  const after = ledgerTotal(entries);
  if (!fits(ledger.bytes, after, suite.budget)) return { fits: false, before: ledger.bytes, after, accepted: [] };
  const accepted = [];
  const rejected = [];
  for (const [index, writes] of optional.entries()) {
    const trial = withWrites(entries, writes);
    const [current, tried] = [ledgerTotal(entries), ledgerTotal(trial)];
    if (fits(ledger.bytes, tried, suite.budget)) {
      entries = trial;
      accepted.push(index);
    } else rejected.push({ index, bytes: tried - current });
  }
  return { fits: true, before: ledger.bytes, after: ledgerTotal(entries), accepted, rejected };
}

/**
 * A suite over `store` (one of the backends above), kept under `budget` bytes, its writes run through `run` (the
 * suite's serializer). The ledger is written before the values and after removals, so a crash between the two
 * leaves it counting more than the suite holds, never less.
 */
export function suiteStore(store, budget, caller, run) {
  const suite = { store, budget, caller, wrap: storeFailure(caller, store.name) };
  return {
    kind: 'suite',
    name: store.name,
    budget,
    async get(key) {
      try {
        return await store.get(key);
      } catch (cause) {
        throw suite.wrap('read', key, cause);
      }
    },
    set(key, text) {
      refuseLedger(suite, key);
      return run(() => suiteSet(suite, key, text));
    },
    remove(key) {
      refuseLedger(suite, key);
      return run(() => suiteRemove(suite, key));
    },
    plan: (required, optional) => suitePlan(suite, required, optional),
  };
}
