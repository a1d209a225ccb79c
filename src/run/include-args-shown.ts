import type { DataDict } from '../core/data.js';

/**
 * An include_tasks task's args as 2.19's callbacks see them: its TaskInclude moves `file` to
 * `_raw_params` (after the other args) when `_raw_params` is empty, as it checks the options.
 */
export function includeArgsShown(action: string, args: DataDict): DataDict {
  if (action !== 'include_tasks' || args.get('_raw_params')) return args;
  const out: DataDict = new Map(args);
  const file = out.get('file') ?? null;
  out.delete('file');
  out.delete('_raw_params');
  out.set('_raw_params', file);
  return out;
}
