/**
 * The items a task loops over: its `loop` rendered (a list, or the task fails), or its `with_<lookup>`
 * terms handed to that lookup as 2.19's TaskExecutor does (through a template it makes itself).
 * Undefined without either: the task runs once.
 */
import { PyFloat, isDict, isTuple, type Data } from '../core/data.js';
import { TemplateError } from '../core/errors.js';
import type { SourceLocation } from '../core/source-location.js';
import { setValueOrigin } from '../core/value-origins.js';
import type { TaskStep } from '../compile/program.js';
import type { LookupEnvironment, TemplateRenderer, VarSource } from '../template/api.js';
import { loopSubdir, renderDroppingUndefined } from '../template/lookups/first-found.js';
import { withLoopTermTags, withTaggedValues } from '../template/lookup-term-tags.js';
import { OMIT_PLACEHOLDER as OMIT } from '../template/runtime/omit.js';
import { renderedValueOrigin } from '../template/variable-origins.js';
// (a loop's whole value rendered to omit fails the task; an omitted list item is only dropped)
import { TaskError, linksOf, omitScalarError } from './task-error.js';

export function loopItems(step: TaskStep, vars: VarSource, templar: TemplateRenderer, lookup: LookupEnvironment): Data[] | undefined {
  const task = step.task;
  const withLookup = task.withLookup;
  if (withLookup) {
    const terms = withLookup.terms;
    const render = (v: Data): Data => templar.renderDeep(v, vars, { origin: terms.loc, lookup, keepTuples: true });
    const firstFound = withLookup.name.replace(/^ansible\.(builtin|legacy)\./, '') === 'first_found';
    const value = firstFound ? renderDroppingUndefined(render, terms.value) : render(terms.value);
    if (value === OMIT) throw omitScalarError(terms.loc);
    // a tuple is one term, as it is no list to 2.19
    const list = Array.isArray(value) && !isTuple(value) ? value : [value];
    // a lone term is handed back as the with_items item, named where it was written
    if (list !== value) setValueOrigin(list, 0, renderedValueOrigin(terms.value, vars, terms.loc));
    return withTaggedValues(withLoopTermTags(value, list), () => invokeWithLookup(withLookup.name, list, vars, step, terms.loc, templar, lookup));
  }
  const loop = task.keywords.get('loop');
  if (!loop) return undefined;
  const value = templar.renderDeep(loop.value, vars, { origin: loop.loc, lookup, rendersLoop: true });
  if (value === OMIT) throw omitScalarError(loop.loc);
  if (!Array.isArray(value)) {
    throw new TaskError(
      [{ message: `The \`loop\` value must resolve to a 'list', not '${typeNameOf(value)}'.`, origin: loop.loc, help: 'Provide a list of items/templates, or a template resolving to a list.' }],
      true,
    );
  }
  return value;
}

function invokeWithLookup(
  name: string, terms: Data[], vars: VarSource, step: TaskStep, loc: SourceLocation, templar: TemplateRenderer, lookup: LookupEnvironment,
): Data[] {
  // The engine exposes lookups through query(): render a call with the terms bound as a local.
  const locals = new Map<string, Data>([['__volant_terms', terms]]);
  // with_first_found searches the subdir its task's action names (templates, vars, else files).
  const subdir = name.replace(/^ansible\.(builtin|legacy)\./, '') === 'first_found' ? ', _subdir=__volant_subdir' : '';
  if (subdir) locals.set('__volant_subdir', loopSubdir(step.task.action));
  const scope = overlay(vars, locals);
  let value: Data;
  try {
    value = templar.render(`{{ query('${name}', *__volant_terms${subdir}) }}`, scope, { origin: loc, lookup });
  } catch (e) {
    // An undefined value is no lookup failure: 2.19 gets it back as the result and fails on it.
    if (e instanceof TemplateError && e.code === 'template-undefined') throw e;
    // NOTE: 2.19 calls a with_ lookup through a template it makes itself, shown without origin.
    const links = linksOf(e);
    // A cause shown on its own (context '') stays a link of its own under the lookup's failure.
    const own = links.findIndex((l, i) => i > 0 && l.context === '');
    const head = own < 0 ? links : links.slice(0, own);
    const invoked = { message: head.map((l) => l.message).join(': '), context: 'Origin: <unknown>\n\ninvoke_lookup()' };
    throw new TaskError(own < 0 ? [invoked] : [invoked, ...links.slice(own)], true);
  }
  return Array.isArray(value) ? value : [value];
}

/** `base` with `locals` over it. */
export function overlay(base: VarSource, locals: ReadonlyMap<string, Data>): VarSource {
  return {
    get: (name) => (locals.has(name) ? locals.get(name) : base.get(name)),
    has: (name) => locals.has(name) || base.has(name),
    keys: () => new Set([...locals.keys(), ...base.keys()]),
  };
}

function typeNameOf(value: Data): string {
  if (typeof value === 'string') return 'str';
  if (typeof value === 'number') return 'int';
  if (value instanceof PyFloat) return 'float';
  if (value === null) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (isDict(value)) return 'dict';
  return 'str';
}
