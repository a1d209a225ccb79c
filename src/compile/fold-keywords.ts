/**
 * Keyword inheritance, done once at compile time: what ansible's `_get_parent_attribute` walks at
 * run time for every task.
 */
import type { Keyword, Keywords } from '../playbook/model.js';
import type { FoldedKeywords } from './program.js';

/** Keywords a task takes from its play, role entry, block or static import when it has none itself. */
export const INHERITED_SCALARS: ReadonlySet<string> = new Set([
  'become', 'become_user', 'become_method', 'become_flags', 'become_exe',
  'check_mode', 'diff', 'ignore_errors', 'ignore_unreachable', 'any_errors_fatal', 'no_log',
  'run_once', 'delegate_to', 'delegate_facts', 'connection', 'port', 'remote_user', 'throttle',
  'timeout', 'debugger', 'collections', 'notify',
]);

export const EMPTY_FOLD: FoldedKeywords = {
  scalars: new Map(),
  when: [],
  tags: [],
  blockVars: [],
  environment: [],
  module_defaults: [],
};

/**
 * Adds one enclosing layer (play, role entry, block, import) *inside* `outer`: its scalar keywords
 * override the outer ones, its lists append after them.
 * `varsAsBlock`: a block's or import's `vars` join blockVars; a play's vars are handled by vars.
 */
export function foldLayer(outer: FoldedKeywords, layer: Keywords, options: { vars: boolean }): FoldedKeywords {
  let scalars: Map<string, Keyword> | undefined;
  for (const [name, kw] of layer) {
    if (!INHERITED_SCALARS.has(name)) continue;
    scalars ??= new Map(outer.scalars);
    scalars.set(name, kw);
  }
  const when = layer.get('when');
  const tags = layer.get('tags');
  const vars = options.vars ? layer.get('vars') : undefined;
  const env = layer.get('environment');
  const defaults = layer.get('module_defaults');
  return {
    scalars: scalars ?? outer.scalars,
    when: when ? [...outer.when, when] : outer.when,
    tags: tags ? [...outer.tags, tags] : outer.tags,
    blockVars: vars ? [...outer.blockVars, vars] : outer.blockVars,
    environment: env ? [...outer.environment, env] : outer.environment,
    module_defaults: defaults ? [...outer.module_defaults, defaults] : outer.module_defaults,
  };
}

/** The task's own keywords on top of everything folded around it (its vars stay the task's own). */
export function foldTask(outer: FoldedKeywords, task: Keywords): FoldedKeywords {
  return foldLayer(outer, task, { vars: false });
}
