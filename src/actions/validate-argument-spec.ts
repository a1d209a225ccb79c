/**
 * validate_argument_spec: checks a role's arguments (its params, else same-named variables)
 * against meta/argument_specs.yml, as ansible's ArgumentSpecValidator words its errors.
 */
import { PyFloat, isDict, pyRepr, pyStr, type Data, type DataDict } from '../core/data.js';
import type { Action } from '../run/action.js';
import { toBool } from '../run/keyword-values.js';

function convert(name: string, type: string, value: Data): { value?: Data; error?: string } {
  const fail = (target: string, why: string): { error: string } => ({
    error: `argument '${name}' is of type <class '${pythonType(value)}'> and we were unable to convert to ${target}: ${why}`,
  });
  switch (type) {
    case 'int':
      if (typeof value === 'number') return { value };
      if (typeof value === 'string' && /^\s*[-+]?\d+\s*$/.test(value)) return { value: Number.parseInt(value, 10) };
      if (value instanceof PyFloat && Number.isInteger(value.value)) return { value: value.value };
      return fail('int', `invalid literal for int() with base 10: ${pyRepr(value)}`);
    case 'float':
      if (value instanceof PyFloat) return { value };
      if (typeof value === 'number') return { value: new PyFloat(value) };
      if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return { value: new PyFloat(Number(value)) };
      return fail('float', `could not convert string to float: ${pyRepr(value)}`);
    case 'bool': {
      const b = typeof value === 'boolean' ? value : toBool(value);
      return { value: b ?? false };
    }
    case 'list':
      if (Array.isArray(value)) return { value };
      if (typeof value === 'string') return { value: value.split(',') };
      return { value: [value] };
    case 'dict':
      if (isDict(value)) return { value };
      return fail('dict', 'dictionary requested, could not parse JSON or key=value');
    case 'str':
    case 'path':
      return { value: typeof value === 'string' ? value : pyStr(value) };
    default:
      return { value };
  }
}

function pythonType(value: Data): string {
  if (typeof value === 'string') return 'str';
  if (typeof value === 'number') return 'int';
  if (typeof value === 'boolean') return 'bool';
  if (value instanceof PyFloat) return 'float';
  if (Array.isArray(value)) return 'list';
  if (isDict(value)) return 'dict';
  return 'NoneType';
}

export const validateArgumentSpec: Action = (ctx) => {
  const spec = ctx.rawArgs.get('argument_spec');
  const provided = ctx.rawArgs.get('provided_arguments');
  const context = ctx.rawArgs.get('validate_args_context') ?? new Map();
  const result = new Map<string, Data>([['validate_args_context', context]]);
  if (!isDict(spec)) return new Map<string, Data>([['failed', true], ['msg', `"argument_spec" arg is required in args: ${pyRepr(ctx.rawArgs)}`]]);
  const given: DataDict = isDict(provided) ? provided : new Map();
  const errors: string[] = [];
  const missing: string[] = [];
  for (const [rawName, rawOption] of spec) {
    const name = String(rawName);
    const option = isDict(rawOption) ? rawOption : new Map<string, Data>();
    let value: Data | undefined = given.has(name) ? given.get(name) : ctx.vars.has(name) ? ctx.vars.get(name) : undefined;
    if (typeof value === 'string' && ctx.templar.isTemplate(value)) value = ctx.templar.render(value, ctx.vars, {});
    if (value === undefined || value === null) {
      if (option.get('required') === true) missing.push(name);
      continue;
    }
    const converted = convert(name, pyStr(option.get('type') ?? 'str'), value);
    if (converted.error) {
      errors.push(converted.error);
      continue;
    }
    const choices = option.get('choices');
    if (Array.isArray(choices) && !choices.some((c) => pyStr(c) === pyStr(converted.value ?? null))) {
      errors.push(`value of ${name} must be one of: ${choices.map(pyStr).join(', ')}, got: ${pyStr(converted.value ?? null)}`);
    }
  }
  if (missing.length > 0) errors.unshift(`missing required arguments: ${missing.sort().join(', ')}`);
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
