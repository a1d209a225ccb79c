/** Small conversions the actions share. */
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { isStringLike, pyStr, type Data } from '../core/data.js';
import { TaskError } from '../run/task-error.js';
import { toBool } from '../run/keyword-values.js';
import type { TaskStep } from '../compile/program.js';
import type { ActionContext } from '../run/action.js';
import { pyClassRepr } from '../inventory/yaml-inventory.js';

export { pyStr };
export type { Data };

/** The name of the class 2.19 holds a task argument's value in (`_AnsibleTaggedDict`, `bool`), as its errors name it. */
export function taggedTypeName(value: Data): string {
  return pyClassRepr(value).replace(/^<class '(?:.*\.)?|'>$/g, '');
}

/**
 * A task argument an action plugin calls a str method on (`dest.endswith('/')`): its text, or the
 * AttributeError 2.19 fails the task with when the value is no string (an int, a list, a bool).
 */
export function textForMethod(value: Data, method: string): string {
  if (!isStringLike(value)) throw new TaskError([{ message: `'${taggedTypeName(value)}' object has no attribute '${method}'` }]);
  return pyStr(value);
}

export function toBoolLike(value: Data | undefined): boolean {
  return toBool(value) ?? false;
}

export function asStringList(value: Data | undefined): string[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value.map(pyStr) : [pyStr(value)];
}

/** Where ansible looks for a controller file: the task's dir then the play's, each `kind/` first. */
export function searchCandidates(name: string, kind: string, dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) => [`${dir}/${kind}/${name}`, `${dir}/${name}`]);
}

/** ansible's AnsibleFileNotFound text for a controller file. */
export function fileNotFoundMessage(name: string, candidates: readonly string[]): string {
  const searched = candidates.length === 0 ? '' : `\nSearched in:\n${candidates.map((c) => `\t${c}`).join('\n')}`;
  return `Could not find or access '${name}'${searched} on the Ansible Controller.\nIf you are using a module and expect the file to exist on the remote, see the remote_src option`;
}

/**
 * The directories searched for a controller file, as the not-found message lists them: a role
 * task's role, then the directory of the file the task is written in; the play's directory last.
 */
export function controllerSearchDirs(step: Pick<TaskStep, 'role' | 'baseDir' | 'task'>, playDir: string): string[] {
  return step.role ? [step.role.def.path, dirname(step.task.loc.file), playDir] : [step.baseDir, playDir];
}

/** The places searched for a controller file: none for an absolute path, which is only itself. */
export function searchedFor(name: string, kind: string, dirs: readonly string[]): string[] {
  return name.startsWith('/') ? [] : searchCandidates(name, kind, dirs);
}

/**
 * Says at -vvvvv each place 2.19's search for a controller file looks, up to the one it finds
 * (all of them when none): `looking for "<name>" at "<path>"`. An absolute name is not searched.
 */
export function showSearch(ctx: Pick<ActionContext, 'display' | 'step' | 'lookup'>, name: string, kind: string): void {
  for (const candidate of searchedFor(name, kind, controllerSearchDirs(ctx.step, ctx.lookup.baseDir))) {
    ctx.display(`looking for "${name}" at "${candidate}"`, { verbosity: 5 });
    if (existsSync(candidate)) return;
  }
}

/** `mode: preserve` as ansible spells a controller file's mode: `0644`. */
export function octalMode(mode: number): string {
  return `0${(mode & 0o7777).toString(8).padStart(3, '0')}`;
}
