// Writes one after the other: a read-modify-write (the ledger and a value, a value and its stamp) is never
// interleaved with another of the same store.

import { isObjectLike } from './errors.mjs';

/** Runs tasks one after the other, each once the one before settled. */
export function serializer() {
  let tail = Promise.resolve();
  return (task) => {
    const result = tail.then(task);
    tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  };
}

/** One serializer per suite: every storage over the same backend object and App Group shares it. */
const suiteSerializers = new WeakMap();

/** The serializer of the suite `group` of `backend`. */
export function suiteSerializer(backend, group) {
  if (!isObjectLike(backend)) return serializer();
  if (!suiteSerializers.has(backend)) suiteSerializers.set(backend, new Map());
  const groups = suiteSerializers.get(backend);
  if (!groups.has(group)) groups.set(group, serializer());
  return groups.get(group);
}
