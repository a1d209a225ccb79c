/** Jinja2's HTML and URL filters: escape/e, forceescape, urlencode, urlize. */
import { registerFilters, type FilterFn } from '../plugin.js';
import type { Value } from '../runtime/py-object.js';
import { iterate, num, str, truthy, typeName } from '../runtime/py-values.js';
import { typeError, valueError } from '../runtime/py-exception.js';
import { bindArgs } from './filter-args.js';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;');
}

const UNRESERVED = /[A-Za-z0-9_.\-~]/;

/** Python's urllib.parse.quote on UTF-8 bytes. */
export function urlQuote(text: string, safe: string): string {
  let out = '';
  for (const ch of text) {
    if (UNRESERVED.test(ch) || safe.includes(ch)) {
      out += ch;
      continue;
    }
    for (const b of Buffer.from(ch, 'utf8')) out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

function quoteForQuery(v: Value): string {
  return urlQuote(str(v), '').replace(/%20/g, '+');
}

function urlize(text: string, trimLimit: number | null, nofollow: boolean, target: Value, rel: Value): string {
  const relParts = new Set((rel === null || rel === undefined ? 'noopener' : str(rel)).split(/\s+/).filter(Boolean));
  if (nofollow) relParts.add('nofollow');
  const relAttr = relParts.size ? ` rel="${escapeHtml([...relParts].sort().join(' '))}"` : '';
  const targetAttr = target !== null && target !== undefined ? ` target="${escapeHtml(str(target))}"` : '';
  const shorten = (s: string): string => (trimLimit !== null && s.length > trimLimit ? s.slice(0, trimLimit) + '...' : s);
  return text
    .split(/(\s+)/)
    .map((word) => {
      const m = /^([(<]|&lt;)*(.*?)([.,)>\n]|&gt;)*$/s.exec(word);
      if (!m) return escapeHtml(word);
      const head = word.slice(0, word.length - (m[2] as string).length - (word.length - (m[1]?.length ?? 0) - (m[2] as string).length));
      const middle = m[2] as string;
      const tail = word.slice(head.length + middle.length);
      let link: string | null = null;
      if (/^https?:\/\//.test(middle)) link = `<a href="${escapeHtml(middle)}"${relAttr}${targetAttr}>${escapeHtml(shorten(middle))}</a>`;
      else if (/^www\./.test(middle) || (/^[a-zA-Z0-9.-]+\.(org|net|com)$/.test(middle) && !middle.includes('@')))
        link = `<a href="https://${escapeHtml(middle)}"${relAttr}${targetAttr}>${escapeHtml(shorten(middle))}</a>`;
      else if (/^[^@\s]+@[^@\s]+\.[a-zA-Z]+$/.test(middle) && !middle.includes(':')) link = `<a href="mailto:${escapeHtml(middle)}">${escapeHtml(middle)}</a>`;
      if (link === null) return escapeHtml(word);
      return escapeHtml(head) + link + escapeHtml(tail);
    })
    .join('');
}

const htmlFilters: Record<string, FilterFn> = {
  escape: (_c, v) => escapeHtml(str(v as Value)),
  e: (_c, v) => escapeHtml(str(v as Value)),
  forceescape: (_c, v) => escapeHtml(str(v as Value)),
  urlencode: (_c, v) => {
    if (typeof v === 'string') return urlQuote(v, '/');
    if (v instanceof Map) return [...v].map(([k, x]) => `${quoteForQuery(k)}=${quoteForQuery(x as Value)}`).join('&');
    if (Array.isArray(v)) {
      return Array.from(iterate(v as Value))
        .map((pair) => {
          if (!(typeof pair === 'string' || Array.isArray(pair) || pair instanceof Map)) throw typeError(`cannot unpack non-iterable ${typeName(pair)} object`);
          const items = Array.from(iterate(pair));
          if (items.length > 2) throw valueError('too many values to unpack (expected 2)');
          if (items.length < 2) throw valueError(`not enough values to unpack (expected 2, got ${items.length})`);
          const [k, x] = items;
          return `${quoteForQuery(k as Value)}=${quoteForQuery(x as Value)}`;
        })
        .join('&');
    }
    return urlQuote(str(v as Value), '/');
  },
  urlize: (_c, v, args, kw) => {
    const [trim, nofollow, target, rel] = bindArgs(args, kw, [['trim_url_limit', null], ['nofollow', false], ['target', null], ['rel', null]]);
    return urlize(str(v as Value), trim === null ? null : Number(num(trim)), truthy(nofollow), target, rel);
  },
};

registerFilters(htmlFilters, 'ansible.builtin');
