/**
 * Where each role's steps end in a program. NOTE: 2.19 ends every role's task list with an
 * implicit `meta: role_complete` task; a host going on past a role's last step runs it, which
 * under the free strategy takes that host's turn in a pass.
 */
import type { Program, RoleInstance } from '../compile/program.js';

interface RoleRange {
  readonly start: number;
  end: number;
}

const rangesOf = new WeakMap<Program, readonly RoleRange[]>();

/** A role's range runs from its first step to past its last (a role imported inside another nests in it). */
function roleRanges(program: Program): readonly RoleRange[] {
  let ranges = rangesOf.get(program);
  if (ranges === undefined) {
    const byRole = new Map<RoleInstance, RoleRange>();
    program.steps.forEach((step, i) => {
      if (step.kind !== 'task' || step.role === undefined) return;
      const range = byRole.get(step.role);
      if (range) range.end = i + 1;
      else byRole.set(step.role, { start: i, end: i + 1 });
    });
    ranges = [...byRole.values()];
    rangesOf.set(program, ranges);
  }
  return ranges;
}

/**
 * How many roles a host leaves, their last step done, going on from step `from` to step `to`: a
 * role with no task at all on the way counts too.
 */
export function rolesEnded(program: Program, from: number, to: number): number {
  let ended = 0;
  for (const { start, end } of roleRanges(program)) if (start <= from && from < end && to >= end) ended++;
  for (const at of program.emptyRoles ?? []) if (from < at && at <= to) ended++;
  return ended;
}
