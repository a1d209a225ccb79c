/**
 * Checks libyaml makes of a mapping's keys where the `yaml` package reads on: a `:` with no key, a
 * `? key`'s `:` deeper than its mapping, a simple key longer than 1024 characters; and where a
 * block mapping starts for libyaml.
 */
import { isScalar } from 'yaml';
import type { Node as CstNode } from 'yaml';
import type { LineIndex } from './line-index.js';

/** What the checks need of the composer. */
export interface KeyCheckHost {
  readonly text: string;
  readonly lines: LineIndex;
  /** Where a node's properties (`&anchor`, `!tag`) begin. */
  propertiesStart(node: CstNode, start: number): number;
  fail(offset: number, problem: string, context?: string): never;
}

/**
 * NOTE: libyaml takes a `:` with no key before it only in a flow mapping; in a block mapping it
 * wants a key there (the YAML 1.2 parser reads an empty one).
 */
export function checkBlockKeys(host: KeyCheckHost, items: unknown[], start: number, valueStart: number): void {
  for (const item of items) {
    const pair = item as { key: unknown; value: unknown };
    const key = pair.key as CstNode | null | undefined;
    const empty = key === null || key === undefined || (isScalar(key) && key.source === '' && key.type === 'PLAIN' && key.tag === undefined && key.anchor === undefined);
    if (!empty || host.text[key?.range?.[0] ?? -1] === '?') continue;
    let at = (pair.value as CstNode | null)?.range?.[0] ?? key?.range?.[0] ?? start;
    while (at > 0 && host.text[at] !== ':') at--;
    host.fail(at, 'did not find expected key', 'while parsing a block mapping');
  }
  checkExplicitKeyValues(host, items, host.lines.position(blockMapStart(host, items, valueStart)).column);
  checkKeyLengths(host, items);
}

/**
 * NOTE: libyaml takes a key as a simple key only while its `:` is at most 1024 characters on:
 * past that, the first key of a mapping meets a `:` where none may be, a later one (which
 * must be a key) is a simple key without its `:`; in a flow mapping the `:` is where a `,` or
 * `}` was wanted.
 */
export function checkKeyLengths(host: KeyCheckHost, items: unknown[], flow = false): void {
  items.forEach((item, index) => {
    const key = (item as { key: unknown }).key as CstNode | null | undefined;
    const keyRange = key?.range;
    if (key === null || key === undefined || keyRange === undefined || keyRange === null) return;
    const start = host.propertiesStart(key, keyRange[0]);
    const colon = valueIndicatorAfter(host, keyRange[1]);
    if (colon === undefined || colon - start <= 1024 || host.text.slice(start, colon).includes('\n')) return;
    if (host.text[skipBlanksBack(host, start) - 1] === '?') return;
    if (flow) host.fail(colon, "did not find expected ',' or '}'", 'while parsing a flow mapping');
    if (index === 0) host.fail(colon, 'mapping values are not allowed in this context');
    host.fail(colon, "could not find expected ':'", 'while scanning a simple key');
  });
}

function skipBlanksBack(host: KeyCheckHost, offset: number): number {
  let at = offset;
  while (at > 0 && ' \t'.includes(host.text[at - 1] ?? '')) at--;
  return at;
}

/**
 * NOTE: the `:` of a `? key` written at the start of a line deeper than its mapping opens a
 * mapping of its own for libyaml (only a simple key's `:` does not), where the outer mapping
 * then wants a key; the YAML 1.2 parser reads it as the pair's value.
 */
function checkExplicitKeyValues(host: KeyCheckHost, items: unknown[], mapColumn: number): void {
  for (const item of items) {
    const key = (item as { key: unknown }).key as CstNode | null | undefined;
    const keyRange = key?.range;
    if (key === null || key === undefined || keyRange === undefined || keyRange === null) continue;
    let before = host.propertiesStart(key, keyRange[0]);
    while (before > 0 && ' \t'.includes(host.text[before - 1] ?? '')) before--;
    if (host.text[before - 1] !== '?') continue;
    const colon = valueIndicatorAfter(host, keyRange[1]);
    if (colon === undefined || host.text.slice(host.text.lastIndexOf('\n', colon - 1) + 1, colon).trim() !== '') continue;
    if (host.lines.position(colon).column > mapColumn) host.fail(colon, 'did not find expected key', 'while parsing a block mapping');
  }
}

/** The offset of the `:` that is the next token from `from` (blanks, line breaks and comments skipped). */
function valueIndicatorAfter(host: KeyCheckHost, from: number): number | undefined {
  let at = from;
  for (;;) {
    while (' \t\r\n'.includes(host.text[at] ?? 'x')) at++;
    if (host.text[at] !== '#') break;
    while (at < host.text.length && host.text[at] !== '\n') at++;
  }
  return host.text[at] === ':' ? at : undefined;
}

/** NOTE: libyaml's block mapping starts at its first key's properties (`&k key:`), where the `yaml` package's starts after them. */
export function blockMapStart(host: KeyCheckHost, items: unknown[], valueStart: number): number {
  const key = (items[0] as { key?: unknown } | undefined)?.key as CstNode | null | undefined;
  const keyStart = key?.range?.[0];
  if (key === null || key === undefined || keyStart === undefined) return valueStart;
  return Math.min(valueStart, host.propertiesStart(key, keyStart));
}
