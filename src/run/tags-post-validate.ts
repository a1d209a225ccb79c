/**
 * 2.19's post_validate of a task's `tags` before it runs: the keyword's list (the task's own tags,
 * then each enclosing block's, role's and play's) is templated with the task's variables, and an
 * item that is neither text nor an int (a bool is one) fails the task. Choosing tasks by tag never
 * checks their types: only a task that runs fails.
 */
import { isStringLike, pyEquals, pyRepr, pyTypeName, type Data } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';
import type { TemplateRenderer, VarSource } from '../template/api.js';
import type { TaskStep } from '../compile/program.js';
import { writtenTags } from './tags.js';
import { TaskError } from './task-error.js';

export function postValidateTags(step: TaskStep, vars: VarSource, templar: TemplateRenderer): void {
  const written: [Data, SourceLocation][] = [];
  for (let i = step.folded.tags.length - 1; i >= 0; i--) {
    // NOTE: 2.19 makes each level's tags a set as it chooses tasks by tag (a repeat goes; the order
    // left is a set's, which varies from run to run for text: Volant keeps the written one), then
    // extends a task's with its parents' dropping None and a repeat of the item before.
    const level: [Data, SourceLocation][] = [];
    for (const [item, loc] of writtenTags(step.folded.tags[i]!)) if (!level.some(([seen]) => pyEquals(seen, item))) level.push([item, loc]);
    for (const [item, loc] of level) if (item !== null && !pyEquals(item, written.at(-1)?.[0])) written.push([item, loc]);
  }
  const items = written.flatMap(([item, loc]) => templated(item, loc, vars, templar));
  const bad = items.find(([value]) => !isTagType(value));
  if (bad === undefined) return;
  const [value, origin] = bad;
  const shown = pyRepr(items.map(([v]) => v));
  throw new TaskError([
    { message: "Error processing keyword 'tags'.", context: `Origin: <unknown>\n\n${shown}` },
    { message: `Keyword 'tags' items must be of type 'str' or 'int', not '${pyTypeName(value)}'.`, origin },
  ]);
}

/** A written tag's value or values (a template giving a list gives its items), each with where it came from. */
function templated(item: Data, loc: SourceLocation, vars: VarSource, templar: TemplateRenderer): [Data, SourceLocation][] {
  if (typeof item !== 'string' || !templar.isTemplate(item)) return [[item, loc]];
  const value = templar.render(item, vars, { origin: loc });
  // A value read from one variable is blamed where that variable was written, as 2.19's origin tags do.
  const variable = /^\{\{\s*([A-Za-z_]\w*)\s*\}\}$/.exec(item)?.[1];
  const origin = (variable === undefined ? undefined : vars.origin?.(variable)) ?? loc;
  return Array.isArray(value) ? value.map((v) => [v, origin]) : [[value, origin]];
}

function isTagType(value: Data): boolean {
  return isStringLike(value) || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean';
}
