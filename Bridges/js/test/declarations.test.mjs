// index.d.ts declares exactly what index.mjs exports, and node.d.ts what node.mjs does, so that a TypeScript app
// neither misses an export nor imports one that is not there (issue 35). There is no TypeScript compiler to ask, so
// the exported declarations are read from the .d.ts text (comments and strings blanked first, only the top level):
// `export function|class|const|let|var|enum|namespace|interface|type`, each with `declare` or not, `export default`,
// `export { … }` and `export type { … }`; a form it cannot read fails the test rather than being passed over.
// Interfaces, type aliases and const enums have no runtime value: they are listed apart (as a diagnostic), and only
// the value declarations are compared with the module's export names. A function or class declared must be one at
// run time, and a const declared with an object type (`storageKeys: { … }`) must have exactly its members.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

import * as bridge from '../index.mjs';
import * as node from '../node.mjs';

const packageDirectory = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (name) => readFileSync(join(packageDirectory, name), 'utf8');

/**
 * `source` with its comments as spaces and the insides of its string literals as `_`, every character where it
 * was (newlines kept), so that offsets into it are offsets into `source` and no `{`, `;` or `export` in a comment
 * or a string is read as code. Template literal types are taken as plain strings: a `${…}` in one holds types,
 * never a declaration.
 */
function blanked(source) {
  let out = '';
  let index = 0;
  const keep = (text) => text.replace(/[^\n]/g, ' ');
  while (index < source.length) {
    const two = source.slice(index, index + 2);
    if (two === '//' || two === '/*') {
      let end = two === '//' ? source.indexOf('\n', index) : source.indexOf('*/', index + 2);
      end = end === -1 ? source.length : two === '//' ? end : end + 2;
      out += keep(source.slice(index, end));
      index = end;
    } else if (`'"\``.includes(source[index])) {
      const quote = source[index];
      let end = index + 1;
      while (end < source.length && source[end] !== quote) end += source[end] === '\\' ? 2 : 1;
      out += quote + source.slice(index + 1, end).replace(/[^\n]/g, '_') + (end < source.length ? quote : '');
      index = end + 1;
    } else {
      out += source[index++];
    }
  }
  return out;
}

const OPENING = '([{';
const CLOSING = ')]}';

/** The depth of brackets of every offset of `code` (blanked), before the character there. */
function depths(code) {
  const result = new Array(code.length);
  let depth = 0;
  for (let index = 0; index < code.length; index++) {
    result[index] = depth;
    if (OPENING.includes(code[index])) depth++;
    else if (CLOSING.includes(code[index])) depth--;
  }
  return result;
}

/**
 * `text` cut at each of `separators` outside brackets (and outside `<…>`, a type's arguments; the `>` of `=>` is
 * none), as [start, end] offsets.
 */
function splitTopLevel(text, separators) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (OPENING.includes(character) || character === '<') depth++;
    else if (CLOSING.includes(character) || (character === '>' && text[index - 1] !== '=')) depth--;
    else if (depth === 0 && separators.includes(character)) {
      parts.push([start, index]);
      start = index + 1;
    }
  }
  parts.push([start, text.length]);
  return parts;
}

const NAME = '[A-Za-z_$][\\w$]*';
/** A member's name (quoted ones blanked): `readonly` first or not, a getter's or setter's `get`/`set` left out. */
const MEMBER = new RegExp(`^(?:readonly\\s+)?(?:[gs]et\\s+(?=\\S+\\s*\\())?(${NAME}|'_*'|"_*")\\s*\\??\\s*[:(<]`);

/** The offset of the `}` that closes the `{` at `open` in `code` (blanked), or -1. */
function closingBrace(code, open) {
  let depth = 0;
  for (let index = open; index < code.length; index++) {
    if (OPENING.includes(code[index])) depth++;
    else if (CLOSING.includes(code[index]) && --depth === 0) return code[index] === '}' ? index : -1;
  }
  return -1;
}

/**
 * The member names of the object type literal whose braces `code` (blanked) and `source` (the same text, not
 * blanked) hold, or null when it has an index, call or construct signature: then they are not a closed list.
 */
function membersOf(code, source) {
  const inner = code.slice(1, -1);
  const innerSource = source.slice(1, -1);
  const names = [];
  for (const [start, end] of splitTopLevel(inner, ';,\n')) {
    const member = inner.slice(start, end).trim();
    if (member === '') continue;
    if (/^(?:\[|\(|<|new\b)/.test(member)) return null;
    const match = MEMBER.exec(member);
    // Anything else continues the member before it, as the second line of `a:\n | B` does.
    if (!match) continue;
    let name = match[1];
    if (/^['"]/.test(name)) {
      const offset = start + inner.slice(start, end).indexOf(name);
      name = innerSource.slice(offset + 1, offset + name.length - 1);
    }
    names.push(name);
  }
  return names;
}

/**
 * What a .d.ts exports: `values`, name → { kind, members } (members: an object type's member names, or null), and
 * `types`, name → kind, for the declarations that have no runtime value. Throws for a form it cannot read.
 */
function exportedDeclarations(source) {
  const code = blanked(source);
  const depth = depths(code);
  const values = new Map();
  const types = new Map();
  const starts = [...code.matchAll(/(?<![\w$.])export(?![\w$])/g)]
    .map((match) => match.index)
    .filter((index) => depth[index] === 0);
  for (const [position, start] of starts.entries()) {
    const after = start + 'export'.length;
    // The statement runs to its `;` at the top level, or to the next `export` for one written without.
    let end = position + 1 < starts.length ? starts[position + 1] : code.length;
    for (let index = after; index < end; index++) {
      if (code[index] === ';' && depth[index] === 0) {
        end = index;
        break;
      }
    }
    const rest = code.slice(after, end);
    const restSource = source.slice(after, end);
    const shown = `export${restSource.split('\n')[0]}`;
    let match;
    if ((match = /^\s+default\b/.exec(rest))) {
      values.set('default', { kind: 'default', members: null });
    } else if ((match = new RegExp(`^\\s*\\*\\s*as\\s+(${NAME})\\s+from\\b`).exec(rest))) {
      values.set(match[1], { kind: 'namespace', members: null });
    } else if ((match = /^\s+(type\s*)?\{([^}]*)\}/.exec(rest)) || (match = /^\s*()\{([^}]*)\}/.exec(rest))) {
      const typeOnly = Boolean(match[1]);
      for (const [from, to] of splitTopLevel(match[2], ',')) {
        const entry = match[2].slice(from, to).trim();
        if (entry === '') continue;
        const parts = new RegExp(`^(type\\s+)?(${NAME})(?:\\s+as\\s+(${NAME}))?$`).exec(entry);
        if (!parts) throw new Error(`cannot read '${entry}' in '${shown}'`);
        const name = parts[3] ?? parts[2];
        if (typeOnly || parts[1]) types.set(name, 're-exported type');
        else values.set(name, { kind: 're-exported', members: null });
      }
    } else if ((match = new RegExp(`^\\s+(?:declare\\s+)?(?:async\\s+)?function\\b\\s*\\*?\\s*(${NAME})`).exec(rest))) {
      // Overloads declare the same name again.
      values.set(match[1], { kind: 'function', members: null });
    } else if ((match = new RegExp(`^\\s+(?:declare\\s+)?(?:abstract\\s+)?class\\s+(${NAME})`).exec(rest))) {
      values.set(match[1], { kind: 'class', members: null });
    } else if ((match = new RegExp(`^\\s+(?:declare\\s+)?const\\s+enum\\s+(${NAME})`).exec(rest))) {
      // Inlined where it is used: nothing of it is exported at run time.
      types.set(match[1], 'const enum');
    } else if ((match = new RegExp(`^\\s+(?:declare\\s+)?enum\\s+(${NAME})`).exec(rest))) {
      values.set(match[1], { kind: 'enum', members: null });
    } else if ((match = /^\s+(?:declare\s+)?(const|let|var)\s/.exec(rest))) {
      const list = rest.slice(match[0].length);
      const listSource = restSource.slice(match[0].length);
      for (const [from, to] of splitTopLevel(list, ',')) {
        const declarator = list.slice(from, to);
        const name = new RegExp(`^\\s*(${NAME})`).exec(declarator);
        if (!name) throw new Error(`cannot read a name in '${shown}'`);
        // An object type (`name: { … }` and nothing after it): its members are checked too.
        let members = null;
        const type = /^\s*:\s*\{/.exec(declarator.slice(name[0].length));
        if (type) {
          const open = from + name[0].length + type[0].length - 1;
          const close = closingBrace(list, open);
          if (close !== -1 && list.slice(close + 1, to).trim() === '') {
            members = membersOf(list.slice(open, close + 1), listSource.slice(open, close + 1));
          }
        }
        values.set(name[1], { kind: match[1], members });
      }
    } else if ((match = new RegExp(`^\\s+(?:declare\\s+)?(?:namespace|module)\\s+(${NAME})`).exec(rest))) {
      values.set(match[1], { kind: 'namespace', members: null });
    } else if ((match = new RegExp(`^\\s+(?:declare\\s+)?(interface|type)\\s+(${NAME})`).exec(rest))) {
      types.set(match[2], match[1]);
    } else {
      throw new Error(`cannot read the declaration '${shown}'`);
    }
  }
  return { values, types };
}

const withArticle = (kind) => `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;

/** Every way `declarations` (a .d.ts's `exportedDeclarations`) and `module` (its namespace) disagree, in words. */
function disagreements(declarations, module, names) {
  const { values, types } = declarations;
  const problems = [];
  for (const name of Object.keys(module).sort()) {
    if (values.has(name)) continue;
    const asType = types.has(name) ? ` (only ${withArticle(types.get(name))}, which has no runtime value)` : '';
    problems.push(`${names.module} exports '${name}', which ${names.declarations} does not declare${asType}`);
  }
  for (const [name, { kind, members }] of [...values].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!Object.hasOwn(module, name)) {
      problems.push(`${names.declarations} declares '${name}' (${kind}), which ${names.module} does not export`);
      continue;
    }
    const value = module[name];
    if ((kind === 'function' || kind === 'class') && typeof value !== 'function') {
      const actual = withArticle(typeof value);
      problems.push(`${names.declarations} declares '${name}' as ${withArticle(kind)}, but it is ${actual}`);
    }
    if (members !== null) {
      if (value === null || typeof value !== 'object') {
        const actual = value === null ? 'null' : withArticle(typeof value);
        problems.push(`${names.declarations} declares '${name}' with an object type, but it is ${actual}`);
        continue;
      }
      for (const member of Object.keys(value).filter((key) => !members.includes(key))) {
        problems.push(`${names.module}'s '${name}' has '${member}', which ${names.declarations} does not declare`);
      }
      for (const member of members.filter((key) => !Object.hasOwn(value, key))) {
        problems.push(`${names.declarations} declares '${name}.${member}', which ${names.module}'s '${name}' lacks`);
      }
    }
  }
  return problems;
}

describe('the declarations reader', () => {
  // Every form, so that a .d.ts written another way is still read, and a mismatch in one is seen.
  const source = `
    // export function inAComment(): void;
    /* export const alsoInAComment: number; */
    import type { Other } from './other.js';
    export interface Shape { export: string; 'quoted;{': number }
    export type Alias = { a: string } | 'export const inAString';
    export declare type Declared = string;
    export const enum Inlined { A }
    export enum Kinds { A, B }
    export function plain(a: { b: string }): void;
    export function plain(a: number): void;
    export declare function declared(): Promise<Map<string, number>>;
    export declare class Thing<T> { method(): T }
    export const limits: { readonly iOS: 1; readonly 'watch;OS': 2; get size(): number; build(x: string,
      y?: number): string; list:
        | string
        | number };
    export const open: { [key: string]: number };
    export declare const first: Map<string, { a: 1, b: 2 }>, second: () => void
    export let mutable: number;
    export declare namespace Space { const inner: number }
    export { renamed as outward, kept, type TypeOnly };
    export type { AlsoTypeOnly };
    export * as everything from './everything.js';
    export default plain;
    declare module 'elsewhere' { export const notOurs: number; }
    export {};
  `;

  test('reads every value and type declaration, and nothing in comments, strings or other modules', () => {
    const { values, types } = exportedDeclarations(source);
    assert.deepEqual(Object.fromEntries(values), {
      Kinds: { kind: 'enum', members: null },
      plain: { kind: 'function', members: null },
      declared: { kind: 'function', members: null },
      Thing: { kind: 'class', members: null },
      limits: { kind: 'const', members: ['iOS', 'watch;OS', 'size', 'build', 'list'] },
      open: { kind: 'const', members: null },
      first: { kind: 'const', members: null },
      second: { kind: 'const', members: null },
      mutable: { kind: 'let', members: null },
      Space: { kind: 'namespace', members: null },
      outward: { kind: 're-exported', members: null },
      kept: { kind: 're-exported', members: null },
      everything: { kind: 'namespace', members: null },
      default: { kind: 'default', members: null },
    });
    assert.deepEqual(Object.fromEntries(types), {
      Shape: 'interface',
      Alias: 'type',
      Declared: 'type',
      Inlined: 'const enum',
      TypeOnly: 're-exported type',
      AlsoTypeOnly: 're-exported type',
    });
  });

  test('a form it cannot read is an error, not a declaration passed over', () => {
    assert.throws(() => exportedDeclarations("export * from './all.js';"), /cannot read the declaration 'export \*/);
    assert.throws(() => exportedDeclarations('export = thing;'), /cannot read the declaration/);
  });

  test('names each export not declared, each value declared not exported, and each wrong kind or member', () => {
    const declarations = exportedDeclarations(`
      export interface Missing {}
      export function gone(): void;
      export function notAFunction(): void;
      export const table: { a: string; b: string };
    `);
    const module = { Missing: 1, extra: 2, notAFunction: 3, table: { a: 'x', c: 'y' } };
    assert.deepEqual(disagreements(declarations, module, { module: 'm.mjs', declarations: 'm.d.ts' }), [
      "m.mjs exports 'Missing', which m.d.ts does not declare (only an interface, which has no runtime value)",
      "m.mjs exports 'extra', which m.d.ts does not declare",
      "m.d.ts declares 'gone' (function), which m.mjs does not export",
      "m.d.ts declares 'notAFunction' as a function, but it is a number",
      "m.mjs's 'table' has 'c', which m.d.ts does not declare",
      "m.d.ts declares 'table.b', which m.mjs's 'table' lacks",
    ]);
  });
});

for (const [declarationsFile, moduleFile, module] of [
  ['index.d.ts', 'index.mjs', bridge],
  ['node.d.ts', 'node.mjs', node],
]) {
  test(`${declarationsFile} declares exactly what ${moduleFile} exports`, (context) => {
    const declarations = exportedDeclarations(read(declarationsFile));
    const types = [...declarations.types.keys()].sort();
    context.diagnostic(`types only, no runtime value: ${types.length === 0 ? 'none' : types.join(', ')}`);
    const names = { module: moduleFile, declarations: declarationsFile };
    assert.deepEqual(disagreements(declarations, module, names), []);
  });
}
