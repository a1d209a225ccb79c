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

const rangesOf = new WeakMap<Program, ReadonlyMap<RoleInstance, RoleRange>>();

/** A role's range runs from its first step to past its last (a role imported inside another nests in it). */
function roleRanges(program: Program): ReadonlyMap<RoleInstance, RoleRange> {
  let ranges = rangesOf.get(program);
  if (ranges === undefined) {
    const byRole = new Map<RoleInstance, RoleRange>();
    program.steps.forEach((step, i) => {
      if (step.kind !== 'task' || step.role === undefined) return;
      const range = byRole.get(step.role);
      if (range) range.end = i + 1;
      else byRole.set(step.role, { start: i, end: i + 1 });
    });
    ranges = byRole;
    rangesOf.set(program, ranges);
  }
  return ranges;
}

/**
 * The roles a host leaves, their last step done, going on from step `from` to step `to`, in the
 * order they end: a role with no task at all on the way counts too (undefined: no entry to name).
 */
export function rolesEnded(program: Program, from: number, to: number): (RoleInstance | undefined)[] {
  const ended: { at: number; role: RoleInstance | undefined }[] = [];
  for (const [role, { start, end }] of roleRanges(program)) if (start <= from && from < end && to >= end) ended.push({ at: end, role });
  for (const at of program.emptyRoles ?? []) if (from < at && at <= to) ended.push({ at, role: undefined });
  return ended.sort((a, b) => a.at - b.at).map((e) => e.role);
}
