/**
 * The text of the error PyYAML's C loader raises for from_yaml/from_yaml_all: its context, the
 * context's mark, its problem and the problem's mark, each mark as `  in "<unicode string>", line
 * L, column C` (a mark equal to the problem's is left out, as PyYAML does).
 */
import type { YAMLError } from 'yaml';
import { libyamlProblem } from '../../yaml/libyaml-problem.js';
import { LineIndex } from '../../yaml/line-index.js';

type Mark = { line: number; column: number };

function markText(mark: Mark): string {
  return `  in "<unicode string>", line ${mark.line}, column ${mark.column}`;
}

/** A constructor's error: context (none when empty) and problem, each at its offset in the text. */
export function markedErrorText(text: string, context: string, contextOffset: number, problem: string, problemOffset: number): string {
  const lines = new LineIndex(text);
  const contextMark = lines.position(contextOffset);
  const problemMark = lines.position(problemOffset);
  const same = contextMark.line === problemMark.line && contextMark.column === problemMark.column;
  if (context === '') return [problem, markText(problemMark)].join('\n');
  return [context, ...(same ? [] : [markText(contextMark)]), problem, markText(problemMark)].join('\n');
}

export function pyyamlErrorText(error: YAMLError, text: string): string {
  const lines = new LineIndex(text);
  const problem = libyamlProblem(error, text, lines);
  const problemMark = { line: problem.line, column: problem.column };
  const out: string[] = [];
  if (problem.context !== undefined) {
    out.push(problem.context);
    const context = problem.contextMark ?? contextMark(problem.context, text, lines, problemMark);
    if (context !== undefined && (context.line !== problemMark.line || context.column !== problemMark.column)) out.push(markText(context));
  }
  out.push(problem.problem, markText(problemMark));
  return out.join('\n');
}

/**
 * Where the construct the context names starts: the unclosed bracket or quote before the
 * problem, or the first line of the block collection it is in. Undefined when unknown.
 */
function contextMark(context: string, text: string, lines: LineIndex, problem: Mark): Mark | undefined {
  const end = Math.min(lineOffset(text, problem.line) + problem.column - 1, text.length);
  if (context === 'while parsing a flow sequence' || context === 'while parsing a flow mapping') {
    const at = unclosedOpener(text.slice(0, end), context.endsWith('sequence') ? '[' : '{');
    return at === undefined ? undefined : lines.position(at);
  }
  if (context === 'while scanning a quoted scalar') {
    const at = Math.max(text.lastIndexOf("'", end - 1), text.lastIndexOf('"', end - 1));
    return at < 0 ? undefined : lines.position(at);
  }
  if (context === 'while parsing a block mapping' || context === 'while parsing a block collection') return blockStart(text, problem);
  if (context === 'while scanning a block scalar') {
    // the `|` or `>` of a header the problem is on (`a: |x`)
    const lineStart = lineOffset(text, problem.line);
    const at = Math.max(text.lastIndexOf('|', end - 1), text.lastIndexOf('>', end - 1));
    return at < lineStart ? undefined : lines.position(at);
  }
  return undefined;
}

function lineOffset(text: string, line: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl < 0) return text.length;
    offset = nl + 1;
  }
  return offset;
}

/** The offset of the innermost `open` bracket still open at the end of `text` (quotes skipped). */
function unclosedOpener(text: string, open: '[' | '{'): number | undefined {
  const stack: { char: string; at: number }[] = [];
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '[' || c === '{') stack.push({ char: c, at: i });
    else if (c === ']' || c === '}') stack.pop();
  }
  for (let i = stack.length - 1; i >= 0; i--) if (stack[i]?.char === open) return stack[i]?.at;
  return undefined;
}

/**
 * The first line of the block collection holding the problem: the lines above, indented no deeper
 * than it (a sibling at its own indentation is of the same collection), at one indentation.
 */
function blockStart(text: string, problem: Mark): Mark | undefined {
  const all = text.split('\n');
  const content = (l: string): boolean => l.trim() !== '' && !l.trimStart().startsWith('#');
  const indentOf = (l: string): number => l.length - l.trimStart().length;
  let row = problem.line - 2;
  while (row >= 0 && (!content(all[row] as string) || indentOf(all[row] as string) > problem.column - 1)) row--;
  if (row < 0) return undefined;
  const indent = indentOf(all[row] as string);
  let first = row;
  for (let r = row - 1; r >= 0; r--) {
    const l = all[r] as string;
    if (!content(l)) continue;
    if (indentOf(l) < indent) break;
    if (indentOf(l) === indent) first = r;
  }
  return { line: first + 1, column: indent + 1 };
}
