// The functions of a JavaScript source and how many lines each spans, for test/function-length.test.mjs. There
// is no parser to install, so this is a tokenizer good enough for the package's own code: it skips comments,
// strings, template literals (their `${…}` read as code) and regular expression literals, so that no brace in
// them is counted, and takes a `{` for a function's body when it follows `=>`, or follows the parameters `(…)` of
// `function [name]`, or of a method `name(…)` (any identifier but a keyword that takes a condition: `if (…) {` is
// a block). A function spans from the line of its `function` keyword, name or parameters to its closing brace.

const CONDITION_KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'return', 'typeof', 'await']);
/** After these a `/` starts a regular expression, not a division. */
const BEFORE_REGEX_WORDS = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw',
  'case', 'do', 'else', 'yield', 'await']);
const isIdentifierStart = (character) => /[A-Za-z_$]/.test(character);
const isIdentifierPart = (character) => /[A-Za-z0-9_$]/.test(character);

/** The end of the quoted string starting at `index` (its quote), past the closing quote. */
function skipString(source, index) {
  const quote = source[index];
  let position = index + 1;
  while (position < source.length && source[position] !== quote && source[position] !== '\n') {
    position += source[position] === '\\' ? 2 : 1;
  }
  return position + 1;
}

/** The end of the regular expression literal starting at `index` (its `/`), flags included. */
function skipRegex(source, index) {
  let position = index + 1;
  let inClass = false;
  while (position < source.length && source[position] !== '\n') {
    const character = source[position];
    if (character === '\\') position += 1;
    else if (character === '[') inClass = true;
    else if (character === ']') inClass = false;
    else if (character === '/' && !inClass) break;
    position += 1;
  }
  position += 1;
  while (position < source.length && isIdentifierPart(source[position])) position += 1;
  return position;
}

/**
 * The end of a template literal's text from `index` (just past a backtick or a `}` that closes a `${`), and
 * whether it stopped at a `${` (true) or at the closing backtick (false).
 */
function skipTemplateText(source, index) {
  let position = index;
  while (position < source.length) {
    const character = source[position];
    if (character === '\\') position += 2;
    else if (character === '`') return { end: position + 1, inExpression: false };
    else if (character === '$' && source[position + 1] === '{') return { end: position + 2, inExpression: true };
    else position += 1;
  }
  return { end: position, inExpression: false };
}

// The end of the comment starting at `index`: a line comment at the line's end, a block comment past its close.
function commentEnd(source, index) {
  const isLine = source[index + 1] === '/';
  const end = source.indexOf(isLine ? '\n' : '*/', index + 2);
  if (end === -1) return source.length;
  return isLine ? end : end + 2;
}

/** Whether a `/` after `previous` (the last token, or undefined) starts a regular expression. */
function startsRegex(previous) {
  if (previous === undefined) return true;
  if (previous.kind === 'word') return BEFORE_REGEX_WORDS.has(previous.text);
  if (previous.kind === 'number' || previous.kind === 'string' || previous.kind === 'template') return false;
  return !(previous.text === ')' || previous.text === ']' || previous.text === '}');
}

const PUNCTUATORS = ['=>', '...', '(', ')', '[', ']', '{', '}'];

/**
 * The tokens of `source` that matter for finding functions: words, numbers, brackets, `=>`, and one token for
 * each string, template or regular expression (`kind`, `text`, `line`). Comments are skipped.
 */
export function tokenize(source) {
  const tokens = [];
  const braces = []; // For each open `{`: whether it is a template's `${`.
  let line = 1;
  let index = 0;
  const push = (kind, text, start) => tokens.push({ kind, text, line, start });
  const advance = (end) => {
    for (let position = index; position < end && position < source.length; position++) {
      if (source[position] === '\n') line += 1;
    }
    index = end;
  };
  const template = (start) => {
    const { end, inExpression } = skipTemplateText(source, start);
    push('template', '`', index);
    advance(end);
    if (inExpression) braces.push(true);
  };
  while (index < source.length) {
    const character = source[index];
    const next = source[index + 1];
    if (/\s/.test(character)) advance(index + 1);
    else if (character === '/' && (next === '/' || next === '*')) advance(commentEnd(source, index));
    else if (character === '/' && startsRegex(tokens[tokens.length - 1])) {
      push('regex', '/', index);
      advance(skipRegex(source, index));
    } else if (character === '"' || character === "'") {
      push('string', character, index);
      advance(skipString(source, index));
    } else if (character === '`') template(index + 1);
    else if (character === '}' && braces[braces.length - 1] === true) {
      braces.pop();
      template(index + 1);
    } else if (isIdentifierStart(character)) {
      let end = index + 1;
      while (end < source.length && isIdentifierPart(source[end])) end += 1;
      push('word', source.slice(index, end), index);
      advance(end);
    } else if (/[0-9]/.test(character)) {
      let end = index + 1;
      while (end < source.length && /[0-9A-Za-z_.]/.test(source[end])) end += 1;
      push('number', source.slice(index, end), index);
      advance(end);
    } else {
      const punctuator = PUNCTUATORS.find((text) => source.startsWith(text, index)) ?? character;
      if (punctuator === '{') braces.push(false);
      else if (punctuator === '}') braces.pop();
      push('punctuator', punctuator, index);
      advance(index + punctuator.length);
    }
  }
  return tokens;
}

/** For each bracket token's index, the index of its partner (both ways). */
function partners(tokens) {
  const partner = new Map();
  const open = [];
  for (const [index, token] of tokens.entries()) {
    if (token.kind !== 'punctuator') continue;
    if (token.text === '(' || token.text === '[' || token.text === '{') open.push(index);
    else if (token.text === ')' || token.text === ']' || token.text === '}') {
      const start = open.pop();
      if (start === undefined) continue;
      partner.set(start, index);
      partner.set(index, start);
    }
  }
  return partner;
}

/**
 * The function whose body the `{` at `brace` opens, as { name, startLine }, or null for a block or an object.
 * `before` is the token just before the brace.
 */
function functionAt(tokens, brace, partner) {
  const before = tokens[brace - 1];
  if (before === undefined || before.kind !== 'punctuator') return null;
  if (before.text === '=>') {
    const parameters = tokens[brace - 2];
    let start = parameters && parameters.text === ')' ? partner.get(brace - 2) : brace - 2;
    if (tokens[start - 1] && tokens[start - 1].text === 'async') start -= 1;
    const name = nameBefore(tokens, start) ?? calleeName(tokens, start, partner);
    return { name, startLine: (tokens[start] ?? before).line };
  }
  if (before.text !== ')' || !partner.has(brace - 1)) return null;
  const open = partner.get(brace - 1);
  const head = tokens[open - 1];
  if (head === undefined) return null;
  if (head.kind === 'word' && head.text === 'function') return { name: '(anonymous)', startLine: head.line };
  if (head.kind !== 'word' || CONDITION_KEYWORDS.has(head.text)) return null;
  const keyword = tokens[open - 2];
  const isDeclaration = keyword && keyword.kind === 'word' && keyword.text === 'function';
  return { name: head.text, startLine: (isDeclaration ? keyword : head).line };
}

/** The name an arrow function starting at `start` is bound to (`const name = (…) =>`, `name: (…) =>`), if any. */
function nameBefore(tokens, start) {
  const [binding, sign] = [tokens[start - 2], tokens[start - 1]];
  if (!sign || (sign.text !== '=' && sign.text !== ':')) return undefined;
  return binding && binding.kind === 'word' ? binding.text : undefined;
}

/**
 * For an arrow function starting at `start` that is an argument (`describe('…', () => {`), `describe(…) callback`:
 * the callee of the call whose parentheses enclose it; else `(arrow)`.
 */
function calleeName(tokens, start, partner) {
  for (let position = start - 1; position >= 0; position--) {
    const token = tokens[position];
    if (token.kind !== 'punctuator') continue;
    if (token.text === ')' || token.text === ']' || token.text === '}') position = partner.get(position) ?? position;
    else if (token.text === '[' || token.text === '{') break;
    else if (token.text === '(') {
      const callee = tokens[position - 1];
      return callee && callee.kind === 'word' ? `${callee.text}(…) callback` : '(arrow)';
    }
  }
  return '(arrow)';
}

/** Every function of `source` with a body in braces: `{ name, startLine, endLine, lines }`, in source order. */
export function functionLengths(source) {
  const tokens = tokenize(source);
  const partner = partners(tokens);
  const found = [];
  for (const [index, token] of tokens.entries()) {
    if (token.kind !== 'punctuator' || token.text !== '{' || !partner.has(index)) continue;
    const fn = functionAt(tokens, index, partner);
    if (fn === null) continue;
    const endLine = tokens[partner.get(index)].line;
    found.push({ ...fn, endLine, lines: endLine - fn.startLine + 1 });
  }
  return found;
}
