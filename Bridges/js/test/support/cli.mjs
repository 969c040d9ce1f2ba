// The built widget-i18n that the end-to-end suites run: $WIDGET_I18N_CLI, else .build/debug/widget-i18n.
// A clone that has not been built has no binary, and its `node --test` must still pass, so then those suites are
// skipped, saying what is missing. A WIDGET_I18N_CLI that names no binary is an error instead: scripts/test.sh
// sets it to the build's, and a wrong path there must fail the run, never skip the suites that make it worth
// running. (Empty counts as unset, as `${WIDGET_I18N_CLI:-…}` would take it.)

import { accessSync, constants, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';

import { repositoryRoot } from './fakes.mjs';

const built = join(repositoryRoot, '.build', 'debug', 'widget-i18n');
const given = process.env.WIDGET_I18N_CLI || null;

function isExecutableFile(path) {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The absolute path of the binary to run, or null when there is none to run. */
export const cli = given !== null ? resolve(given) : isExecutableFile(built) ? built : null;

const missing =
  `no built widget-i18n at ${built}: run 'swift build --product widget-i18n' in ${repositoryRoot}, ` +
  'or set WIDGET_I18N_CLI to the binary';

/**
 * `describe` for a suite that runs `cli`: when there is none, a skipped test of its name saying what is missing and
 * how to get it; throws when WIDGET_I18N_CLI names no executable file, so that the test file fails to load.
 */
export function describeWithCLI(name, body) {
  // Checked here rather than on import: `node --test test/` loads this file as a test file of its own too, and the
  // failure belongs to the file whose suites cannot run.
  if (given !== null && !isExecutableFile(cli)) {
    throw new Error(
      `WIDGET_I18N_CLI is '${given}', which is not an executable file: set it to the built widget-i18n ` +
        `(swift build --show-bin-path names its directory), or unset it to use ${built}, or skip without one`,
    );
  }
  // A skipped suite is left out of the run's `# skipped` count and a skipped test is not, so without a binary each
  // suite is one skipped test of its name: the summary then says that something did not run.
  if (cli === null) return test(name, { skip: missing });
  return describe(name, body);
}
