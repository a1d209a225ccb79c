/**
 * validate_argument_spec: checks a role's arguments (its params, else same-named variables)
 * against meta/argument_specs.yml (argument-spec-validator.ts).
 */
import { isDict, pyRepr, type Data, type DataDict } from '../core/data.js';
import type { Action } from '../run/action.js';
import { leadingElementErrors, validateSpec, type SpecErrors } from './argument-spec-validator.js';

export const validateArgumentSpec: Action = (ctx) => {
  const spec = ctx.rawArgs.get('argument_spec');
  const provided = ctx.rawArgs.get('provided_arguments');
  const context = ctx.rawArgs.get('validate_args_context') ?? new Map();
  const result = new Map<string, Data>([['validate_args_context', context]]);
  if (!isDict(spec)) return new Map<string, Data>([['failed', true], ['msg', `"argument_spec" arg is required in args: ${pyRepr(ctx.rawArgs)}`]]);
  const given: DataDict = isDict(provided) ? provided : new Map();
  const fromVars: DataDict = new Map();
  for (const rawName of spec.keys()) if (ctx.vars.has(String(rawName))) fromVars.set(rawName, ctx.vars.get(String(rawName)) ?? null);
  // NOTE: 2.19 templates the variables it takes whole, templates nested in lists and dicts too (a
  // role's file contents with `{{ ansible_managed }}`: undefined there, the task fails).
  const rendered = ctx.templar.renderDeep(fromVars, ctx.vars, {});
  const params: DataDict = new Map();
  for (const rawName of spec.keys()) {
    const value = given.has(rawName) ? given.get(rawName) : isDict(rendered) ? rendered.get(rawName) : undefined;
    if (value !== undefined && value !== null) params.set(rawName, value);
  }
  const found: SpecErrors = { errors: [], unsupported: [] };
  validateSpec(spec, params, [], found);
  const errors = [...leadingElementErrors(spec, params), ...found.errors, ...found.unsupported];
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
