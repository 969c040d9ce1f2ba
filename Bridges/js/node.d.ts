// Type declarations of @widget-i18n/bridge/node (node.mjs): the file container backend for Node.

import type { ContainerFileSystem, GroupStorage } from './index.js';

/**
 * A storage over WidgetI18n's file container in `directory` (created 0700 on the first write), of the shape
 * `groupStorage` returns; each messages key is written with its freshness stamp.
 */
export function fileStorage(directory: string): GroupStorage;

/**
 * The synchronous file system `fileStorage` is made of, for `containerStorage` or a single file. Its methods take
 * only a key's file name (`keyFileName(key)`; else `ERR_INVALID_KEY`) and, to write, a Uint8Array.
 */
export function fileContainer(directory: string): ContainerFileSystem & {
  read(name: string): string | null;
  write(name: string, bytes: Uint8Array): void;
  remove(name: string): void;
};
