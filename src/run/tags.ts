/** --tags / --skip-tags, as ansible's Taggable.evaluate_tags decides them. */
import { pyStr, type Data } from '../core/data.js';
import type { TaskStep } from '../compile/program.js';

/** Tags as written: a list, or a comma-separated string; ints become strings. */
export function flattenTags(value: Data): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.flatMap(flattenTags);
  return pyStr(value).split(',').map((t) => t.trim()).filter((t) => t !== '');
}

export function stepTags(step: TaskStep): Set<string> {
  return new Set(step.folded.tags.flatMap((kw) => flattenTags(kw.value)));
}

export function shouldRunTags(tagsIn: ReadonlySet<string>, onlyTags: ReadonlySet<string>, skipTags: ReadonlySet<string>): boolean {
  const tags = tagsIn.size > 0 ? tagsIn : new Set(['untagged']);
  const untagged = tagsIn.size === 0;
  const disjoint = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => ![...a].some((t) => b.has(t));
  let run = true;
  if (onlyTags.size > 0) {
    if (tags.has('always')) run = true;
    else if (onlyTags.has('all') && !tags.has('never')) run = true;
    else if (!disjoint(tags, onlyTags)) run = true;
    else run = onlyTags.has('tagged') && !untagged && !tags.has('never');
  }
  if (run && skipTags.size > 0) {
    if (skipTags.has('all')) {
      if (!tags.has('always') || skipTags.has('always')) run = false;
    } else if (!disjoint(tags, skipTags)) run = false;
    else if (skipTags.has('tagged') && !untagged) run = false;
  }
  return run;
}

export function tagFilterFor(only: readonly string[], skip: readonly string[]): ((step: TaskStep) => boolean) | undefined {
  const onlyTags = new Set(only.flatMap((t) => flattenTags(t)));
  const skipTags = new Set(skip.flatMap((t) => flattenTags(t)));
  if (onlyTags.size === 0) onlyTags.add('all');
  if (onlyTags.size === 1 && onlyTags.has('all') && skipTags.size === 0) {
    // Only `never` tasks are filtered out by default.
    return (step) => !stepTags(step).has('never') || stepTags(step).has('always');
  }
  return (step) => shouldRunTags(stepTags(step), onlyTags, skipTags);
}
