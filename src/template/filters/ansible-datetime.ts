/**
 * to_datetime: Python's datetime.strptime, giving the engine's datetime (the one `now()`
 * returns), aware when the format has `%z`.
 */
import { isStringLike, strRepr, textOf } from '../../core/data.js';
import type { FilterFn, PluginValue } from '../plugin.js';
import { PyDateTime } from '../runtime/py-datetime.js';
import { typeName } from '../runtime/py-values.js';
import { argument, defined, pluginError, toText } from './ansible-args.js';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

const DIRECTIVES: Record<string, string> = {
  d: '(?<d>3[01]|[12]\\d|0[1-9]|[1-9]| [1-9])',
  f: '(?<f>[0-9]{1,6})',
  H: '(?<H>2[0-3]|[0-1]\\d|\\d)',
  I: '(?<I>1[0-2]|0[1-9]|[1-9])',
  j: '(?<j>36[0-6]|3[0-5]\\d|[12]\\d\\d|0[1-9]\\d|00[1-9]|[1-9]\\d|0[1-9]|[1-9])',
  m: '(?<m>1[0-2]|0[1-9]|[1-9])',
  M: '(?<M>[0-5]\\d|\\d)',
  S: '(?<S>6[0-1]|[0-5]\\d|\\d)',
  w: '(?<w>[0-6])',
  u: '(?<u>[1-7])',
  y: '(?<y>\\d\\d)',
  Y: '(?<Y>\\d\\d\\d\\d)',
  z: '(?<z>[+-]\\d\\d:?[0-5]\\d(?::?[0-5]\\d(?:\\.\\d{1,6})?)?|Z)',
  b: `(?<b>${MONTHS.map((m) => m.slice(0, 3)).join('|')})`,
  B: `(?<B>${MONTHS.join('|')})`,
  a: `(?<a>${DAYS.map((d) => d.slice(0, 3)).join('|')})`,
  A: `(?<A>${DAYS.join('|')})`,
  p: '(?<p>am|pm)',
  Z: '(?<Z>utc|gmt)',
  '%': '%',
};

/** datetime.strptime for the directives Ansible users write. */
export function strptime(text: string, format: string): PyDateTime {
  let source = '';
  const used = new Set<string>();
  for (let i = 0; i < format.length; i++) {
    const c = format[i] as string;
    if (c === '%') {
      const d = format[i + 1] ?? '';
      i++;
      const re = DIRECTIVES[d === 'h' ? 'b' : d];
      if (re === undefined) throw pluginError(`'${d}' is a bad directive in format '${format}'`);
      if (d !== '%' && used.has(d)) throw pluginError(`redefinition of group name '${d}' as group 2; was group 1`);
      used.add(d);
      source += re;
    } else if (/\s/.test(c)) {
      source += '\\s+';
      while (/\s/.test(format[i + 1] ?? '')) i++;
    } else source += c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  }
  const m = new RegExp(`^(?:${source})`, 'i').exec(text);
  if (!m) throw pluginError(`time data ${strRepr(text)} does not match format ${strRepr(format)}`);
  if (m[0].length !== text.length) throw pluginError(`unconverted data remains: ${text.slice(m[0].length)}`);
  const g = m.groups ?? {};
  let year = 1900;
  if (g['Y'] !== undefined) year = Number(g['Y']);
  else if (g['y'] !== undefined) {
    const y = Number(g['y']);
    year = y <= 68 ? 2000 + y : 1900 + y;
  }
  let month = 1;
  if (g['m'] !== undefined) month = Number(g['m']);
  else if (g['b'] !== undefined) month = MONTHS.findIndex((x) => x.startsWith(g['b']?.toLowerCase() ?? '')) + 1;
  else if (g['B'] !== undefined) month = MONTHS.indexOf(g['B'].toLowerCase()) + 1;
  let day = g['d'] !== undefined ? Number(g['d'].trim()) : 1;
  if (g['j'] !== undefined && g['d'] === undefined && g['m'] === undefined) {
    const date = new Date(Date.UTC(year, 0, Number(g['j'])));
    month = date.getUTCMonth() + 1;
    day = date.getUTCDate();
  }
  let hour = g['H'] !== undefined ? Number(g['H']) : 0;
  if (g['I'] !== undefined) {
    hour = Number(g['I']) % 12;
    if (g['p']?.toLowerCase() === 'pm') hour += 12;
  }
  const minute = g['M'] !== undefined ? Number(g['M']) : 0;
  const second = g['S'] !== undefined ? Number(g['S']) : 0;
  const microsecond = g['f'] !== undefined ? Number(g['f'].padEnd(6, '0')) : 0;
  let offset: number | undefined;
  if (g['z'] !== undefined) {
    if (g['z'].toUpperCase() === 'Z') offset = 0;
    else {
      const z = g['z'].replaceAll(':', '');
      offset = (z.startsWith('-') ? -1 : 1) * (Number(z.slice(1, 3)) * 60 + Number(z.slice(3, 5)));
    }
  }
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) throw pluginError('day is out of range for month');
  return new PyDateTime(year, month, day, hour, minute, second, microsecond, offset);
}

export const to_datetime: FilterFn = (_ctx, value, args, kwargs) => {
  const data = defined(value);
  const given = argument(args, kwargs, 0, 'format');
  const format = given === undefined ? '%Y-%m-%d %H:%M:%S' : given;
  // NOTE: CPython's argument check names None as None, any other value by its (tagged, lazy) type.
  if (!isStringLike(data)) throw pluginError(`strptime() argument 1 must be str, not ${data === null ? 'None' : typeName(data)}`);
  if (!isStringLike(format)) throw pluginError(`strptime() argument 2 must be str, not ${format === null ? 'None' : typeName(format)}`);
  // NOTE: a datetime is an engine runtime object, not data; the registry's type is data-only.
  return strptime(textOf(data), toText(format)) as unknown as PluginValue;
};

export const datetimeFilters: Record<string, FilterFn> = { to_datetime };
