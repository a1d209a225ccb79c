/** split, comment, quote: string shaping filters. */
import { PyFloat, isStringLike, pyRepr, strRepr, textOf, type Data } from '../../core/data.js';
import type { FilterFn } from '../plugin.js';
import { TemplateError } from '../../core/errors.js';
import { argument, defined, pluginError, toText } from './ansible-args.js';
import { typeName } from '../runtime/py-values.js';
import { pySplit } from '../runtime/str-methods.js';

export const split: FilterFn = (_ctx, value, args, kwargs) => {
  const data = defined(value);
  if (!isStringLike(data)) {
    throw pluginError(`descriptor 'split' for 'str' objects doesn't apply to a '${typeName(data)}' object`);
  }
  const sep = argument(args, kwargs, 0, 'sep');
  const maxsplit = argument(args, kwargs, 1, 'maxsplit');
  // NOTE: str.split converts maxsplit to an index (None is none) while it binds its arguments,
  // before it looks at sep.
  if (maxsplit !== undefined && typeof maxsplit !== 'number' && typeof maxsplit !== 'boolean') {
    throw pluginError(`'${typeName(maxsplit)}' object cannot be interpreted as an integer`);
  }
  if (sep !== undefined && sep !== null && !isStringLike(sep)) throw pluginError(`must be str or None, not ${typeName(sep)}`);
  return pySplit(textOf(data), sep === undefined || sep === null ? null : toText(sep), maxsplit === undefined ? -1 : Number(maxsplit));
};

/** shlex.quote */
export function shellQuote(text: string): string {
  if (text === '') return "''";
  if (!/[^\w@%+=:,./-]/.test(text)) return text;
  return `'${text.replaceAll("'", `'"'"'`)}'`;
}

export const quote: FilterFn = (_ctx, value) => {
  const data = defined(value);
  return shellQuote(data === null ? '' : toText(data));
};

interface CommentStyle {
  beginning?: string;
  decoration: string;
  end?: string;
}

const STYLES: Record<string, CommentStyle> = {
  plain: { decoration: '# ' },
  erlang: { decoration: '% ' },
  c: { decoration: '// ' },
  cblock: { beginning: '/*', decoration: ' * ', end: ' */' },
  xml: { beginning: '<!--', decoration: ' - ', end: '-->' },
};

/** Python's int() of a count: a str must spell an integer. */
function pyInt(v: Data): number {
  if (typeof v === 'number' || typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof PyFloat) {
    if (Number.isNaN(v.value)) throw pluginError('cannot convert float NaN to integer');
    if (!Number.isFinite(v.value)) throw pluginError('cannot convert float infinity to integer');
    return Math.trunc(v.value);
  }
  if (isStringLike(v)) {
    const text = textOf(v);
    const digits = text.trim();
    if (!/^[+-]?\d+(?:_\d+)*$/.test(digits)) throw pluginError(`invalid literal for int() with base 10: ${strRepr(text)}`);
    return Number(digits.replaceAll('_', ''));
  }
  throw pluginError(`int() argument must be a string, a bytes-like object or a real number, not '${typeName(v)}'`);
}

export const comment: FilterFn = (_ctx, value, args, kwargs) => {
  const input = defined(value);
  const styleArg = argument(args, kwargs, 0, 'style') ?? 'plain';
  const styleName = toText(styleArg);
  const style = STYLES[styleName];
  if (style === undefined) {
    const context = `Origin: <unknown>\n\n${styleName}`;
    // The style's repr: an int shows bare.
    const shown = isStringLike(styleArg) ? pyRepr(styleName) : pyRepr(styleArg);
    throw new TemplateError('filter-error', `Invalid style ${shown}.`, { context, hint: `Available styles: ${Object.keys(STYLES).join(', ')}` });
  }
  const kw = new Map<string, Data>();
  for (const [k, v] of kwargs) if (k !== 'style') kw.set(k, defined(v));
  const prepostfix = kw.has('decoration') ? toText(kw.get('decoration') as Data) : style.decoration;
  const p: Record<string, Data> = {
    newline: '\n',
    beginning: '',
    prefix: prepostfix.trimEnd(),
    prefix_count: 1,
    decoration: '',
    postfix: prepostfix.trimEnd(),
    postfix_count: 1,
    end: '',
  };
  Object.assign(p, style);
  for (const [k, v] of kw) p[k] = v;
  const s = (k: string): string => toText(p[k] ?? '');
  const n = (k: string): number => pyInt(p[k] as Data);
  const newline = s('newline');
  const decoration = s('decoration');
  const beginning = s('beginning') ? s('beginning') + newline : '';
  let prefix = '';
  if (s('prefix')) prefix = (s('prefix') !== newline ? s('prefix') + newline : newline).repeat(Math.max(0, n('prefix_count')));
  // NOTE: 2.19 calls the text's replace method: what is no str has none.
  if (!isStringLike(input)) throw pluginError(`'${typeName(input)}' object has no attribute 'replace'`);
  const text = textOf(input);
  const body = (decoration + text.split(newline).join(newline + decoration)).split(decoration + newline).join(decoration.trimEnd() + newline);
  // NOTE: the postfix count goes to range(), which takes only an int (a bool is one).
  const postfixCount = p['postfix_count'] as Data;
  if (typeof postfixCount !== 'number' && typeof postfixCount !== 'boolean' && typeof postfixCount !== 'bigint') {
    throw pluginError(`'${typeName(postfixCount)}' object cannot be interpreted as an integer`);
  }
  const postfix = ['', ...Array<string>(Math.max(0, Number(postfixCount))).fill(s('postfix'))].join(newline);
  const end = s('end') ? newline + s('end') : '';
  return beginning + prefix + body + postfix + end;
};

export const textFilters: Record<string, FilterFn> = { split, quote, comment };
