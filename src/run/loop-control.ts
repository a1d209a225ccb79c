/**
 * A task's loop_control, read for each run of the task as 2.19 does: loop_var (a valid name),
 * index_var, label, pause, extended, extended_allitems and break_when, templated where 2.19
 * templates them, with its keyword conversion errors.
 */
import { PyFloat, isDict, isStringLike, pyRepr, pyStr, strRepr, truthy, type Data } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';
import { asciiNumeral } from '../core/python-numerals.js';
import type { TaskStep } from '../compile/program.js';
import { VARIABLE_NAME_HINT, variableNameError } from '../playbook/collect-keywords.js';
import type { Keyword } from '../playbook/model.js';
import type { TemplateRenderer, VarSource } from '../template/api.js';
import { isOmit } from '../template/index.js';
import type { DisplayEvent } from './events.js';
import { isStrictBool, toBool } from './keyword-values.js';
import { conversionError, keywordError } from './task-keyword-checks.js';
import { TaskError } from './task-error.js';

export interface LoopControl {
  loopVar: string;
  indexVar?: string;
  label?: string;
  /** Where the label was written: a label that fails to template for a reason other than an undefined value fails the task there. */
  labelOrigin?: SourceLocation;
  pause: number;
  extended: boolean;
  extendedAllItems: boolean;
  breakWhen: Keyword[];
}

export function loopControl(step: TaskStep, vars: VarSource, templar: TemplateRenderer): LoopControl {
  const kw = step.task.keywords.get('loop_control');
  const out: LoopControl = { loopVar: 'item', pause: 0, extended: false, extendedAllItems: true, breakWhen: [] };
  if (!kw || !isDict(kw.value)) return out;
  const lc = kw.value;
  const rendered = (name: string): Data | undefined => {
    const v = lc.get(name);
    if (v === undefined || v === null) return undefined;
    const origin = loopControlValueOrigin(step, name) ?? kw.loc;
    let value: Data;
    try {
      value = typeof v === 'string' && templar.isTemplate(v) && name !== 'label' ? templar.render(v, vars, { origin }) : v;
    } catch (e) {
      throw keywordError(name, e, origin);
    }
    // omit leaves a loop_control key at its default
    return isOmit(value) ? undefined : value;
  };
  const text = (name: string): string | undefined => {
    const v = rendered(name);
    return v === undefined || v === null ? undefined : pyStr(v);
  };
  out.loopVar = text('loop_var') ?? 'item';
  const nameError = variableNameError(out.loopVar);
  if (nameError !== undefined) {
    // A name written as a string points at itself; another value was made a string, with no origin.
    const origin = typeof lc.get('loop_var') === 'string' ? loopControlValueOrigin(step, 'loop_var') : undefined;
    throw new TaskError([{ message: nameError, ...(origin ? { origin } : { context: `Origin: <unknown>\n\n${out.loopVar}` }), help: VARIABLE_NAME_HINT }], true);
  }
  const indexVar = text('index_var');
  if (indexVar) out.indexVar = indexVar;
  const label = lc.get('label');
  // NOTE: ansible takes a falsy label as written ('', 0, false) as no label: the item is shown.
  if (label !== undefined && truthy(label)) {
    out.label = pyStr(label);
    out.labelOrigin = loopControlValueOrigin(step, 'label') ?? kw.loc;
  }
  const pause = rendered('pause');
  if (pause !== undefined && pause !== null) out.pause = pauseSeconds(pause, loopControlValueOrigin(step, 'pause') ?? kw.loc);
  out.extended = loopControlBool(rendered('extended'), 'extended', loopControlValueOrigin(step, 'extended') ?? kw.loc) ?? false;
  const all = loopControlBool(rendered('extended_allitems'), 'extended_allitems', loopControlValueOrigin(step, 'extended_allitems') ?? kw.loc);
  if (all !== undefined) out.extendedAllItems = all;
  const bw = lc.get('break_when');
  // Conditions are named where they were written (the break_when value, or each list entry).
  if (bw !== undefined && bw !== null) out.breakWhen = [{ value: bw, loc: loopControlValueOrigin(step, 'break_when') ?? kw.loc }];
  return out;
}

/** A bool of loop_control as ansible's strict boolean() reads it; another value fails the task as 2.19's keyword check. */
function loopControlBool(value: Data | undefined, name: string, origin: SourceLocation): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (isStrictBool(value)) return toBool(value);
  throw new TaskError(conversionError(name, value, 'bool', origin).chain, true);
}

/** loop_control's pause as Python's float() reads it; another value fails the task as 2.19's keyword check. */
function pauseSeconds(value: Data, origin: SourceLocation): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof PyFloat) return value.value;
  const text = isStringLike(value) ? asciiNumeral(pyStr(value)).trim() : undefined;
  if (text !== undefined && /^[+-]?((\d+(_\d+)*)?\.?\d+(_\d+)*([eE][+-]?\d+)?|\d+\.|inf(inity)?|nan)$/i.test(text)) {
    const n = Number(text.replace(/_/g, '').replace(/^([+-]?)inf(inity)?$/i, '$1Infinity'));
    return Number.isNaN(n) ? 0 : n;
  }
  const shown = isStringLike(value) ? strRepr(pyStr(value)) : pyRepr(value);
  throw new TaskError([{ message: "Error processing keyword 'pause'.", origin }, { message: `The value ${shown} could not be converted to 'float'.`, origin, whileHandling: true }], true);
}

/** Where a loop_control key's value was written (none when the key is not written). */
function loopControlValueOrigin(step: TaskStep, key: string): SourceLocation | undefined {
  const node = step.task.keywords.get('loop_control')?.node;
  if (node?.kind !== 'map') return undefined;
  return node.pairs.find((p) => p.key.kind === 'scalar' && p.key.value === key)?.value.loc;
}

/** Where loop_control's loop_var was written; none when the loop uses the default `item`. */
export function loopVarOrigin(step: TaskStep): SourceLocation | undefined {
  return loopControlValueOrigin(step, 'loop_var');
}

export function loopVarInUse(loopVar: string, origin: SourceLocation | undefined): DisplayEvent {
  return {
    message: `The loop variable '${loopVar}' is already in use.`,
    ...(origin ? { origin } : { context: `Origin: <unknown>\n\n${loopVar}` }),
    help: 'You should set the `loop_var` value in the `loop_control` option for the task to something else to avoid variable collisions and unexpected behavior.',
  };
}
