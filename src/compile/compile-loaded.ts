import type { Playbook, PlayNode } from '../playbook/model.js';
import { playWithRolesBefore } from '../playbook/roles-before-error.js';

/**
 * Compiles a loaded playbook's plays in order, then raises the error of the entry that failed to
 * load after them: 2.19 loads each play whole (its roles and static imports) before it reads the
 * next, so a role error in an earlier play is the one it reports.
 */
export function compileLoadedPlays(playbook: Playbook, compile: (play: PlayNode) => unknown): void {
  for (const entry of playbook.entries) if (entry.kind === 'play') compile(entry);
  if (playbook.loadError !== undefined) {
    const rolesFirst = playWithRolesBefore(playbook.loadError);
    if (rolesFirst !== undefined) compile(rolesFirst);
    throw playbook.loadError;
  }
}
