import { isSetList } from '../../core/set-lists.js';
/** bool, ternary, mandatory, type_debug: the filters that look at a value's kind or truth. */
import { TemplateError } from '../../core/errors.js';
import { isStringLike, pyRepr, pyTypeName, textOf, truthy, type Data } from '../../core/data.js';
import { PlainUndefined, Undefined } from '../runtime/undefined.js';
import type { FilterFn } from '../plugin.js';
import { PyClassObject, PyObject } from '../runtime/py-object.js';
import { defined, pluginError, toText } from './ansible-args.js';
import { OMIT_PLACEHOLDER } from '../runtime/omit.js';
import { mappingTypeName } from '../runtime/py-values.js';

const TRUE_WORDS = new Set(['yes', 'on', 'true', '1']);
const FALSE_WORDS = new Set(['no', 'off', 'false', '0']);

/**
 * NOTE: 2.19 still coerces unknown values (`'x'` → False, `1.0` → True) with a deprecation
 * warning; only the exact words and 0/1/True/False are documented.
 */
export function toBool(value: Data): boolean {
  let check: Data = value;
  if (isStringLike(value)) check = textOf(value).toLowerCase();
  else if (typeof value === 'boolean') check = value ? 'true' : 'false';
  else if (typeof value === 'number') check = String(value);
  if (typeof check === 'string') {
    if (TRUE_WORDS.has(check)) return true;
    if (FALSE_WORDS.has(check)) return false;
    return false;
  }
  if (check instanceof Object && 'value' in check && typeof check.value === 'number') return check.value === 1;
  return false;
}

/** The words 2.19 accepts without a deprecation: booleans, 0/1 and the yes/no/on/off/true/false words. */
function isDocumentedBool(value: Data): boolean {
  if (typeof value === 'boolean' || value === 0 || value === 1) return true;
  if (isStringLike(value)) {
    const t = textOf(value).toLowerCase();
    return TRUE_WORDS.has(t) || FALSE_WORDS.has(t);
  }
  return false;
}

export const bool: FilterFn = (ctx, value) => {
  if (value instanceof PlainUndefined) {
    ctx.warn?.({ kind: 'deprecation', message: 'The `bool` filter coerced invalid value Undefined (Undefined) to False.', version: '2.23' });
    return false;
  }
  const v = defined(value);
  const result = toBool(v);
  if (!isDocumentedBool(v)) {
    // NOTE: omit is an object of its own in 2.19, shown as <<Omit>>.
    const [shown, type] = v === OMIT_PLACEHOLDER ? ['<<Omit>>', '_OmitType'] : [pyRepr(v), pyTypeName(v)];
    ctx.warn?.({ kind: 'deprecation', message: `The \`bool\` filter coerced invalid value ${shown} (${type}) to ${result ? 'True' : 'False'}.`, version: '2.23' });
  }
  return result;
};

export const ternary: FilterFn = (_ctx, value, args, kwargs) => {
  const input = defined(value);
  const pick = (index: number, name: string): Data | Undefined => {
    if (index < args.length) return args[index] as Data | Undefined;
    const v = kwargs.get(name);
    return v === undefined ? null : v;
  };
  const noneVal = pick(2, 'none_val');
  if (input === null && noneVal !== null) return noneVal;
  return truthy(input) ? pick(0, 'true_val') : pick(1, 'false_val');
};

export const mandatory: FilterFn = (_ctx, value, args, kwargs) => {
  if (!(value instanceof Undefined) || value instanceof PlainUndefined) return value;
  const msg = args.length > 0 ? args[0] : kwargs.get('msg');
  if (msg !== undefined && msg !== null) throw pluginError(toText(defined(msg)));
  const name = value.name === undefined ? '' : `${pyRepr(value.name)} `;
  throw new TemplateError('filter-error', `Mandatory variable ${name}not defined.`);
};

export const type_debug: FilterFn = (_ctx, value) => {
  if (value instanceof PlainUndefined) return 'Undefined';
  if (value instanceof Undefined) return 'UndefinedMarker';
  if (value === OMIT_PLACEHOLDER) return '_OmitType';
  // Engine runtime objects (datetimes from to_datetime …) carry their Python type name.
  const runtime: unknown = value;
  if (runtime instanceof PyClassObject) return runtime.className;
  if (runtime instanceof PyObject) return runtime.typeName;
  // hostvars and one host's view of it name their own classes (HostVars, HostVarsVars).
  if (value instanceof Map) return mappingTypeName(value);
  if (isSetList(value)) return 'set';
  return pyTypeName(value);
};

export const logicFilters: Record<string, FilterFn> = { bool, ternary, mandatory, type_debug };
