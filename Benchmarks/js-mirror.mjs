// The JavaScript side of Benchmarks/store-benchmark.py: a Node app that fills a file container with the
// bridge (`fileStorage` and `mirrorToWidget`, Bridges/js) from a fixture store's bundles, as a better-i18n core
// would serve them, and prints what it wrote as one JSON line: the locales, and the container's bytes (the bundles,
// their stamps, the locale and a reload request; no lookup index, which the widget derives on its first read).
//
//   node Benchmarks/js-mirror.mjs --from FIXTURE/store --to DIR --project P --locale L --default-locale D

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { keyOfFileName, mirrorToWidget } from '../Bridges/js/index.mjs';
import { fileStorage } from '../Bridges/js/node.mjs';

const argument = (name) => {
  const index = process.argv.indexOf(name);
  if (index < 0 || index + 1 >= process.argv.length) {
    console.error(`usage: node js-mirror.mjs --from DIR --to DIR --project P --locale L --default-locale D`);
    process.exit(64);
  }
  return process.argv[index + 1];
};

const from = argument('--from');
const to = argument('--to');
const project = argument('--project');
const prefix = `@better-i18n:messages:${project}:`;
const bundles = new Map();
for (const name of readdirSync(from)) {
  const key = keyOfFileName(name);
  if (key !== null && key.startsWith(prefix)) {
    bundles.set(key.slice(prefix.length), JSON.parse(readFileSync(join(from, name), 'utf8')));
  }
}
// A better-i18n core as `mirrorToWidget` uses one: `getMessages(locale)` resolves the locale's whole bundle.
const core = { getMessages: async (locale) => bundles.get(locale) };
const summary = await mirrorToWidget({
  core, storage: fileStorage(to), project, locales: [...bundles.keys()], locale: argument('--locale'),
  defaultLocale: argument('--default-locale'),
});
const bytes = readdirSync(to).reduce((sum, name) => sum + statSync(join(to, name)).size, 0);
console.log(JSON.stringify({ locales: summary.locales.map((entry) => entry.locale), bytes }));
