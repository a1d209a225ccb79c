/** Lookups that reshape their terms: items, list, dict, indexed_items, together, nested, subelements, random_choice. */
import { randomInt } from 'node:crypto';
import { isStringLike, markTuple, pyRepr, textOf, truthy, type Data, type DataDict } from '../../core/data.js';
import type { LookupFn } from '../plugin.js';
import { ansibleClass, iterate, pluginError, toText } from '../filters/ansible-args.js';
import { dictItemOrigins, flattenedItemOrigins, indexedItemOrigins, pickedTermOrigin, rowItemOrigins, subelementOrigins, termItemOrigins } from './lookup-item-origins.js';

/** LookupBase._flatten: one level of lists (and tuples) is opened. */
function flattenOnce(terms: readonly Data[]): Data[] {
  const out: Data[] = [];
  for (const term of terms) {
    if (Array.isArray(term)) out.push(...term);
    else out.push(term);
  }
  return out;
}

export const items: LookupFn = (_ctx, terms) => {
  const out = flattenOnce(terms);
  flattenedItemOrigins(terms, out);
  return out;
};

export const list: LookupFn = (_ctx, terms) => {
  const out = [...terms];
  termItemOrigins(terms, out);
  return out;
};

export const dict: LookupFn = (_ctx, terms) => {
  const out: Data[] = [];
  for (const term of terms) {
    if (!(term instanceof Map)) {
      throw pluginError(`the 'dict' lookup plugin expects a dictionary, got '${isStringLike(term) ? textOf(term) : pyRepr(term)}' of type ${ansibleClass(term)})`);
    }
    const made = [...term].map(([key, value]) => new Map<string | number | boolean | null, Data>([['key', key], ['value', value]]));
    dictItemOrigins(term, made);
    out.push(...made);
  }
  return out;
};

export const indexed_items: LookupFn = (_ctx, terms) => {
  const out = flattenOnce(terms).map((item, i) => markTuple([i, item]));
  indexedItemOrigins(terms, out);
  return out;
};

/** Lists of lists (each entry flattened once), shorter lists padded with None. */
export const together: LookupFn = (_ctx, terms) => {
  // NOTE: each term is iterated as zip_longest does: a str gives its characters, a dict its keys,
  // an int fails as not iterable.
  const lists = terms.map((t) => iterate(t));
  if (lists.length === 0) throw pluginError('with_together requires at least one element in each list');
  const n = Math.max(...lists.map((l) => l.length));
  const out: Data[] = [];
  for (let i = 0; i < n; i++) out.push(flattenOnce(lists.map((l) => (i < l.length ? (l[i] as Data) : null))));
  rowItemOrigins(lists, out, out.map((_, i) => lists.map((l) => (i < l.length ? i : -1))));
  return out;
};

export const nested: LookupFn = (_ctx, terms) => {
  // NOTE: each term is iterated as Python does: a string (a bare variable name, which 2.19 no
  // longer looks up) gives its characters, a dict its keys; each combination is flattened once
  // more at the end, so a lone term's items must be iterable too.
  if (terms.length === 0) throw pluginError('with_nested requires at least one element in the nested list');
  const lists = terms.map((t) => iterate(t));
  let result = lists[0] as Data[];
  // the index in each term's items each row holds
  let picks: number[][] = result.map((_, j) => [j]);
  for (const next of lists.slice(1)) {
    result = result.flatMap((x) => next.map((y) => flattenOnce([x, y])));
    picks = picks.flatMap((p) => next.map((_, j) => [...p, j]));
  }
  const out = result.map((x) => flattenOnce(iterate(x)));
  rowItemOrigins(lists, out, picks);
  return out;
};

const TERMS_ERROR = 'subelements lookup expects a list of two or three items,';

/** 2.19's checks of the terms: a list or dict, a key path string, optional flags (a dict; unknown flags ignored). */
function subelementsOptions(terms: readonly Data[]): { source: Data; key: string; skipMissing: boolean } {
  if (terms.length < 2 || terms.length > 3) throw pluginError(TERMS_ERROR);
  const [source, key, flags] = terms as [Data, Data, Data | undefined];
  if (!(Array.isArray(source) || source instanceof Map) || !isStringLike(key)) {
    throw pluginError(`${TERMS_ERROR} first a dict or a list, second a string pointing to the subkey`);
  }
  let skipMissing = false;
  if (terms.length === 3) {
    if (!(flags instanceof Map)) {
      const names = Array.isArray(flags) ? flags : isStringLike(flags) ? [...textOf(flags)] : [flags];
      // NOTE: 2.19 lets through a list of known flag names, then fails reading it as a dict.
      if (!names.every((n) => isStringLike(n) && textOf(n) === 'skip_missing')) throw pluginError(`${TERMS_ERROR} the optional third item must be a dict with flags skip_missing`);
      throw pluginError(`'${Array.isArray(flags) ? '_AnsibleLazyTemplateList' : 'str'}' object has no attribute 'get'`);
    }
    skipMissing = truthy(flags.get('skip_missing') ?? false);
  }
  return { source, key: textOf(key), skipMissing };
}

export const subelements: LookupFn = (_ctx, terms) => {
  const { source, key, skipMissing } = subelementsOptions(terms);
  // A registered loop result that was skipped as a whole gives nothing.
  if (source instanceof Map && source.has('skipped') && source.get('skipped') !== false) return [];
  const elements: Data[] = source instanceof Map ? [...source.values()] : (source as Data[]);
  const path = key.split('.');
  const out: Data[] = [];
  for (const element of elements) {
    if (!(element instanceof Map)) throw pluginError(`subelements lookup expects a dictionary, got '${pyRepr(element)}'`);
    if (truthy(element.get('skipped') ?? false)) continue;
    // NOTE: 2.19's walk: with skip_missing a missing key or a non-dict step is passed over (the
    // walk goes on with the next key from where it is); the last key (by name) must be a list.
    let sub: DataDict = element;
    let list: Data[] | undefined;
    const walked: string[] = [];
    for (const part of path) {
      const last = part === path[path.length - 1];
      if (!sub.has(part)) {
        if (skipMissing) continue;
        throw pluginError(`could not find '${part}' key in iterated item '${pyRepr(sub)}'`);
      }
      const next = sub.get(part) as Data;
      if (!last) {
        if (next instanceof Map) {
          sub = next;
          walked.push(part);
        } else if (!skipMissing) throw pluginError(`the key ${part} should point to a dictionary, got '${toText(next)}'`);
        continue;
      }
      if (!Array.isArray(next)) throw pluginError(`the key ${part} should point to a list, got '${toText(next)}'`);
      list = next;
      walked.push(part);
    }
    if (list === undefined) continue;
    // NOTE: the lookup hands back the item without the list it walked (a copy with that key removed).
    const trimmed = withoutPath(element, walked);
    const pairs = list.map((item) => markTuple([trimmed, item]));
    subelementOrigins(element, trimmed, list, pairs);
    out.push(...pairs);
  }
  return out;
};

function withoutPath(element: DataDict, path: readonly string[]): DataDict {
  const copy: DataDict = new Map(element);
  const [head, ...rest] = path;
  if (head === undefined) return copy;
  if (rest.length === 0) copy.delete(head);
  else {
    const inner = copy.get(head);
    if (inner instanceof Map) copy.set(head, withoutPath(inner, rest));
  }
  return copy;
}

/** NOTE: a fresh random pick (Ansible uses random.choice without a seed). */
export const random_choice: LookupFn = (_ctx, terms) => {
  if (terms.length === 0) return [];
  const index = randomInt(terms.length);
  const out = [terms[index] as Data];
  pickedTermOrigin(terms, index, out);
  return out;
};
