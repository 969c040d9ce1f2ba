// An App Group container written through expo-file-system's object API (SDK 54 and later; the "next" API of
// SDK 52-53), as https://docs.expo.dev/versions/latest/sdk/filesystem/ documents it and these files of expo/expo
// implement it (packages/expo-file-system):
// - src/FileSystem.ts: `Paths.appleSharedContainers` maps each App Group id the app is entitled to to a
//   `Directory` of its container; `new File(directory, name)` joins with `Paths.join`.
// - src/pathUtilities/index.ts and url.ts: `Paths.join` percent-encodes `%` in an appended name (`%25`), so the
//   file on disk is named exactly `name`, percent signs and all; `file.name` decodes it back.
// - ios/FileSystemFile.swift: `file.write(bytes)` is `Data.write(to:)`, in place and not atomic: written under a
//   key's own name, a reader could see part of a value. So every value goes to a temporary file first.
// - ios/FileSystemPath.swift: `file.move(destination)` is `FileManager.moveItem(at:to:)`, which fails when the
//   destination exists and never replaces it; the `overwrite` option added later (expo/expo pull request 42979)
//   removes the destination first, as this does. There is no atomic replace in the API, so publishing is: the
//   old file deleted, the whole temporary file moved in. A reader sees the old value, for a moment no value
//   (WidgetI18n's reader then falls back as for a locale it does not have), or the new one; never part of one.
// - src/ExpoFileSystem.types.ts: `file.exists`, `file.delete()` (throws when there is nothing to delete),
//   `file.text()` (a promise of the contents as UTF-8), `directory.exists`, `directory.create({ intermediates })`
//   (throws when it exists). `directory.createFile` is not used: iOS had none before expo-file-system 19.0.19
//   (its CHANGELOG).
// There is no fsync and no file mode in the API: values are not flushed before they are moved in, and files get
// the system's default protection. Each value is a new file (the temporary one, moved in), which is what tells the
// widget that a lookup index it built for the old value is stale.

import { isObjectLike } from './errors.mjs';
import { hexOf, randomBytes } from './text.mjs';

/** Whether `backend` has the shape of an expo-file-system `Directory`. */
export const isExpoDirectory = (backend) =>
  isObjectLike(backend) &&
  typeof backend.list === 'function' &&
  typeof backend.create === 'function' &&
  typeof backend.uri === 'string' &&
  'exists' in backend;

/** Creates `directory` unless it exists; another writer may create it meanwhile. */
function ensureDirectory(directory) {
  if (directory.exists) return;
  try {
    directory.create({ intermediates: true });
  } catch (error) {
    if (!directory.exists) throw error;
  }
}

/** Moves `temporary` over `target`: the old file deleted first, since `move` never replaces one. */
function moveOver(temporary, target) {
  for (let attempt = 1; ; attempt++) {
    if (target.exists) target.delete();
    try {
      temporary.move(target);
      return;
    } catch (error) {
      // Another writer's file took the name between the delete and the move: delete it again.
      if (attempt === 3 || !target.exists) throw error;
    }
  }
}

/** Publishes `bytes` under `name` in `directory`: a temporary file, then moved in whole. */
function publish(directory, File, name, bytes) {
  ensureDirectory(directory);
  // `%t` is not a hex escape: a temporary file never decodes as a key (FileGroupStore.temporaryFileName).
  const temporary = new File(directory, `%tmp-expo-${hexOf(randomBytes(8))}`);
  try {
    temporary.write(bytes);
    moveOver(temporary, new File(directory, name));
  } catch (error) {
    try {
      if (temporary.exists) temporary.delete();
    } catch {
      // The write's own error says more than the clean-up's.
    }
    throw error;
  }
}

/** The file system `containerStorage` takes, over `directory` and expo-file-system's `File` class. */
export function expoFileSystem(directory, File) {
  const fileAt = (name) => new File(directory, name);
  return {
    name: `file container '${directory.uri}'`,
    async read(name) {
      const file = fileAt(name);
      if (!file.exists) return null;
      try {
        return await file.text();
      } catch (error) {
        if (!file.exists) return null;
        throw error;
      }
    },
    write(name, bytes) {
      publish(directory, File, name, bytes);
    },
    remove(name) {
      const file = fileAt(name);
      if (!file.exists) return;
      try {
        file.delete();
      } catch (error) {
        if (file.exists) throw error;
      }
    },
  };
}
