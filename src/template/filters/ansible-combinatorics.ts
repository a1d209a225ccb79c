/** product, permutations, combinations, zip, zip_longest: Python's itertools, as lists of tuples. */
import { markTuple, truthy, type Data } from '../../core/data.js';
import type { FilterFn } from '../plugin.js';
import { argument, defined, iterate, pluginError } from './ansible-args.js';
import { typeName } from '../runtime/py-values.js';

/** An argument itertools parses as a Py_ssize_t (an int or a bool), before it reads its iterables. */
function indexArg(value: Data): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'bigint') return Number(value);
  throw pluginError(`'${typeName(value)}' object cannot be interpreted as an integer`);
}

export const product: FilterFn = (_ctx, value, args, kwargs) => {
  const repeat = kwargs.has('repeat') ? indexArg(defined(kwargs.get('repeat'))) : 1;
  if (repeat < 0) throw pluginError('repeat argument cannot be negative');
  const pools = [defined(value), ...args.map(defined)].map((x) => iterate(x));
  const all: Data[][] = [];
  for (let r = 0; r < repeat; r++) all.push(...pools);
  let result: Data[][] = [[]];
  for (const pool of all) {
    const next: Data[][] = [];
    for (const prefix of result) for (const item of pool) next.push([...prefix, item]);
    result = next;
  }
  return result.map((t) => markTuple(t));
};

export const permutations: FilterFn = (_ctx, value, args, kwargs) => {
  const pool = iterate(defined(value));
  const rArg = argument(args, kwargs, 0, 'r');
  if (rArg !== undefined && rArg !== null && typeof rArg !== 'number' && typeof rArg !== 'boolean') throw pluginError('Expected int as r');
  const r = rArg === undefined || rArg === null ? pool.length : Number(rArg);
  if (r < 0) throw pluginError('r must be non-negative');
  const out: Data[] = [];
  const n = pool.length;
  if (r > n) return out;
  const walk = (chosen: number[]): void => {
    if (chosen.length === r) {
      out.push(markTuple(chosen.map((i) => pool[i] as Data)));
      return;
    }
    for (let i = 0; i < n; i++) if (!chosen.includes(i)) walk([...chosen, i]);
  };
  walk([]);
  return out;
};

export const combinations: FilterFn = (_ctx, value, args, kwargs) => {
  const r = indexArg(defined(argument(args, kwargs, 0, 'r') ?? null));
  const pool = iterate(defined(value));
  if (r < 0) throw pluginError('r must be non-negative');
  const out: Data[] = [];
  const walk = (start: number, chosen: Data[]): void => {
    if (chosen.length === r) {
      out.push(markTuple([...chosen]));
      return;
    }
    for (let i = start; i < pool.length; i++) walk(i + 1, [...chosen, pool[i] as Data]);
  };
  walk(0, []);
  return out;
};

export const zip: FilterFn = (_ctx, value, args, kwargs) => {
  const lists = [defined(value), ...args.map(defined)].map((x) => iterate(x));
  const n = Math.min(...lists.map((l) => l.length));
  if (kwargs.has('strict') && truthy(defined(kwargs.get('strict')))) checkSameLengths(lists.map((l) => l.length));
  const out: Data[] = [];
  for (let i = 0; i < n; i++) out.push(markTuple(lists.map((l) => l[i] as Data)));
  return out;
};

/**
 * zip(strict=True) in Python's words: when the first argument runs out first, the first one
 * still going is longer; otherwise the first one to run out is shorter.
 */
function checkSameLengths(lengths: readonly number[]): void {
  const shortest = Math.min(...lengths);
  const firstEnds = lengths[0] === shortest;
  const at = lengths.findIndex((n, i) => i > 0 && (firstEnds ? n > shortest : n === shortest));
  if (at < 0) return;
  const before = at === 1 ? 'argument 1' : `arguments 1-${at}`;
  throw pluginError(`zip() argument ${at + 1} is ${firstEnds ? 'longer' : 'shorter'} than ${before}`);
}

export const zip_longest: FilterFn = (_ctx, value, args, kwargs) => {
  const lists = [defined(value), ...args.map(defined)].map((x) => iterate(x));
  const fill = kwargs.has('fillvalue') ? defined(kwargs.get('fillvalue')) : null;
  const n = Math.max(...lists.map((l) => l.length));
  const out: Data[] = [];
  for (let i = 0; i < n; i++) out.push(markTuple(lists.map((l) => (i < l.length ? (l[i] as Data) : fill))));
  return out;
};

export const combinatoricsFilters: Record<string, FilterFn> = { product, permutations, combinations, zip, zip_longest };
