/**
 * The vars_files warnings 2.19 shows while it loads a play's `roles:`: naming each role entry
 * asks for the play's variables, which reads vars_files without a host, so an entry whose name
 * needs an undefined variable warns then, before anything the roles' files fail on. The run
 * reads them again at the play's start; the display shows the same warning once.
 */
import { isDict, type Data, type DataDict, type DictKey } from '../core/data.js';
import { TemplateError } from '../core/errors.js';
import type { WarningDetail } from '../inventory/warning-detail.js';
import type { PlayNode } from '../playbook/model.js';
import type { VarSource } from '../template/api.js';
import { loadVarsFilesEntry, varsFilesEntries } from '../vars/vars-files-entry.js';

export function warnVarsFilesAtRoleLoad(
  play: PlayNode,
  playVars: VarSource,
  loadVarsFile: (name: string, vars: VarSource) => DataDict | undefined,
  warn: (detail: WarningDetail) => void,
): void {
  if (play.roles.length === 0) return;
  // each file read makes its variables known to the names after it (what is only whether a name is defined)
  const loaded = new Map<DictKey, Data>();
  const vars: VarSource = {
    get: (n) => (playVars.has(n) ? playVars.get(n) : loaded.get(n)),
    has: (n) => playVars.has(n) || loaded.has(n),
    keys: () => new Set([...playVars.keys(), ...[...loaded.keys()].map(String)]),
  };
  for (const entry of varsFilesEntries(play.keywords.get('vars_files'))) {
    try {
      const data = loadVarsFilesEntry(entry, (name) => readQuietly(() => loadVarsFile(name, vars)), warn);
      if (isDict(data)) for (const [k, v] of data) loaded.set(k, v);
    } catch {
      // a name that is no text, a file that does not read: the play's start reports it
      return;
    }
  }
}

/** A name that failed to template is the warning's business; another failure stops the reading quietly. */
function readQuietly(read: () => DataDict | undefined): DataDict | undefined {
  try {
    return read();
  } catch (e) {
    if (e instanceof TemplateError) throw e;
    throw new StopReading();
  }
}

class StopReading extends Error {}
