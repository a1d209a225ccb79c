/**
 * validate_argument_spec: checks a role's arguments (its params, else same-named variables)
 * against meta/argument_specs.yml (argument-spec-validator.ts).
 */
import { isDict, isTuple, markTuple, pyRepr, pyStr, type Data, type DataDict } from '../core/data.js';
import type { Action } from '../run/action.js';
import { TaskError } from '../run/task-error.js';
import { taggedTypeName } from './util.js';
import { classOf, leadingElementErrors, unsupportedErrors, validateSpec, type SpecErrors } from './argument-spec-validator.js';

/** A fresh copy of lists and dicts: the check changes what it is given (see validateSpec). */
function copied(value: Data): Data {
  if (isDict(value)) return new Map([...value].map(([k, v]) => [k, copied(v)]));
  if (!Array.isArray(value)) return value;
  const items = value.map(copied);
  return isTuple(value) ? markTuple(items) : items;
}

export const validateArgumentSpec: Action = (ctx) => {
  const written = ctx.rawArgs.get('argument_spec');
  const spec = written === undefined ? undefined : copied(written);
  // NOTE: the action's args reach it as written (argument_spec_data is shown so); the values to check are templated.
  const provided = ctx.templar.renderDeep(ctx.rawArgs.get('provided_arguments') ?? new Map(), ctx.vars, {});
  const context = ctx.rawArgs.get('validate_args_context') ?? new Map();
  const result = new Map<string, Data>([['validate_args_context', context]]);
  // NOTE: 2.19 raises these (plain errors: "Task failed: …", not an action's failed result).
  if (spec === undefined) {
    // (2.19 holds the task's args with their names in sorted order by then; nested values as written)
    const sorted = new Map([...ctx.rawArgs].sort(([a], [b]) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0)));
    throw new TaskError([{ message: `"argument_spec" arg is required in args: ${pyRepr(sorted)}` }]);
  }
  if (!isDict(spec)) throw new TaskError([{ message: `Incorrect type for argument_spec, expected dict and got ${classOf(spec)}` }]);
  if (!isDict(provided)) throw new TaskError([{ message: `Incorrect type for provided_arguments, expected dict and got ${classOf(provided)}` }]);
  // NOTE: 2.19's validator reads each option's aliases first, in sorted name order: an option
  // that is no mapping fails there, as Python's AttributeError.
  for (const name of [...spec.keys()].map(String).sort()) {
    const option = spec.get(name) ?? null;
    if (!isDict(option)) throw new TaskError([{ message: `'${taggedTypeName(option)}' object has no attribute 'get'` }]);
  }
  const given: DataDict = provided;
  const fromVars: DataDict = new Map();
  for (const rawName of spec.keys()) if (ctx.vars.has(String(rawName))) fromVars.set(rawName, ctx.vars.get(String(rawName)) ?? null);
  // NOTE: 2.19 templates the variables it takes whole, templates nested in lists and dicts too (a
  // role's file contents with `{{ ansible_managed }}`: undefined there, the task fails).
  const rendered = ctx.templar.renderDeep(fromVars, ctx.vars, {});
  const params: DataDict = new Map();
  for (const rawName of spec.keys()) {
    const value = given.has(rawName) ? given.get(rawName) : isDict(rendered) ? rendered.get(rawName) : undefined;
    if (value !== undefined && value !== null) params.set(rawName, copied(value));
  }
  const found: SpecErrors = { errors: [], unsupported: [], warnings: [] };
  // (the walk sees the values as given: validateSpec converts sub-options' dicts in place)
  const leading = leadingElementErrors(spec, params);
  validateSpec(spec, params, [], found);
  const errors = [...leading, ...found.errors, ...unsupportedErrors(found)];
  if (found.warnings !== undefined && found.warnings.length > 0) result.set('warnings', found.warnings);
  const unknown = unknownArguments(spec, given);
  if (unknown !== undefined) errors.push(unknown);
  if (errors.length > 0) {
    result.set('failed', true);
    result.set('msg', `Validation of arguments failed:\n${errors.join('\n')}`);
    result.set('argument_spec_data', spec);
    result.set('argument_errors', errors);
    return result;
  }
  result.set('changed', false);
  result.set('msg', 'The arg spec validation passed');
  return result;
};

/** provided_arguments that name no option nor alias, as 2.19 reports them (after all else). */
function unknownArguments(spec: DataDict, given: DataDict): string | undefined {
  const aliases = [...spec.values()].flatMap((option) => {
    const names = isDict(option) ? option.get('aliases') : undefined;
    return Array.isArray(names) ? names.map(pyStr) : [];
  });
  const legal = new Set([...[...spec.keys()].map(String), ...aliases]);
  const unknown = [...given.keys()].map(String).filter((name) => !legal.has(name));
  if (unknown.length === 0) return undefined;
  const supported = [...spec.keys()].map(String).sort().join(', ') + (aliases.length > 0 ? ` (${[...aliases].sort().join(', ')})` : '');
  return `${unknown.sort().join(', ')}. Supported parameters include: ${supported}.`;
}
