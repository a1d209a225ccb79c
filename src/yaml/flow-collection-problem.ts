/**
 * Where libyaml stops in a flow collection that does not parse: its scanner's tokens from the
 * opening bracket on, read by its parser's flow states, as far as the first token the state
 * cannot take (a stray `]` in a mapping, a node after an entry without a `,`, the text's end).
 */
import { CST, Parser } from 'yaml';
import type { LineIndex } from './line-index.js';
import { unclosedQuoted } from './quoted-scalar-problem.js';
import type { YamlProblem } from './yaml-failure.js';

type Kind = 'seq-start' | 'map-start' | 'seq-end' | 'map-end' | 'entry' | 'key' | 'value' | 'scalar' | 'end';

interface Token {
  readonly kind: Kind;
  readonly at: number;
}

const FLOW_INDICATORS = ',[]{}';

function isBlank(c: string | undefined): boolean {
  return c === undefined || c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

/** A `:` is a value indicator in a flow collection before a blank or a flow indicator. */
function isValueIndicator(text: string, at: number): boolean {
  const next = text[at + 1];
  return text[at] === ':' && (isBlank(next) || FLOW_INDICATORS.includes(next as string));
}

/** libyaml's flow-context tokens, with KEY put before a simple key on the line of its `:`. */
function flowTokens(text: string, start: number): Token[] {
  const tokens: Token[] = [];
  let at = start;
  let depth = 0;
  let keyAllowed = true;
  // The possible simple key of each flow level: its index in tokens.
  const candidates: (number | undefined)[] = [];
  const skip = (): void => {
    for (;;) {
      const c = text[at];
      if (c === ' ' || c === '\t' || c === '\r' || c === '\n') at++;
      else if (c === '#' && (at === 0 || isBlank(text[at - 1]))) {
        while (at < text.length && text[at] !== '\n') at++;
      } else return;
    }
  };
  const note = (kind: Kind, begin: number): void => {
    tokens.push({ kind, at: begin });
  };
  const candidate = (): void => {
    candidates[depth] = keyAllowed ? tokens.length : undefined;
  };
  for (;;) {
    skip();
    const c = text[at];
    if (c === undefined) {
      note('end', text.length);
      return tokens;
    }
    if (c === '[' || c === '{') {
      candidate();
      note(c === '[' ? 'seq-start' : 'map-start', at++);
      depth++;
      candidates[depth] = undefined;
      keyAllowed = true;
    } else if (c === ']' || c === '}') {
      candidates[depth] = undefined;
      if (depth > 0) depth--;
      note(c === ']' ? 'seq-end' : 'map-end', at++);
      keyAllowed = false;
      if (depth === 0) {
        // NOTE: the outermost collection is closed; what follows is the block context's.
        note('end', at);
        return tokens;
      }
    } else if (c === ',') {
      candidates[depth] = undefined;
      note('entry', at++);
      keyAllowed = true;
    } else if (isValueIndicator(text, at)) {
      // NOTE: a simple key must sit on the line of its `:`; one that does not is no key.
      const key = candidates[depth];
      const keyAt = key === undefined ? undefined : tokens[key]?.at;
      if (key !== undefined && keyAt !== undefined && !text.slice(keyAt, at).includes('\n')) tokens.splice(key, 0, { kind: 'key', at: keyAt });
      candidates[depth] = undefined;
      note('value', at++);
      keyAllowed = true;
    } else if (c === "'" || c === '"') {
      candidate();
      note('scalar', at);
      at = quotedEnd(text, at);
      keyAllowed = false;
    } else {
      candidate();
      note('scalar', at);
      at = plainEnd(text, at);
      keyAllowed = false;
    }
  }
}

/** The offset after a quoted scalar ('' and \ escapes), or the text's end. */
function quotedEnd(text: string, start: number): number {
  const quote = text[start];
  let at = start + 1;
  while (at < text.length) {
    const c = text[at];
    if (quote === "'" && c === "'" && text[at + 1] === "'") at += 2;
    else if (quote === '"' && c === '\\') at += 2;
    else if (c === quote) return at + 1;
    else at++;
  }
  return text.length;
}

/** The offset after a plain scalar in a flow collection, which may run over several lines. */
function plainEnd(text: string, start: number): number {
  let at = start;
  let end = start + 1;
  while (at < text.length) {
    const c = text[at] as string;
    if (FLOW_INDICATORS.includes(c) || isValueIndicator(text, at)) break;
    if (c === '#' && isBlank(text[at - 1])) break;
    if (isBlank(c)) {
      at++;
      continue;
    }
    at++;
    end = at;
  }
  return end;
}

type Problem = Omit<YamlProblem, 'line' | 'column'> & { at: number };

/** libyaml's parser over the tokens: the first one its flow states refuse, if any. */
function parseFlow(tokens: readonly Token[]): Problem | undefined {
  let i = 0;
  const peek = (): Token => tokens[Math.min(i, tokens.length - 1)] as Token;
  const node = (): Problem | undefined => {
    const t = peek();
    if (t.kind === 'scalar') {
      i++;
      return undefined;
    }
    if (t.kind === 'seq-start' || t.kind === 'map-start') return collection();
    return { context: 'while parsing a flow node', problem: 'did not find expected node content', at: t.at };
  };
  const pairValue = (close: Kind): Problem | undefined => {
    if (peek().kind !== 'value') return undefined;
    i++;
    const k = peek().kind;
    return k === 'entry' || k === close ? undefined : node();
  };
  const collection = (): Problem | undefined => {
    const sequence = peek().kind === 'seq-start';
    const close: Kind = sequence ? 'seq-end' : 'map-end';
    i++;
    for (let first = true; ; first = false) {
      if (peek().kind === close) {
        i++;
        return undefined;
      }
      if (!first) {
        if (peek().kind !== 'entry') {
          const context = sequence ? 'while parsing a flow sequence' : 'while parsing a flow mapping';
          return { context, problem: `did not find expected ',' or '${sequence ? ']' : '}'}'`, at: peek().at };
        }
        i++;
        if (peek().kind === close) continue;
      }
      let problem: Problem | undefined;
      if (peek().kind === 'key') {
        i++;
        const k = peek().kind;
        problem = k === 'value' || k === 'entry' || k === close ? undefined : node();
        problem ??= pairValue(close);
      } else {
        problem = node();
        if (!sequence) problem ??= pairValue(close);
      }
      if (problem) return problem;
    }
  };
  return collection();
}

/** Where the text's flow collections open, in order (nested ones too). */
function flowOpenings(text: string): number[] {
  const openings: number[] = [];
  for (const token of new Parser().parse(text)) {
    if (token.type !== 'document') continue;
    CST.visit(token, (item) => {
      for (const n of [item.key, item.value]) if (n?.type === 'flow-collection') openings.push(n.offset);
    });
  }
  return openings.sort((a, b) => a - b);
}

/**
 * The problem libyaml reports in the outermost flow collection opening at or before `offset`
 * (where the `yaml` package found its error), if that collection has one.
 */
export function flowCollectionProblem(text: string, offset: number, lines: LineIndex, endMark: { line: number; column: number }): YamlProblem | undefined {
  let last: Token[] | undefined;
  let coveredUntil = -1;
  for (const start of flowOpenings(text)) {
    if (start > offset) break;
    if (start < coveredUntil) continue;
    last = flowTokens(text, start);
    coveredUntil = last[last.length - 1]?.at ?? text.length;
  }
  const problem = last && parseFlow(last);
  if (problem === undefined || last === undefined) return undefined;
  // NOTE: the outermost collection may start a simple key (`{a: b}: c`), so libyaml's scanner reads
  // all of it, to the `:` that could follow, before its parser takes the opening bracket: a quoted
  // scalar left open anywhere in it fails first (`- {debug: msg="{{ x }}"}`).
  for (const token of last) {
    const open = token.kind === 'scalar' && (text[token.at] === '"' || text[token.at] === "'") ? unclosedQuoted(text, token.at, lines) : undefined;
    if (open) return open;
  }
  const { at, ...words } = problem;
  return { ...words, ...(at >= text.length ? endMark : lines.position(at)) };
}
