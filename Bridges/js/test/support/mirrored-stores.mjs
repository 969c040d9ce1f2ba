// The two kinds of store a test mirrors a good bundle into before it tries a bad one: a suite (the in-memory
// ExtensionStorage) and a file container (fileStorage over a fresh directory). Each comes with what a test asks of
// it afterwards: the stored text under one key, and a snapshot of everything in the store, to require that nothing
// was written.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { groupStorage, keyFileName, mirrorToWidget } from '../../index.mjs';
import { fileContainer, fileStorage } from '../../node.mjs';
import { fakeCore, MemoryExtensionStorage } from './fakes.mjs';
import { temporaryRoot } from './temporary.mjs';

/**
 * The two stores by name, each a function that makes one with `bundles` mirrored into it (`mirror`: the rest of
 * mirrorToWidget's options, `project` included) and returns `{ storage, stored, snapshot }`: `stored()` is the text
 * under `key`; `snapshot()` is every key and value of the suite with the backend's writes since, or every file of
 * the container with its bytes, inode and modification time. `beside(name, bytes)` files are written into the
 * container after the mirror (what a widget or a fetch keeps beside a bundle).
 */
export function mirroredStores({ directoryPrefix, bundles, mirror, key, beside = [] }) {
  const freshDirectory = temporaryRoot(directoryPrefix);
  const mirrored = (storage) => mirrorToWidget({ core: fakeCore({ bundles }), storage, ...mirror });
  return {
    'a suite (ExtensionStorage in memory)': async () => {
      const backend = new MemoryExtensionStorage();
      const storage = groupStorage(backend);
      await mirrored(storage);
      const calls = backend.calls.length;
      return {
        storage,
        stored: () => backend.values.get(key),
        snapshot: () => ({
          values: [...backend.values.entries()],
          writes: backend.calls.slice(calls).filter(([call]) => call !== 'get'),
        }),
      };
    },
    'a file container (fileStorage)': async () => {
      const directory = freshDirectory();
      const storage = fileStorage(directory);
      await mirrored(storage);
      const files = fileContainer(directory);
      for (const [name, bytes] of beside) files.write(name, bytes);
      return {
        storage,
        stored: () => readFileSync(join(directory, keyFileName(key)), 'utf8'),
        snapshot: () =>
          readdirSync(directory)
            .sort()
            .map((name) => {
              const status = statSync(join(directory, name), { bigint: true });
              return [name, readFileSync(join(directory, name)).toString('base64'), status.ino, status.mtimeNs];
            }),
      };
    },
  };
}
