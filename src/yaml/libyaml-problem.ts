/**
 * The `yaml` package finds the same syntax errors as libyaml (which ansible-core's PyYAML uses)
 * but words and places them differently. This maps its error codes to libyaml's texts and marks
 * for the cases playbooks commonly hit; anything else keeps the package's own words.
 */
import type { YAMLError } from 'yaml';
import { blockScalarHeaderProblem } from './block-scalar.js';
import { flowCollectionProblem } from './flow-collection-problem.js';
import { unclosedQuoted } from './quoted-scalar-problem.js';
import type { LineIndex } from './line-index.js';
import { nextToken, previousContentIndent, scanPlainScalar } from './plain-scalar-scan.js';
import type { YamlProblem } from './yaml-failure.js';

function indentAt(text: string, lineStart: number): number {
  let at = lineStart;
  while (text[at] === ' ') at++;
  return at - lineStart;
}

/** A document marker at a line's start inside the unclosed quoted scalar that ends at `end`. */
function documentMarkerInQuoted(text: string, quote: '"' | "'", end: number): number | undefined {
  let start = text.lastIndexOf(quote, end - 1);
  // the opening quote: not an escaped one (\"), nor half of a doubled one ('')
  while (start > 0 && (quote === '"' ? /(?:^|[^\\])(?:\\\\)*\\$/.test(text.slice(Math.max(0, start - 64), start)) : text[start - 1] === "'")) {
    start = text.lastIndexOf(quote, start - (quote === '"' ? 1 : 2));
  }
  if (start < 0) return undefined;
  const marker = /\n(?:---|\.\.\.)(?=[ \t\r\n]|$)/g;
  marker.lastIndex = start;
  const found = marker.exec(text);
  return found !== null && found.index <= end ? found.index + 1 : undefined;
}

function skipSpaces(text: string, offset: number): number {
  let at = offset;
  while (text[at] === ' ') at++;
  return at;
}

/** nextToken, stopping at a tab outside a comment. */
function nextTokenOrTab(text: string, offset: number): number {
  let at = offset;
  for (;;) {
    const token = nextToken(text, at);
    const tab = text.indexOf('\t', at);
    if (tab < 0 || tab >= token) return token;
    const comment = text.lastIndexOf('#', tab);
    if (comment < at || text.lastIndexOf('\n', tab) > comment) return tab;
    at = text.indexOf('\n', tab) < 0 ? text.length : text.indexOf('\n', tab);
  }
}

/** The first token after the line holding `offset`: blank lines and comments skipped. */
function nextTokenAfterLine(text: string, offset: number): number {
  const eol = text.indexOf('\n', offset);
  if (eol < 0) return text.length;
  const rest = /^(?:[ \t]*(?:#[^\n]*)?\n)*[ \t]*/.exec(text.slice(eol + 1));
  return eol + 1 + (rest?.[0].length ?? 0);
}

/**
 * NOTE: in an unclosed flow collection libyaml folds the following lines into a plain scalar
 * and stops at the first `: ` after it (the key's value indicator), or at the end of the text.
 */
function unclosedFlowMark(text: string, offset: number, lines: LineIndex): { line: number; column: number } {
  const colon = /:(?=[ \n]|$)/g;
  colon.lastIndex = offset;
  const match = colon.exec(text);
  return match === null ? streamEndMark(text, lines) : lines.position(match.index);
}

/** An unclosed flow collection; one that ends the text on a `,`, a key's `:` or its opener still wants a node there. */
function unclosedFlow(close: ']' | '}', text: string, offset: number, lines: LineIndex): YamlProblem {
  const end = streamEndMark(text, lines);
  const found = flowCollectionProblem(text, offset, lines, end);
  if (found) return found;
  const mark = unclosedFlowMark(text, offset, lines);
  if (mark.line === end.line && mark.column === end.column && /[,:[{]$/.test(text.trimEnd())) {
    return { context: 'while parsing a flow node', problem: 'did not find expected node content', ...mark };
  }
  const context = close === ']' ? 'while parsing a flow sequence' : 'while parsing a flow mapping';
  return { context, problem: `did not find expected ',' or '${close}'`, ...mark };
}

/** NOTE: libyaml ends a text that lacks a final line break on a new line: its end is there. */
function streamEndMark(text: string, lines: LineIndex): { line: number; column: number } {
  const end = lines.position(text.length);
  return text === '' || text.endsWith('\n') ? end : { line: end.line + 1, column: 1 };
}

/**
 * The kind of block collection libyaml is inside when it meets the token at `offset`, and that
 * collection's indentation: the token's own line when something precedes the token on it, else
 * the nearest content line above indented no deeper than the token. Undefined for anything else
 * (a flow collection or scalar at the top: the document is over).
 */
function enclosingBlock(text: string, offset: number): { kind: 'sequence' | 'mapping'; indent: number } | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const column = offset - lineStart;
  let start = lineStart;
  if (text.slice(lineStart, offset).trim() === '') {
    let found = -1;
    for (let end = lineStart - 1; end >= 0 && found < 0; ) {
      const previous = text.lastIndexOf('\n', end - 1) + 1;
      const line = text.slice(previous, end);
      const content = line.trim();
      if (content !== '' && !content.startsWith('#') && indentAt(text, previous) <= column) found = previous;
      end = previous - 1;
    }
    if (found < 0) return undefined;
    start = found;
  }
  const indent = indentAt(text, start);
  const content = text.slice(start + indent, text.indexOf('\n', start) < 0 ? text.length : text.indexOf('\n', start));
  if (/^-(?: |$)/.test(content)) return { kind: 'sequence', indent };
  if (/^[^\s#[{'"][^:]*:(?: |$)|^(?:'[^']*'|"[^"]*") *:(?: |$)/.test(content)) return { kind: 'mapping', indent };
  return undefined;
}

/**
 * Whether the token at `offset` follows the entries of a block sequence written at the indentation
 * of the key that holds it (`tasks:` then `- …` under it at the same column).
 */
function inIndentlessSequence(text: string, offset: number): boolean {
  const column = offset - (text.lastIndexOf('\n', offset - 1) + 1);
  let sequenceIndent: number | undefined;
  for (let end = text.lastIndexOf('\n', offset - 1); end > 0; ) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const content = text.slice(start, end).trim();
    const indent = indentAt(text, start);
    end = start - 1;
    if (content === '' || content.startsWith('#') || indent >= column) continue;
    if (sequenceIndent === undefined) {
      // An entry holding another sequence (`- - x`) starts a sequence of its own, indented.
      if (!/^-(?: |$)/.test(content) || /^-\s+-(?: |$)/.test(content)) return false;
      sequenceIndent = indent;
    } else if (indent < sequenceIndent) return false;
    else if (indent === sequenceIndent && !/^-(?: |$)/.test(content)) return /^[^\s#'"[{-][^:]*:$/.test(content);
  }
  return false;
}

/** libyaml's words for a token where the collection it is in cannot take it. */
function unexpectedToken(text: string, offset: number, lines: LineIndex): YamlProblem {
  const block = enclosingBlock(text, offset);
  const at = lines.position(offset);
  if (block?.kind === 'sequence') return { context: 'while parsing a block collection', problem: "did not find expected '-' indicator", ...at };
  if (block?.kind === 'mapping') return { context: 'while parsing a block mapping', problem: 'did not find expected key', ...at };
  return { problem: 'did not find expected <document start>', ...at };
}

/**
 * Content right after directives, without `---`. NOTE: libyaml's directive takes its line break
 * along, so no simple key may start the next line: a `-` or a key's `:` there is refused.
 */
function afterDirectives(text: string, offset: number, lines: LineIndex): YamlProblem | undefined {
  const at = skipSpaces(text, offset);
  if (text[at] === '-' && /[ \t\r\n]/.test(text[at + 1] ?? '\n')) {
    return { problem: 'block sequence entries are not allowed in this context', ...lines.position(at) };
  }
  return at < text.length ? { problem: 'did not find expected <document start>', ...lines.position(at) } : undefined;
}

/** NOTE: libyaml reads a `%` at the start of any line outside a scalar as a directive. */
export function unknownDirective(text: string, lineStart: number, lines: LineIndex): YamlProblem | undefined {
  const name = /^%([A-Za-z0-9_-]+)(?=[ \t\r\n]|$)/.exec(text.slice(lineStart, lineStart + 200))?.[1];
  if (name === undefined || name === 'YAML' || name === 'TAG') return undefined;
  return { context: 'while scanning a directive', problem: 'found unknown directive name', ...lines.position(lineStart + 1 + name.length) };
}

export function libyamlProblem(error: YAMLError, text: string, lines: LineIndex): YamlProblem {
  const at = lines.position(error.pos[0]);
  const message = error.message.split('\n')[0] ?? '';
  const directive = at.column === 1 ? unknownDirective(text, error.pos[0], lines) : undefined;
  if (directive) return directive;
  switch (error.code) {
    case 'TAB_AS_INDENT':
      return { context: 'while scanning for the next token', problem: 'found character that cannot start any token', ...at };
    case 'BAD_INDENT': {
      // libyaml marks the offending token, not the indentation, blank lines or comments before it
      // (a comment less indented than the block scalar above it, whose text goes on below); a tab
      // on the way stops it there ('Tabs are usually invalid in YAML.' for ansible).
      const offset = nextTokenOrTab(text, error.pos[0]);
      const at = lines.position(offset);
      if (message.startsWith('All sequence items')) {
        // The `yaml` package may point at the end of the line before the offending `-`.
        const token = nextTokenAfterLine(text, offset);
        const mark = text[offset] === '\n' ? lines.position(token) : at;
        // NOTE: an entry indented deeper than those of a sequence at its key's indentation starts a
        // sequence of its own in libyaml, which ends that one: the key's mapping wants a key.
        if (text[offset] === '-' && inIndentlessSequence(text, offset)) return { context: 'while parsing a block mapping', problem: 'did not find expected key', ...mark };
        return { context: 'while parsing a block collection', problem: "did not find expected '-' indicator", ...mark };
      }
      if (message.startsWith('Flow sequence')) {
        return unclosedFlow(']', text, error.pos[0], lines);
      }
      if (message.startsWith('Flow map')) {
        return unclosedFlow('}', text, error.pos[0], lines);
      }
      // NOTE: a key in line with the `- ` of the entries above ends no entry: libyaml wants another `-`.
      const block = enclosingBlock(text, offset);
      if (block?.kind === 'sequence' && block.indent === at.column - 1) {
        return { context: 'while parsing a block collection', problem: "did not find expected '-' indicator", ...at };
      }
      return { context: 'while parsing a block mapping', problem: 'did not find expected key', ...at };
    }
    case 'BLOCK_AS_IMPLICIT_KEY': {
      if (message.startsWith('Nested mappings are not allowed in compact mappings') && text[error.pos[0]] === '?') {
        return { problem: 'mapping keys are not allowed in this context', ...at };
      }
      if (message.startsWith('A block sequence')) {
        // The `yaml` package may point at the end of the key's line; libyaml marks the `-` below it.
        const token = skipSpaces(text, error.pos[0]);
        const mark = /[\r\n#]/.test(text[token] ?? '') ? nextTokenAfterLine(text, token) : token;
        return { context: 'while parsing a block mapping', problem: 'did not find expected key', ...lines.position(mark) };
      }
      // A value running on into a deeper line that holds `: `: libyaml stops at that colon.
      const lineStart = error.pos[0] - (lines.position(error.pos[0]).column - 1);
      const end = scanPlainScalar(text, error.pos[0], indentAt(text, lineStart));
      return { problem: 'mapping values are not allowed in this context', ...lines.position(end.colon ?? error.pos[0]) };
    }
    case 'MULTILINE_IMPLICIT_KEY': {
      // NOTE: a `- ` entry at the indentation of the mapping above starts no sequence in libyaml:
      // that mapping wants a key there.
      if (/^-(?:[ \t\r\n]|$)/.test(text.slice(error.pos[0], error.pos[0] + 2)) && enclosingBlock(text, error.pos[0])?.kind === 'mapping') {
        return { context: 'while parsing a block mapping', problem: 'did not find expected key', ...at };
      }
      // NOTE: a would-be key at the indentation of an existing mapping is a "required" key to
      // libyaml, which then reports the missing `:`; a scalar opening a new block that runs into
      // a `: ` on a later line is "mapping values are not allowed" there instead.
      const keyIndent = lines.position(error.pos[0]).column - 1;
      const prefix = text.slice(error.pos[0] - keyIndent, error.pos[0]);
      const dash = /^([ ]*)-[ ]/.exec(prefix);
      const previous = previousContentIndent(text, error.pos[0]);
      // Right after `- ` a scalar opens the item's block; otherwise it is a key of the mapping
      // already open at its indentation, if any.
      const required = dash === null && previous !== undefined && previous >= keyIndent;
      const blockIndent = dash !== null ? (dash[1]?.length ?? 0) : required ? keyIndent : (previous ?? -1);
      const end = scanPlainScalar(text, error.pos[0], blockIndent);
      if (!required && end.colon !== undefined) return { problem: 'mapping values are not allowed in this context', ...lines.position(end.colon) };
      return { context: 'while scanning a simple key', problem: "could not find expected ':'", ...lines.position(end.next) };
    }
    case 'MISSING_CHAR':
      // NOTE: libyaml takes the deepest leading empty line's indentation for the block scalar's,
      // which ends before its first line of text: that text is a token of the collection around.
      // (An indentless sequence just ends there: the mapping holding its key wants another key.)
      if (message.startsWith('Block scalars with more-indented leading empty lines')) {
        if (inIndentlessSequence(text, error.pos[0])) return { context: 'while parsing a block mapping', problem: 'did not find expected key', ...at };
        return unexpectedToken(text, error.pos[0], lines);
      }
      if (message.startsWith('Missing directives-end')) return afterDirectives(text, error.pos[0], lines) ?? { problem: message, ...at };
      if (/quote/i.test(message)) {
        // NOTE: libyaml scans on for the closing quote over lines at any indentation; only a
        // document marker at a line's start (where the package's scalar ended) stops it early.
        const marker = documentMarkerInQuoted(text, message.includes('"') ? '"' : "'", error.pos[0]);
        if (marker !== undefined) return { context: 'while scanning a quoted scalar', problem: 'found unexpected document indicator', ...lines.position(marker) };
        return { context: 'while scanning a quoted scalar', problem: 'found unexpected end of stream', ...lines.position(text.length) };
      }
      if (message.startsWith('Sequence item without - indicator')) {
        const token = skipSpaces(text, error.pos[0]);
        // NOTE: a sequence written at its key's indentation has no level of its own in libyaml: it
        // just ends there, and the mapping holding its key wants another key.
        if (inIndentlessSequence(text, token)) return { context: 'while parsing a block mapping', problem: 'did not find expected key', ...lines.position(token) };
        return { context: 'while parsing a block collection', problem: "did not find expected '-' indicator", ...lines.position(token) };
      }
      if (message.startsWith('Implicit map keys need to be followed by map values')) {
        // libyaml gives up on the key when it reaches the next token, on a later line (or the stream's end).
        const next = nextTokenAfterLine(text, error.pos[0]);
        const mark = next >= text.length ? streamEndMark(text, lines) : lines.position(next);
        return { context: 'while scanning a simple key', contextMark: at, problem: "could not find expected ':'", ...mark };
      }
      if (message.startsWith('Missing , or : between flow sequence')) return unclosedFlow(']', text, error.pos[0], lines);
      if (message.startsWith('Missing , or : between flow map')) return unclosedFlow('}', text, error.pos[0], lines);
      if (message.includes(']')) return unclosedFlow(']', text, error.pos[0], lines);
      if (message.includes('}')) return unclosedFlow('}', text, error.pos[0], lines);
      return { problem: message, ...at };
    case 'BAD_DQ_ESCAPE': {
      // NOTE: a hex escape with too few digits is marked after its letter, where the digits start.
      const digits = { x: 2, u: 4, U: 8 }[text[error.pos[0] + 1] ?? ''];
      if (text[error.pos[0]] === '\\' && digits !== undefined && !new RegExp(`^[0-9A-Fa-f]{${digits}}`).test(text.slice(error.pos[0] + 2))) {
        return { context: 'while parsing a quoted scalar', problem: 'did not find expected hexdecimal number', ...lines.position(error.pos[0] + 2) };
      }
      return { context: 'while parsing a quoted scalar', problem: 'found unknown escape character', ...at };
    }
    case 'BAD_ALIAS': {
      // NOTE: libyaml marks the character after the `&` or `*` that names nothing.
      const what = message.startsWith('Anchor') ? 'an anchor' : message.startsWith('Alias') ? 'an alias' : undefined;
      if (what === undefined) return { problem: message, ...at };
      return { context: `while scanning ${what}`, problem: 'did not find expected alphabetic or numeric character', ...lines.position(error.pos[0] + 1) };
    }
    case 'BAD_PROP_ORDER':
      // NOTE: an anchor or tag before a block `?` leaves libyaml no key to start there.
      if (text[error.pos[0]] === '?') return { problem: 'mapping keys are not allowed in this context', ...at };
      return { problem: message, ...at };
    case 'ALIAS_PROPS':
      // libyaml takes the anchor for a node of its own and then meets the alias where a key belongs.
      return unexpectedToken(text, error.pos[0], lines);
    case 'BAD_SCALAR_START':
      return { context: 'while scanning for the next token', problem: 'found character that cannot start any token', ...at };
    case 'UNEXPECTED_TOKEN':
      if (message.startsWith('Unexpected block-seq-ind on same line with key')) {
        return { problem: 'block sequence entries are not allowed in this context', ...at };
      }
      // A `,` where a flow sequence wants an entry (`[,]`, `[a,,b]`): libyaml wants a node there.
      if (message.startsWith('Unexpected , in flow sequence')) {
        return { context: 'while parsing a flow node', problem: 'did not find expected node content', ...at };
      }
      // A block scalar's header the scanner refuses, before the parser sees where the scalar is.
      if (/^(?:Block scalar header includes extra characters|Not a YAML token|Unexpected block-scalar-header)/.test(message)) {
        const line = text.slice(text.lastIndexOf('\n', error.pos[0] - 1) + 1, error.pos[0] + 1);
        const header = /(?:^|[ \t])([|>][0-9+-]*[ \t]*\S?)$/.exec(line)?.[1];
        const found = header === undefined ? undefined : blockScalarHeaderProblem(text, error.pos[0] + 1 - header.length);
        if (found !== undefined) return { context: 'while scanning a block scalar', problem: found.problem, ...lines.position(found.offset) };
      }
      // NOTE: a node after a document's own (`[a]` then `[b]`, an INI file read as YAML) is where
      // libyaml wanted the next document's `---`.
      // (`[a]b` then a flow mapping later on is an `Unexpected scalar token` to the yaml package.)
      if (/^Unexpected \S+ at node end/.test(message) || /^Unexpected \S+ token\b/.test(message)) {
        // NOTE: libyaml's scanner reads the token before its parser refuses it: a quoted scalar left open fails first.
        const quoted = text[error.pos[0]] === '"' || text[error.pos[0]] === "'" ? unclosedQuoted(text, error.pos[0], lines) : undefined;
        // NOTE: inside a flow collection the token is refused by libyaml's flow states (`{a: b{c}`:
        // "did not find expected ',' or '}'"), not by the block collection around it.
        return quoted ?? flowCollectionProblem(text, error.pos[0], lines, streamEndMark(text, lines)) ?? unexpectedToken(text, error.pos[0], lines);
      }
      return { problem: message, ...at };
    default:
      // NOTE: PyYAML's timestamp constructor fails on a text its expression does not match.
      if (message.startsWith('!!timestamp expects')) return { problem: "'NoneType' object has no attribute 'groupdict'", line: 0, column: 0, unmarked: true };
      return { problem: message, ...at };
  }
}
