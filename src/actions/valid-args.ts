/**
 * The argument checks 2.19's controller actions make before they run: a few list their valid
 * options (`_VALID_ARGS`), others validate an argument spec as a module does. Either way an
 * unknown option fails the task instead of being ignored.
 */
import type { Action, ActionContext } from '../run/action.js';
import { ActionFail } from '../run/task-error.js';
import type { Data, DataDict } from '../core/data.js';
import { validateSpec, type SpecErrors } from './argument-spec-validator.js';

/** Actions with `_VALID_ARGS`: "Invalid options for <action as written>: a,b". */
const VALID_ARGS: ReadonlyMap<string, readonly string[]> = new Map([
  ['fail', ['msg']],
  ['group_by', ['key', 'parents']],
  ['set_stats', ['aggregate', 'data', 'per_host']],
]);

/** An option of an action's argument spec: its type (2.19's name for it), aliases, whether required. */
interface ActionOption {
  readonly type: string;
  readonly aliases?: readonly string[];
  readonly required?: boolean;
  readonly choices?: readonly string[];
}

interface ActionSpec {
  readonly options: Readonly<Record<string, ActionOption>>;
  readonly exclusive?: readonly (readonly string[])[];
  readonly oneOf?: readonly (readonly string[])[];
}

/** Actions with an argument spec, validated as 2.19's validate_argument_spec does before they run. */
const ARGUMENT_SPECS: ReadonlyMap<string, ActionSpec> = new Map<string, ActionSpec>([
  ['debug', { options: { msg: { type: 'raw' }, var: { type: '_check_type_str_no_conversion' }, verbosity: { type: 'int' } }, exclusive: [['msg', 'var']] }],
  ['assert', {
    options: {
      // in 2.19's order: the first type error reported is the first of these
      fail_msg: { type: 'str_or_list_of_str', aliases: ['msg'] }, success_msg: { type: 'str_or_list_of_str' },
      quiet: { type: 'bool' }, that: { type: '_check_type_list_strict', required: true },
    },
  }],
  // NOTE: minutes and seconds go through Python's int(), which the pause action applies itself
  // (with their exclusion).
  ['pause', { options: { echo: { type: 'bool' }, minutes: { type: 'raw' }, prompt: { type: 'str' }, seconds: { type: 'raw' } }, exclusive: [['minutes', 'seconds']] }],
  ['async_status', { options: { jid: { type: 'str', required: true }, mode: { type: 'str', choices: ['status', 'cleanup'] } } }],
  ['script', {
    options: {
      _raw_params: { type: 'str' }, cmd: { type: 'str' }, creates: { type: 'str' }, removes: { type: 'str' },
      chdir: { type: 'str' }, executable: { type: 'str' },
    },
    exclusive: [['_raw_params', 'cmd']],
    oneOf: [['_raw_params', 'cmd']],
  }],
]);

/** `action` with the option check of its name in front, when 2.19 makes one. */
export function withValidArgs(name: string, action: Action): Action {
  const valid = VALID_ARGS.get(name);
  const spec = ARGUMENT_SPECS.get(name);
  if (!valid && !spec) return action;
  return (ctx) => {
    if (valid) checkValidArgs(ctx, valid);
    if (spec) checkArgumentSpec(ctx, name, spec);
    return action(ctx);
  };
}

/** Fails on options outside `valid` (for an action that checks them later than before it runs). */
export function checkValidArgs(ctx: ActionContext, valid: readonly string[]): void {
  const bad = [...ctx.args.keys()].map(String).filter((key) => !valid.includes(key));
  // NOTE: 2.19 joins a Python set here, in no fixed order; Volant keeps the task's order.
  if (bad.length > 0) throw new ActionFail(`Invalid options for ${ctx.step.task.actionWritten}: ${bad.join(',')}`);
}

function checkArgumentSpec(ctx: ActionContext, name: string, spec: ActionSpec): void {
  const options = Object.entries(spec.options);
  const aliasOf = new Map(options.flatMap(([option, o]) => (o.aliases ?? []).map((alias) => [alias, option] as const)));
  const params: DataDict = new Map();
  for (const [key, value] of ctx.args) params.set(aliasOf.get(String(key)) ?? key, value);
  const specDict: DataDict = new Map(
    options.map(([option, o]) => [option, new Map<string, Data>([['type', o.type], ['required', o.required === true], ...(o.choices ? [['choices', [...o.choices]] as [string, Data]] : [])])]),
  );
  const errors: SpecErrors = { errors: [], unsupported: [] };
  const checks: DataDict = new Map([
    ['mutually_exclusive', (spec.exclusive ?? []).map((term) => [...term])],
    ['required_one_of', (spec.oneOf ?? []).map((term) => [...term])],
  ]);
  validateSpec(specDict, params, [], errors, checks);
  // NOTE: 2.19 reports the first error, an unknown option only after every other check.
  const first = errors.errors[0];
  if (first !== undefined) throw new ActionFail(first);
  const bad = [...ctx.args.keys()].map(String).filter((key) => !spec.options[key] && !aliasOf.has(key)).sort();
  if (bad.length === 0) return;
  const aliases = [...aliasOf.keys()].sort();
  const supported = options.map(([option]) => option).sort().join(', ') + (aliases.length > 0 ? ` (${aliases.join(', ')})` : '');
  // NOTE: 2.19 names the plugin it loaded: by a collection name, the Python module of it.
  const plugin = ctx.step.task.actionWritten === name ? name : `ansible_collections.ansible.builtin.plugins.action.${name}`;
  throw new ActionFail(`Unsupported parameters for (${plugin}) module: ${bad.join(', ')}. Supported parameters include: ${supported}.`);
}
