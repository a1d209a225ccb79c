/**
 * Where libyaml refuses a tab that the yaml package lets pass: in the indentation of the lines a
 * plain scalar scans on through, and at a line's start outside any node's text. ansible words
 * both as "Tabs are usually invalid in YAML." (yaml-failure.ts), at the tab.
 */
import { isMap, isScalar, isSeq } from 'yaml';

const BLANK = ' \t\r\n';

/** The text spans libyaml's scanner reads as a node's own: tabs there are no line's indentation. */
export class ScannedZones {
  private readonly zones: [number, number][] = [];

  constructor(private readonly text: string) {}

  /** A scalar's or a flow collection's text; after a plain scalar, the blank lines it scans on through. */
  note(node: unknown): void {
    if (isScalar(node) && node.range) {
      let end = node.range[1];
      if (node.type === 'PLAIN') while (end < this.text.length && BLANK.includes(this.text[end] ?? '')) end++;
      this.zones.push([node.range[0], end]);
    } else if ((isMap(node) || isSeq(node)) && node.flow && node.range) this.zones.push([node.range[0], node.range[1]]);
  }

  /**
   * NOTE: at a line's start in block context libyaml skips spaces, not tabs: the first tab in the
   * indentation of a blank or comment line from `from` to `to`, outside the zones ("found
   * character that cannot start any token"), or -1.
   */
  blankLineTab(from: number, to: number): number {
    let at = this.text.lastIndexOf('\n', from - 1) + 1;
    while (at < to && at < this.text.length) {
      const eol = this.text.indexOf('\n', at);
      const end = eol < 0 ? this.text.length : eol;
      const line = this.text.slice(at, end);
      const indent = /^[ \t]*/.exec(line)?.[0] ?? '';
      const tab = at + indent.indexOf('\t');
      const rest = line.slice(indent.length);
      const blank = rest === '' || rest === '\r' || rest.startsWith('#');
      if (tab >= at && blank && !this.zones.some(([a, b]) => tab >= a && tab < b)) return tab;
      at = end + 1;
    }
    return -1;
  }
}

/**
 * NOTE: libyaml scans on past a plain scalar's line for more of it, and refuses a tab in the
 * indentation of the lines after, left of `indent` (its block collection's column + 1), even on a
 * line that holds nothing else: the tab's offset ("found a tab character that violates
 * indentation"), or -1.
 */
export function tabAfterPlain(text: string, node: unknown, indent: number): number {
  if (!isScalar(node) || node.type !== 'PLAIN' || !node.range) return -1;
  let afterBreak = false;
  let column = 0;
  for (let at = node.range[1]; at < text.length; at++) {
    const ch = text[at];
    if (ch === '\n' || ch === '\r') {
      afterBreak = true;
      column = 0;
    } else if (ch === ' ' || ch === '\t') {
      if (ch === '\t' && afterBreak && column < indent) return at;
      column++;
    } else return -1;
  }
  return -1;
}

/**
 * NOTE: libyaml refuses a tab in the indentation of a block scalar's lines, left of the scalar's
 * indentation (anywhere in the indentation of the blank lines before its first line, when no
 * indicator gives it), where the yaml package takes the tab as text or ends the scalar there:
 * the tab's offset ("found a tab character where an indentation space is expected"), or -1.
 * `minIndent` is its block collection's column + 1.
 */
export function tabInBlockScalar(text: string, node: unknown, minIndent: number): number {
  if (!isScalar(node) || (node.type !== 'BLOCK_LITERAL' && node.type !== 'BLOCK_FOLDED') || !node.range) return -1;
  const header = /^[|>]([-+]?)([1-9]?)([-+]?)/.exec(text.slice(node.range[0], node.range[0] + 4));
  const lineEnd = text.indexOf('\n', node.range[0]);
  if (header === null || lineEnd < 0) return -1;
  const increment = Number(header[2] === '' ? 0 : header[2]);
  let indent = increment > 0 ? Math.max(minIndent, 1) + increment - 1 : 0;
  let at = lineEnd + 1;
  let column = 0;
  let maxIndent = 0;
  /** libyaml's breaks between lines: the offset of a tab it refuses, or -1 at the next content line. */
  const breaks = (): number => {
    for (;;) {
      while ((indent === 0 || column < indent) && text[at] === ' ') {
        at++;
        column++;
      }
      maxIndent = Math.max(maxIndent, column);
      if ((indent === 0 || column < indent) && text[at] === '\t') return at;
      if (text[at] === '\r' && text[at + 1] === '\n') at++;
      if (text[at] !== '\n' && text[at] !== '\r') return -1;
      at++;
      column = 0;
    }
  };
  let tab = breaks();
  if (tab >= 0) return tab;
  if (indent === 0) indent = Math.max(maxIndent, minIndent, 1);
  while (column === indent && at < text.length) {
    const eol = text.indexOf('\n', at);
    if (eol < 0) return -1;
    at = eol + 1;
    column = 0;
    tab = breaks();
    if (tab >= 0) return tab;
  }
  return -1;
}

/**
 * NOTE: after a block sequence's `-` libyaml skips spaces only (a simple key may start there):
 * the first tab between the `-` and the entry that starts at `entryStart`, on its line ("found
 * character that cannot start any token"), or -1.
 */
export function tabAfterEntryIndicator(text: string, entryStart: number): number {
  let at = entryStart;
  while (at > 0 && (text[at - 1] === ' ' || text[at - 1] === '\t')) at--;
  if (text[at - 1] !== '-' || !/^[ \t\n-]?$/.test(text[at - 2] ?? '')) return -1;
  const tab = text.indexOf('\t', at);
  return tab >= 0 && tab < entryStart ? tab : -1;
}
