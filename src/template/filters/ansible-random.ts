/** random and shuffle: seeded like Python's random.Random, else from the system's randomness. */
import { randomInt } from 'node:crypto';
import { isStringLike, numericValue, textOf, type Data, type DictKey } from '../../core/data.js';
import type { FilterFn } from '../plugin.js';
import { argument, defined, iterate, pluginError } from './ansible-args.js';
import { pythonRandom, type MersenneTwister } from './ansible-python-random.js';
import { isIterableObject } from '../runtime/py-values.js';

interface Source {
  below(n: number): number;
}

function source(seed: Data | undefined): Source {
  if (seed === undefined || seed === null) return { below: (n) => (n <= 0 ? 0 : randomInt(n)) };
  const mt: MersenneTwister = pythonRandom(seed);
  return { below: (n) => mt.randbelow(n) };
}

export const random: FilterFn = (_ctx, value, args, kwargs) => {
  const end = defined(value);
  const start = argument(args, kwargs, 0, 'start');
  const step = argument(args, kwargs, 1, 'step');
  const seed = argument(args, kwargs, 2, 'seed');
  const rng = source(seed);
  if (typeof end === 'number') {
    const s = numericValue(start ?? 0) || 0;
    const st = numericValue(step ?? 1) || 1;
    const width = end - s;
    if (st === 1) {
      if (width <= 0) throw pluginError(`empty range in randrange(${s}, ${end})`);
      return s + rng.below(width);
    }
    const n = st > 0 ? Math.floor((width + st - 1) / st) : Math.floor((width + st + 1) / st);
    if (n <= 0) throw pluginError(`empty range in randrange(${s}, ${end}, ${st})`);
    return s + st * rng.below(n);
  }
  if (Array.isArray(end) || end instanceof Map || isStringLike(end) || isIterableObject(end)) {
    if ((start !== undefined && start !== null && start !== 0) || (step !== undefined && step !== null && step !== 0)) {
      throw pluginError('start and step can only be used with integer values');
    }
    if (end instanceof Map) return choiceFromDict(end, rng);
    const items: Data[] = Array.isArray(end) ? end : isStringLike(end) ? [...textOf(end)] : ([...end] as Data[]);
    if (items.length === 0) throw pluginError('Cannot choose from an empty sequence');
    return items[rng.below(items.length)] as Data;
  }
  throw pluginError('random can only be used on sequences and integers');
};

/** Python's random.choice indexes a dict by a position: the value under that int key, else a KeyError. */
function choiceFromDict(dict: Map<DictKey, Data>, rng: Source): Data {
  if (dict.size === 0) throw pluginError('Cannot choose from an empty sequence');
  const at = rng.below(dict.size);
  // NOTE: True and False are the ints 1 and 0 as dict keys.
  const key = [at, at === 0 ? false : at === 1 ? true : at].find((k) => dict.has(k));
  if (key === undefined) throw pluginError(String(at));
  return dict.get(key) as Data;
}

export const shuffle: FilterFn = (_ctx, value, args, kwargs) => {
  const seed = argument(args, kwargs, 0, 'seed');
  let items: Data[];
  try {
    items = [...iterate(defined(value))];
  } catch {
    return defined(value);
  }
  // NOTE: Ansible only seeds when the seed is truthy (seed=0 shuffles randomly).
  if (seed !== undefined && seed !== null && seed !== 0 && seed !== '' && seed !== false) {
    // NOTE: Ansible's shuffle swallows any error (a seed Python refuses): the list comes back as it was.
    try {
      pythonRandom(seed).shuffle(items);
    } catch {
      return items;
    }
  } else for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j] as Data, items[i] as Data];
  }
  return items;
};

export const randomFilters: Record<string, FilterFn> = { random, shuffle };
