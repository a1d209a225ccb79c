import { isSetList, setListsMade } from '../../core/set-lists.js';
import type { RenderOptions } from '../api.js';
import { holdsList } from './holds-list.js';

/** NOTE: 2.19 stores a template's result holding a set (YAML's `!!set`) as a list, and warns once. */
export function warnSetStorage(v: unknown, options: RenderOptions): void {
  // NOTE: every stored template result passes here; the walk is only worth it once a set exists.
  if (setListsMade() && holdsList(v, isSetList)) {
    options.warn?.({ kind: 'warning', message: "Type 'set' is unsupported in variable storage, converting to 'list'.", ...(options.origin ? { origin: options.origin } : {}) });
  }
}
