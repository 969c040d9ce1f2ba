// An App Group container: WidgetI18n's FileGroupStore layout (Sources/GroupStore/Backends/FileGroupStore.swift),
// one file per key named `keyFileName(key)`, each published whole through a file system of the caller's (node.mjs's
// `fileContainer`, the expo-file-system backend, or one of the app's own). Only what the SDKs write and the
// freshness stamp are written: the widget derives each bundle's lookup index on its first read and keeps it there.

import { storeFailure } from './errors.mjs';
import { derivedKeys, messagesLocation, stampText } from './keys.mjs';
import { keyFileName } from './file-names.mjs';
import { serializer } from './serial.mjs';
import { utf8Bytes } from './utf8.mjs';

/**
 * The container behind `fileSystem`. A normalised messages key's value is written after WidgetI18n's fetch
 * metadata of the old one is removed (as ContractWriter.storeValue does), and its freshness stamp after it. An index
 * the widget built for the old value stays until the widget replaces it on its next read: it records the identity
 * of the file it was built from (device, inode, size, modification time), and a value published as a new file has
 * another inode, so the widget never trusts it for the new value (StoredBundleIndex, ContractReader.lookup).
 * Removing a messages key removes its stamp, fetch metadata and index too, which nothing else would.
 */
export function containerStore(fileSystem, caller) {
  const wrap = storeFailure(caller, fileSystem.name);
  const run = serializer();
  const attempt = async (action, key, operation) => {
    try {
      return await operation(keyFileName(key));
    } catch (cause) {
      throw wrap(action, key, cause);
    }
  };
  const put = (key, bytes) => attempt('write', key, (name) => fileSystem.write(name, bytes));
  const drop = (key) => attempt('remove', key, (name) => fileSystem.remove(name));
  return {
    kind: 'container',
    name: fileSystem.name,
    budget: null,
    get(key) {
      return attempt('read', key, async (name) => {
        const value = await fileSystem.read(name);
        return value === undefined || value === null ? null : String(value);
      });
    },
    set(key, text) {
      keyFileName(key);
      const location = messagesLocation(key);
      return run(async () => {
        const bytes = utf8Bytes(text);
        if (location) await drop(derivedKeys(location).fetchMetadata);
        await put(key, bytes);
        if (location) await put(derivedKeys(location).stamp, utf8Bytes(stampText(bytes.length)));
      });
    },
    remove(key) {
      keyFileName(key);
      const location = messagesLocation(key);
      return run(async () => {
        await drop(key);
        if (!location) return;
        const derived = derivedKeys(location);
        for (const derivedKey of [derived.index, derived.fetchMetadata, derived.stamp]) await drop(derivedKey);
      });
    },
  };
}
