/**
 * The get_vars(play) calls 2.19 makes, without a host, as it loads a play or a file an include
 * names, each of which reads the play's vars_files (shown at -vvv, see run/vars-files-read.ts):
 * one for each include_tasks, import_tasks or import_role task as it loads
 * (helpers.load_list_of_tasks), and for each role entry as it loads (the play's `roles:`, a role's
 * dependencies, every time its dependant loads): one to find the role's path, and one more to
 * template the name of an entry written as a mapping; import_role and include_role ask twice (the
 * role's path, then the variables to build its blocks with).
 */
import type { SourceLocation } from '../core/source-location.js';
import type { Callback } from '../run/events.js';
import { showVarsFilesRead } from '../run/vars-files-read.js';
import type { PlayNode, RoleDefinition } from '../playbook/model.js';
import type { RunnerVars } from '../vars/runner-vars.js';

export class VarsAskedAtLoad {
  private readonly paths = new WeakMap<PlayNode, readonly string[]>();

  constructor(
    private readonly vars: RunnerVars,
    private readonly callback: Callback,
  ) {}

  /** Shows what `times` asks read: the play's vars_files as read without a host. */
  asked(play: PlayNode, times = 1): void {
    const paths = this.pathsOf(play);
    for (let i = 0; i < times; i++) showVarsFilesRead(this.callback, { varsFilesRead: () => paths });
  }

  /** NOTE: the variables without a host are read once, quietly: the run warns of what they find. */
  private pathsOf(play: PlayNode): readonly string[] {
    let paths = this.paths.get(play);
    if (paths === undefined) {
      const details = this.vars.manager.warningDetails;
      const before = details.length;
      try {
        paths = this.vars.manager.quietly(() => this.vars.startPlay({ play, roles: [] }, { all: [], active: () => [], batch: () => [] }, new Map())).varsFilesRead();
      } catch {
        // a vars file that does not read fails the play as it runs
        paths = [];
      } finally {
        details.splice(before);
      }
      this.paths.set(play, paths);
    }
    return paths;
  }
}

/**
 * The asks of loading the role named at `loc`: an entry of the play's `roles:` or of the role
 * `dependentOf`'s dependencies (a bare name: one; a mapping: two), else import_role's or include_role's (two).
 */
export function roleEntryAsks(play: PlayNode, dependentOf: RoleDefinition | undefined, loc: SourceLocation | undefined): number {
  const refs = dependentOf ? dependentOf.dependencies : play.roles;
  const ref = loc && refs.find((r) => r.name.loc.file === loc.file && r.name.loc.line === loc.line && r.name.loc.column === loc.column);
  if (ref === undefined) return 2;
  // a bare name parses with the entry's own location; a mapping's name is a value inside it
  return ref.name.loc === ref.loc ? 1 : 2;
}
