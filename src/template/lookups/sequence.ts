/** The `sequence` lookup: numbers formatted as strings, from `start=… end=…` or `[start-]end[/stride][:format]`. */
import { isStringLike, PyFloat, pyRepr, type Data } from '../../core/data.js';
import type { LookupFn, PluginValue } from '../plugin.js';
import { defined, pluginError, raisedWhileHandling, toText } from '../filters/ansible-args.js';
import { parseKv } from './kv-args.js';
import { decimalWholeNumber } from '../../core/python-int.js';

const SHORTCUT = /^(([0-9]+|0[xX][0-9a-fA-F]+)-)?([0-9]+|0[xX][0-9a-fA-F]+)(\/([0-9]+|0[xX][0-9a-fA-F]+))?(:(.+))?$/i;

function integer(name: string, value: string): number {
  // NOTE: ensure_type reads an integer option through Decimal ('2.0', '1__0', Unicode digits)
  const n = decimalWholeNumber(value);
  if (n === undefined) {
    throw pluginError(`Config '${name}' for 'sequence' lookup plugin from 'Direct' has an invalid value: Invalid value provided for 'integer': ${JSON.stringify(value).replace(/^"|"$/g, "'")}`);
  }
  return n;
}

/** Python `%` with one conversion (%d, %02d, %x, %o, %s, %f …) applied to an int. */
export function formatOne(format: string, n: number): string {
  let used = 0;
  const out = format.replace(/%([-+ 0#]*)(\d*)(?:\.(\d+))?([diouxXeEfFgGsr%])/g, (_m, flags: string, width: string, precision: string | undefined, conv: string) => {
    if (conv === '%') return '%';
    used++;
    let body: string;
    const abs = Math.abs(n);
    switch (conv) {
      case 'x':
        body = abs.toString(16);
        break;
      case 'X':
        body = abs.toString(16).toUpperCase();
        break;
      case 'o':
        body = abs.toString(8);
        break;
      case 'e':
      case 'E':
        body = abs.toExponential(precision === undefined ? 6 : Number(precision)).replace(/e([+-])(\d)$/, 'e$10$2');
        if (conv === 'E') body = body.toUpperCase();
        break;
      case 'f':
      case 'F':
        body = abs.toFixed(precision === undefined ? 6 : Number(precision));
        break;
      default:
        body = String(abs);
    }
    let sign = n < 0 ? '-' : flags.includes('+') ? '+' : flags.includes(' ') ? ' ' : '';
    if (conv === 's' || conv === 'r') {
      body = String(n);
      sign = '';
    }
    const w = Number(width || 0);
    if (flags.includes('-')) return (sign + body).padEnd(w);
    if (flags.includes('0') && conv !== 's') return sign + body.padStart(w - sign.length, '0');
    return (sign + body).padStart(w);
  });
  if (used !== 1) throw new Error(used === 0 ? 'not all arguments converted during string formatting' : 'not enough arguments for format string');
  return out;
}

export const sequence: LookupFn = (_ctx, terms, kwargs) => {
  const out: Data[] = [];
  // NOTE: keyword options are checked when 2.19 sets them, in the order its documentation lists
  // them; a term's own options are checked in a frozenset's order, which varies run to run.
  for (const name of ['start', 'end', 'count', 'stride']) if (kwargs.has(name)) integer(name, toText(defined(kwargs.get(name))));
  // With only keyword options, the sequence is described by them alone.
  for (const term of terms.length === 0 && kwargs.size > 0 ? [''] : terms) {
    if (!isStringLike(term)) {
      // NOTE: 2.19's regex match fails on a term that is no string, reported while handling it.
      throw raisedWhileHandling(`unknown error parsing with_sequence arguments: ${pyRepr(term)}. Error was: expected string or bytes-like object, got '${withTermClass(term)}'`);
    }
    const text = toText(term);
    const options = new Map<string, string>();
    const m = SHORTCUT.exec(text);
    if (text === '') {
      // Options come from keywords only.
    } else if (m) {
      if (m[2] !== undefined) options.set('start', m[2]);
      options.set('end', m[3] as string);
      if (m[5] !== undefined) options.set('stride', m[5]);
      if (m[7] !== undefined) options.set('format', m[7]);
    } else {
      const kv = parseKv(text);
      const unknown = [...kv.keys()].filter((k) => !['start', 'end', 'count', 'stride', 'format'].includes(k));
      if (unknown.length > 0) throw pluginError(`unrecognized arguments to with_sequence: [${unknown.map((k) => `'${k}'`).join(', ')}]`);
      for (const [k, v] of kv) options.set(k, v);
    }
    for (const [k, v] of kwargs as ReadonlyMap<string, PluginValue>) if (!options.has(k)) options.set(k, toText(defined(v)));
    // NOTE: Ansible validates `end` before `start`.
    let end = options.has('end') ? integer('end', options.get('end') as string) : undefined;
    const start = integer('start', options.get('start') ?? '1');
    const count = options.has('count') ? integer('count', options.get('count') as string) : undefined;
    const stride = integer('stride', options.get('stride') ?? '1');
    const format = options.get('format') ?? '%d';
    if (count !== undefined) {
      if (end !== undefined) throw pluginError("can't specify both count and end in with_sequence");
      if (count === 0) continue;
      end = start + count * stride - 1;
      if (stride < 0) end = start + count * stride + 1;
    }
    if (end === undefined) throw pluginError('must specify count or end in with_sequence');
    if (stride > 0 && end < start) throw pluginError('to count backwards make stride negative');
    if (stride < 0 && end > start) throw pluginError("to count forward don't make stride negative");
    if (stride === 0) continue;
    if (format.split('%').length !== 2) throw pluginError(`bad formatting string: ${format}`);
    for (let i = start; stride > 0 ? i <= end : i >= end; i += stride) {
      try {
        out.push(formatOne(format, i));
      } catch {
        throw raisedWhileHandling(`problem formatting ${i} with ${pyRepr(format)}`);
      }
    }
  }
  return out;
};

/**
 * The class 2.19 names for a with_ term (its values are tagged with their origin; a lookup() from
 * a template gets plain ones: `int` where this says `_AnsibleTaggedInt`).
 */
function withTermClass(term: Data): string {
  if (term === null) return 'NoneType';
  if (typeof term === 'boolean') return 'bool';
  if (typeof term === 'number' || typeof term === 'bigint') return '_AnsibleTaggedInt';
  if (term instanceof PyFloat) return '_AnsibleTaggedFloat';
  if (Array.isArray(term)) return '_AnsibleLazyTemplateList';
  if (term instanceof Map) return '_AnsibleLazyTemplateDict';
  return 'object';
}
