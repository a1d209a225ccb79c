/**
 * Ansible's find_file_in_search_path: a relative name is tried as `<dir>/<subdir>/<name>` and
 * `<dir>/<name>` for each search directory, then the same under the base directory; an absolute
 * or `~` name is used as it is.
 */
import { existsSync } from 'node:fs';
import { pyStr, type Data } from '../../core/data.js';
import type { PluginContext } from '../plugin.js';
import { posixExpanduser, posixJoin, posixNormpath } from '../filters/ansible-python-path.js';

export type SearchKind = 'files' | 'templates' | 'vars' | 'tasks';

/** `subdir` null searches the directories themselves only (first_found outside a task loop). */
export function searchCandidates(ctx: PluginContext, kind: SearchKind, needle: string, subdir: string | null = kind): string[] {
  if (needle.startsWith('~') || needle.startsWith('/')) return [posixNormpath(posixExpanduser(needle))];
  const env = ctx.lookup;
  const baseDir = env?.baseDir ?? process.cwd();
  const dirs = env?.searchPaths(kind) ?? [];
  const out: string[] = [];
  const firstPart = needle.split('/')[0];
  // Without a subdir (first_found from a template) only the task's own directories are searched,
  // not the `<dir>/<kind>` entries the environment lists for the other lookups.
  const searched = subdir === null ? dirs.filter((d) => !d.endsWith(`/${kind}`)) : dirs;
  for (const dir of searched.length > 0 ? searched : [baseDir]) {
    // A role's tasks directory searches the role's own `<kind>` folder first.
    // The role's own directory is on 2.19's search path too (its ansible_search_path begins
    // with the role path), so `templates/x` finds the role's templates/x from any subdir.
    if (dir.endsWith('/tasks')) {
      const roleDir = dir.slice(0, -'/tasks'.length);
      if (subdir !== null) out.push(posixJoin(roleDir, subdir, needle));
      out.push(posixJoin(roleDir, needle));
      if (subdir !== null) out.push(posixJoin(dir, needle));
    }
    if (subdir !== null && firstPart !== subdir) out.push(posixJoin(dir, subdir, needle));
    out.push(posixJoin(dir, needle));
  }
  if (subdir !== null && firstPart !== subdir) out.push(posixJoin(baseDir, subdir, needle));
  out.push(posixJoin(baseDir, needle));
  return out;
}

export function findFileInSearchPath(ctx: PluginContext, kind: SearchKind, needle: string, subdir: string | null = kind): string | undefined {
  return searchCandidates(ctx, kind, needle, subdir).find((p) => existsSync(p));
}

/** As findFileInSearchPath, warning when nothing is found, as ansible does unless a lookup passes ignore_missing. */
export function findFileOrWarn(ctx: PluginContext, kind: SearchKind, needle: string): string | undefined {
  const path = findFileInSearchPath(ctx, kind, needle);
  if (path === undefined) ctx.warn?.({ kind: 'warning', message: `Unable to find '${needle}' in expected paths (use -vvvvv to see paths)` });
  return path;
}

/**
 * The directories Jinja's `include`/`import` search for a template ansible renders: each of the
 * task's `ansible_search_path` as `<dir>/templates` then `<dir>`, after `first` (2.19's template
 * action and lookup build it so).
 */
export function includeSearchPath(searchPath: Data | undefined, first: readonly string[], last: readonly string[] = []): string[] {
  const dirs = Array.isArray(searchPath) ? searchPath.map((d) => pyStr(d)) : [];
  return [...first, ...[...dirs, ...last].flatMap((d) => [posixJoin(d, 'templates'), d])];
}
