import type { Data, DataDict, DictKey } from '../core/data.js';
import { pyStr } from './util.js';

/** The task arguments 2.19's copy action hands the file module it runs on a tree's folders and links. */
const REAL_FILE_ARGS = new Set([
  'mode', 'owner', 'group', 'seuser', 'serole', 'selevel', 'setype', 'attributes', 'unsafe_writes',
  'state', 'path', '_original_basename', 'recurse', 'force', '_diff_peek', 'src',
]);

/** A controller tree for the agent's copy, and the file module run kept back from it, if any. */
export interface TreeRuns {
  tree: DataDict;
  /** The file module's args for the run the action answers with, given the task's dest. */
  lastRun?: (dest: string) => DataDict;
}

/**
 * NOTE: 2.19's copy action answers a controller folder holding one file with the result of the
 * last module it ran: the file module of the tree's last link, else of its last folder, when it has
 * any (a folder the file's copy made is then "ok", and the result is that folder's). That run is
 * kept back from the tree the agent copies, for the action to make as a file module run of its own.
 */
export function keepBackLastRun(tree: DataDict, taskArgs: ReadonlyMap<DictKey, Data>): TreeRuns {
  const files = tree.get('files') as Data[];
  const dirs = tree.get('dirs') as Data[];
  const links = tree.get('links') as Data[];
  if (files.length !== 1 || dirs.length + links.length === 0) return { tree };
  const fileArgs = new Map<DictKey, Data>([...taskArgs].filter(([k]) => REAL_FILE_ARGS.has(String(k))));
  const at = (dest: string, rel: Data): string => (dest.endsWith('/') ? `${dest}${pyStr(rel)}` : `${dest}/${pyStr(rel)}`);
  if (links.length > 0) {
    const [target, rel] = links[links.length - 1] as Data[];
    const lastRun = (dest: string): DataDict => {
      const args = new Map(fileArgs);
      args.set('path', at(dest, rel ?? null));
      args.set('src', target ?? null);
      args.set('state', 'link');
      args.set('force', true);
      // (links are not followed on the host when the tree has folders)
      if (dirs.length > 0) args.set('follow', false);
      // the file module knows no 'preserve', and a link has no mode of its own
      if (args.get('mode') === 'preserve') args.delete('mode');
      return args;
    };
    return { tree: new Map([...tree, ['links', links.slice(0, -1)]]), lastRun };
  }
  const rel = dirs[dirs.length - 1] ?? null;
  const lastRun = (dest: string): DataDict => {
    const args = new Map(fileArgs);
    args.delete('src');
    args.set('path', at(dest, rel));
    args.set('state', 'directory');
    args.set('mode', taskArgs.get('directory_mode') ?? null);
    args.set('recurse', false);
    return args;
  };
  return { tree: new Map([...tree, ['dirs', dirs.slice(0, -1)]]), lastRun };
}
