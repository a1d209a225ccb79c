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

/** What Jinja's urlize links as a web address (scheme or www, a known TLD, an IP; port; path). */
const HTTP_RE = new RegExp(
  String.raw`^((https?://|www\.)(([\w%-]+\.)+)?([a-z]{2,63}|xn--[\w%]{2,59})|([\w%-]{2,63}\.)+(com|net|int|edu|gov|org|info|mil)|(https?://)((([\d]{1,3})(\.[\d]{1,3}){3})|(\[([\da-f]{0,4}:){2}([\da-f]{0,4}:?){1,6}\])))(?::[\d]{1,5})?(?:[/?#]\S*)?$`,
  'i',
);
const EMAIL_RE = /^\S+@[\p{L}\p{N}_][\p{L}\p{N}_.-]*\.[\p{L}\p{N}_]+$/u;

/** Moves closing characters from the tail into the middle while the middle has unclosed ones. */
function balance(middle: string, tail: string): [string, string] {
  for (const [open, close] of [['(', ')'], ['<', '>'], ['&lt;', '&gt;']] as const) {
    const opened = middle.split(open).length - 1;
    if (opened <= middle.split(close).length - 1) continue;
    const moves = Math.min(opened, tail.split(close).length - 1);
    for (let i = 0; i < moves; i++) {
      const end = tail.indexOf(close) + close.length;
      middle += tail.slice(0, end);
      tail = tail.slice(end);
    }
  }
  return [middle, tail];
}

/** Jinja 3.1's urlize: on the escaped text, word by word, leading/trailing punctuation kept outside. */
function urlize(text: string, trimLimit: number | null, nofollow: boolean, target: Value, rel: Value): string {
  const relParts = new Set((rel === null || rel === undefined ? '' : str(rel)).split(/\s+/).filter(Boolean));
  if (nofollow) relParts.add('nofollow');
  relParts.add('noopener');
  const relAttr = ` rel="${escapeHtml([...relParts].sort().join(' '))}"`;
  const targetAttr = target !== null && target !== undefined && truthy(target) ? ` target="${escapeHtml(str(target))}"` : '';
  const shorten = (s: string): string => (trimLimit !== null && s.length > trimLimit ? `${s.slice(0, trimLimit)}...` : s);
  return escapeHtml(text)
    .split(/(\s+)/)
    .map((word) => {
      const lead = /^([(<]|&lt;)+/.exec(word);
      const head = lead ? lead[0] : '';
      let middle = word.slice(head.length);
      let tail = '';
      const trail = /([)>.,\n]|&gt;)+$/.exec(middle);
      if (trail) {
        tail = trail[0];
        middle = middle.slice(0, trail.index);
      }
      [middle, tail] = balance(middle, tail);
      if (HTTP_RE.test(middle)) {
        const href = /^https?:\/\//.test(middle) ? middle : `https://${middle}`;
        middle = `<a href="${href}"${relAttr}${targetAttr}>${shorten(middle)}</a>`;
      } else if (middle.startsWith('mailto:') && EMAIL_RE.test(middle.slice(7))) {
        middle = `<a href="${middle}">${middle.slice(7)}</a>`;
      } else if (middle.includes('@') && !middle.startsWith('www.') && !middle.includes(':') && EMAIL_RE.test(middle)) {
        middle = `<a href="mailto:${middle}">${middle}</a>`;
      }
      return `${head}${middle}${tail}`;
    })
    .join('');
}

const htmlFilters: Record<string, FilterFn> = {
  escape: (_c, v) => escapeHtml(str(v as Value)),
  e: (_c, v) => escapeHtml(str(v as Value)),
  forceescape: (_c, v) => escapeHtml(str(v as Value)),
  urlencode: (_c, v) => {
    // NOTE: omit is no str in 2.19: it is quoted as its str(), '<<Omit>>'.
    if (typeof v === 'string') return urlQuote(str(v), '/');
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
