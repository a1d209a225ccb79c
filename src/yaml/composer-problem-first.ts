/**
 * PyYAML composes a document while libyaml parses it, event by event: an undefined alias or a
 * second anchor of one name fails as soon as its event comes, before a syntax error further on.
 * The `yaml` package reports its syntax errors for the whole document first; this finds the
 * composer's problem that libyaml would have met before the syntax error.
 */
import { isAlias, isNode, visit } from 'yaml';
import type { Document } from 'yaml';
import { firstTokenOffset } from './libyaml-documents.js';
import type { LineIndex } from './line-index.js';
import type { YamlProblem } from './yaml-failure.js';

/** The composer problem of `doc` that libyaml reports before the syntax problem `syntax`, if any. */
export function composerProblemBefore(doc: Document.Parsed, syntax: YamlProblem, text: string, lines: LineIndex): YamlProblem | undefined {
  const found = firstComposerProblem(doc, text);
  if (found === undefined) return undefined;
  const at = lines.position(found.offset);
  if (at.line > syntax.line || (at.line === syntax.line && at.column >= syntax.column)) return undefined;
  if (isScannerProblem(syntax) && scannedAhead(text, found.offset, syntax, lines)) return undefined;
  return { ...found.problem, ...at };
}

function firstComposerProblem(doc: Document.Parsed, text: string): { offset: number; problem: Omit<YamlProblem, 'line' | 'column'> } | undefined {
  // Anchors by name, with where each `&name` is written: an alias refers to one written before it.
  const anchors = new Map<string, number>();
  let found: { offset: number; problem: Omit<YamlProblem, 'line' | 'column'> } | undefined;
  const keep = (offset: number, problem: Omit<YamlProblem, 'line' | 'column'>): void => {
    if (found === undefined || offset < found.offset) found = { offset, problem };
  };
  const events: { offset: number; alias?: string; anchor?: string }[] = [];
  visit(doc, (_key, node) => {
    if (isAlias(node)) {
      const offset = node.range?.[0];
      if (offset !== undefined) events.push({ offset, alias: node.source });
    } else if (isNode(node) && node.anchor !== undefined && node.range) {
      const written = text.lastIndexOf(`&${node.anchor}`, node.range[0]);
      events.push({ offset: written >= 0 ? written : node.range[0], anchor: node.anchor });
    }
  });
  events.sort((a, b) => a.offset - b.offset);
  for (const event of events) {
    // A name libyaml's scanner refuses is its error, at the name.
    if (!/^[0-9A-Za-z_-]+$/.test(event.alias ?? event.anchor ?? '')) return found;
    if (event.alias !== undefined && !anchors.has(event.alias)) keep(event.offset, { problem: 'found undefined alias' });
    if (event.anchor !== undefined) {
      if (anchors.has(event.anchor)) keep(event.offset, { context: 'found duplicate anchor; first occurrence', problem: 'second occurrence' });
      anchors.set(event.anchor, event.offset);
    }
  }
  return found;
}

/** libyaml's scanner's errors (its parser's say "while parsing", or want a document start). */
function isScannerProblem(problem: YamlProblem): boolean {
  return problem.context?.startsWith('while scanning') === true || problem.problem.endsWith('not allowed in this context');
}

/**
 * NOTE: libyaml's scanner reads on past a token that may be a simple key (one that starts a
 * line, follows `- `, `? `, or opens, follows `[`, `{` or `,` in a flow collection) until the
 * key is settled: to the end of its line and the next line's first token. A scanner error there
 * comes before the token's own event.
 */
function scannedAhead(text: string, offset: number, syntax: YamlProblem, lines: LineIndex): boolean {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  const possibleKey = /^(?:[ \t]*(?:[-?][ \t]+)*)$/.test(before) || /[[{,][ \t]*$/.test(before) || /(?:^|[ \t])[[{]/.test(before);
  if (!possibleKey) return false;
  // The scanner fails in a token it read ahead: one that starts on the line (a quoted scalar may run on), or the next line's first.
  const lineEnd = text.indexOf('\n', offset);
  if (lineEnd < 0) return true;
  const next = lines.position(firstTokenOffset(text, lineEnd + 1));
  return syntax.line < next.line || (syntax.line === next.line && syntax.column <= next.column);
}
