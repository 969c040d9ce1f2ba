// A temporary root for one test file, made before its tests and removed after them, and fresh directories in it.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';

/**
 * Registers the root's `before` and `after` hooks, and returns `fresh(kind, ...parts)`: a path under the root not
 * used before, `<root>/<kind>-<n>/<parts…>` (the directory itself is not made).
 */
export function temporaryRoot(prefix) {
  let root;
  let count = 0;
  before(() => {
    root = mkdtempSync(join(tmpdir(), prefix));
  });
  after(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });
  return (kind = 'container', ...parts) => join(root, `${kind}-${++count}`, ...parts);
}
