// @widget-i18n/bridge: carries a JavaScript app's translations (better-i18n core, Expo, React Native,
// NativeScript) into the App Group store its iOS widgets read with WidgetI18n. No dependencies; runs on
// Hermes, JavaScriptCore, V8 and Node. It assumes nothing of the engine beyond ES2020 (and uses TextEncoder and
// crypto.getRandomValues when they are there); Node's file system is in node.mjs, not here.
//
// It writes what the better-i18n SDKs write, in WidgetI18n's storage contract (Sources/GroupContract/
// StorageKey.swift; docs/architecture.md, "The storage contract"), plus the freshness stamp a widget ranks copies
// of a locale by; nothing derived: a widget builds each bundle's lookup index on its first read. This file is the
// public entry point; lib/ holds one concern a file:
// - lib/utf8.mjs, lib/text.mjs: UTF-8 without TextDecoder, character classes, random ids;
// - lib/errors.mjs: errors with a code, and how a message names a value;
// - lib/identifiers.mjs: locale tags, project ids, App Group ids and widget kinds, as the Swift types check them;
// - lib/keys.mjs, lib/file-names.mjs: the contract's keys, and which file of a container holds which key;
// - lib/values.mjs: what a value is stored as (its JSON text, judged as a widget will read it);
// - lib/suite-budget.mjs: a suite's budget, by the rule of docs/architecture.md, "A suite's budget";
// - lib/suite-store.mjs, lib/container-store.mjs, lib/expo-file-system.mjs: the two places of an App Group;
// - lib/storages.mjs: `groupStorage` and `containerStorage`, the storages the SDKs are given;
// - lib/widget-calls.mjs, lib/mirror.mjs: `saveLocaleToWidget`, `recordReloadRequest`, `mirrorToWidget`.
// Each file cites the public code of the packages it talks to (@better-i18n/core and expo, @bacons/apple-targets,
// react-native-shared-group-preferences, expo-file-system).

export { utf8Length } from './lib/text.mjs';
export { normalizeLocaleTag, validateProjectId } from './lib/identifiers.mjs';
export { MAXIMUM_MESSAGES_BYTES, storageKeys } from './lib/keys.mjs';
export { keyFileName, keyOfFileName } from './lib/file-names.mjs';
export { SUITE_BUDGET_BYTES, SUITE_LIMITS, suiteEntryBytes } from './lib/suite-budget.mjs';
export { containerStorage, groupStorage } from './lib/storages.mjs';
export { recordReloadRequest, saveLocaleToWidget } from './lib/widget-calls.mjs';
export { mirrorToWidget } from './lib/mirror.mjs';
