/**
 * The vars_files warnings and errors 2.19 shows while it loads a play's `roles:` or a task list
 * holding include_tasks, import_tasks or import_role: naming each role entry and loading each such
 * task asks for the play's variables, which reads vars_files without a host, so a name that needs
 * an undefined variable warns then, and a file that does not read fails then, before the play's
 * hosts are checked. The run reads them again at the play's start; the display shows the same
 * warning once.
 */
import { isDict, type Data, type DataDict, type DictKey } from '../core/data.js';
import type { WarningDetail } from '../inventory/warning-detail.js';
import type { PlayNode, TaskOrBlock } from '../playbook/model.js';
import type { VarSource } from '../template/api.js';
import { loadVarsFilesEntry, varsFilesEntries } from '../vars/vars-files-entry.js';

export function warnVarsFilesAtRoleLoad(
  play: PlayNode,
  playVars: VarSource,
  loadVarsFile: (name: string, vars: VarSource) => DataDict | undefined,
  warn: (detail: WarningDetail) => void,
): void {
  if (play.roles.length === 0 && ![play.preTasks, play.tasks, play.postTasks, play.handlers].some(asksPlayVars)) return;
  // each file read makes its variables known to the names after it (what is only whether a name is defined)
  const loaded = new Map<DictKey, Data>();
  const vars: VarSource = {
    get: (n) => (playVars.has(n) ? playVars.get(n) : loaded.get(n)),
    has: (n) => playVars.has(n) || loaded.has(n),
    keys: () => new Set([...playVars.keys(), ...[...loaded.keys()].map(String)]),
  };
  // NOTE: a name that is no text or a file that does not read stops the load there, as in 2.19.
  for (const entry of varsFilesEntries(play.keywords.get('vars_files'))) {
    const data = loadVarsFilesEntry(entry, (name) => loadVarsFile(name, vars), warn);
    if (isDict(data)) for (const [k, v] of data) loaded.set(k, v);
  }
}

/** The actions whose loading asks 2.19 for the play's variables (helpers.load_list_of_tasks). */
const ASKS_PLAY_VARS: ReadonlySet<string> = new Set(['include_tasks', 'import_tasks', 'import_role']);

function asksPlayVars(list: readonly TaskOrBlock[]): boolean {
  return list.some((t) => (t.kind === 'block' ? asksPlayVars(t.block) || asksPlayVars(t.rescue) || asksPlayVars(t.always) : ASKS_PLAY_VARS.has(t.action)));
}
