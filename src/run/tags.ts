/** --tags / --skip-tags, as ansible's Taggable.evaluate_tags decides them. */
import { isStringLike, pyStr, type Data } from '../core/data.js';
import type { TaskStep } from '../compile/program.js';
import type { Keyword } from '../playbook/model.js';
import type { SourceLocation } from '../core/source-location.js';

/** The tags of a step, as strings. */
export type StepTags = (step: TaskStep) => ReadonlySet<string>;

/**
 * A tag that is no text (an int, a bool) is kept under this prefix: 2.19 compares tags as Python
 * values, so `1` never equals the `--tags 1` text, nor `all`, `always` or `never`.
 */
const NOT_TEXT = '\u0000';

/** The key a tag value has in a step's set of tags: text as itself, any other value apart. */
export function tagKey(value: Data): string {
  return isStringLike(value) ? pyStr(value) : `${NOT_TEXT}${pyStr(value)}`;
}

/** A tag key as it is shown (--list-tags, --list-tasks). */
export function tagText(key: string): string {
  return key.startsWith(NOT_TEXT) ? key.slice(NOT_TEXT.length) : key;
}

/** Tags as written: a list, or a comma-separated string; a value that is no text keeps its own key. */
export function flattenTags(value: Data): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.flatMap(flattenTags);
  if (!isStringLike(value)) return [tagKey(value)];
  return pyStr(value).split(',').map((t) => t.trim()).filter((t) => t !== '');
}

/** The step's tags as written, untemplated (what --list-* shows when no play vars are at hand). */
export function stepTags(step: TaskStep): Set<string> {
  return new Set(step.folded.tags.flatMap((kw) => flattenTags(kw.value)));
}

/**
 * A play's tags as 2.19 templates them before it chooses tasks: with the play's variables (play
 * vars, vars_files, roles' defaults and vars, extra vars; no host, no block or task vars), each
 * keyword once. `render` throws the template's error, which stops the run.
 */
export class PlayTags {
  private readonly rendered = new Map<Keyword, readonly string[]>();

  /**
   * `render` returns text without a template unchanged; it is given the step whose tags these
   * are (a file an include loaded is templated with the include's variables too).
   */
  constructor(private readonly render: (text: string, origin: SourceLocation, step: TaskStep | undefined) => Data) {}

  /** The step's tags. NOTE: ansible templates the task's own tags first, then each enclosing layer's. */
  readonly of: StepTags = (step) => {
    const tags = new Set<string>();
    for (let i = step.folded.tags.length - 1; i >= 0; i--) for (const t of this.keyword(step.folded.tags[i] as Keyword, step)) tags.add(t);
    return tags;
  };

  /** Templates every tag of the steps now, in ansible's order (the play's own first), so an error stops the play before it runs. */
  evaluate(steps: Iterable<TaskStep>, playTags: Keyword | undefined): void {
    if (playTags) this.keyword(playTags, undefined);
    for (const step of steps) this.of(step);
  }

  private keyword(kw: Keyword, step: TaskStep | undefined): readonly string[] {
    let tags = this.rendered.get(kw);
    if (tags === undefined) {
      tags = writtenTags(kw).flatMap(([item, origin]) => this.item(item, origin, step));
      this.rendered.set(kw, tags);
    }
    return tags;
  }

  /**
   * One written tag, templated; a list it renders to gives its items (one level, as ansible
   * flattens). NOTE: only the written string is split at commas, never a list item or a value.
   */
  private item(item: Data, origin: SourceLocation, step: TaskStep | undefined): string[] {
    const value = typeof item === 'string' ? this.render(item, origin, step) : item;
    return Array.isArray(value) ? value.map(tagKey) : [tagKey(value)];
  }
}

/** The written tags with where each is: a list's items, or a comma-separated string's parts (at the string). */
export function writtenTags(kw: Keyword): [Data, SourceLocation][] {
  if (Array.isArray(kw.value)) {
    const items = kw.node?.kind === 'seq' ? kw.node.items : [];
    return kw.value.map((v, i) => [v, items[i]?.loc ?? kw.loc]);
  }
  if (typeof kw.value === 'string') return kw.value.split(',').map((t) => [t.trim(), kw.loc]);
  return [[kw.value, kw.loc]];
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

/** Whether a step runs under --tags/--skip-tags; `tagsOf` gives its tags (templated by the caller), as written by default. */
export type TagFilter = (step: TaskStep, tagsOf?: StepTags) => boolean;

/** NOTE: the CLI keeps an empty tag (`--tags ''` runs only `always` tasks); a keyword's tags drop them. */
function cliTags(values: readonly string[]): Set<string> {
  return new Set(values.flatMap((t) => t.split(',').map((tag) => tag.trim())));
}

/**
 * Whether the flush_handlers step 2.19 adds after each section runs: it is tagged `always`, so only a
 * --skip-tags naming `always` leaves it out (and notified handlers then never run).
 */
export function implicitFlushRuns(only: readonly string[], skip: readonly string[]): boolean {
  const onlyTags = cliTags(only);
  if (onlyTags.size === 0) onlyTags.add('all');
  return shouldRunTags(new Set(['always']), onlyTags, cliTags(skip));
}

export function tagFilterFor(only: readonly string[], skip: readonly string[]): TagFilter | undefined {
  const onlyTags = cliTags(only);
  const skipTags = cliTags(skip);
  if (onlyTags.size === 0) onlyTags.add('all');
  if (onlyTags.size === 1 && onlyTags.has('all') && skipTags.size === 0) {
    // Only `never` tasks are filtered out by default.
    return (step, tagsOf = stepTags) => {
      const tags = tagsOf(step);
      return !tags.has('never') || tags.has('always');
    };
  }
  return (step, tagsOf = stepTags) => shouldRunTags(tagsOf(step), onlyTags, skipTags);
}
