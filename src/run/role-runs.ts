/**
 * Which roles each host has completed in this play, for the meta dependencies of roles that
 * import_role/include_role bring in, and the roles they name with `allow_duplicates: false`: 2.19
 * skips such a role's tasks for a host that already ran the same role (same params) to its end,
 * unless it allows duplicates. A role entry counts as completed for a host once one of its tasks
 * gave the host a result that counts (failed, or neither skipped nor unreachable) and the host then
 * reached a step outside it (a role it includes is inside it).
 *
 * NOTE: 2.19 marks a role completed in the implicit role_complete meta task ending it, which is
 * tagged `always`: under --skip-tags always it never runs, so no role is ever passed by as run.
 */
import { pyRepr } from '../core/data.js';
import { paramsKey } from '../compile/compile-play.js';
import type { RoleInstance, TaskStep } from '../compile/program.js';

export class RoleRuns {
  /** The role entry whose task each host ran last. */
  private readonly inRole = new Map<string, RoleInstance>();
  /** The role entries each host ran a task of (2.19's _had_task_run). */
  private readonly hadTask = new Map<string, Set<RoleInstance>>();
  /** Each host's completed roles (by key), and the entry it completed each one through first. */
  private readonly completed = new Map<string, Map<string, RoleInstance>>();
  private readonly keys = new WeakMap<RoleInstance, string>();

  /** `completes`: false when --skip-tags leaves out the role_complete steps (tagged `always`). */
  constructor(private readonly completes = true) {}

  /**
   * The host reached this step: the role entry it was in is complete when the step is not part
   * of it. True when the step is a dependency's task of a role the host already completed.
   */
  skips(host: string, step: TaskStep): boolean {
    const previous = this.inRole.get(host);
    if (previous !== undefined && previous !== step.role && this.completes) {
      let done = this.completed.get(host);
      if (!done) this.completed.set(host, (done = new Map()));
      const ran = this.hadTask.get(host);
      for (let r: RoleInstance | undefined = previous; r && !within(step.role, r); r = r.parent) {
        const key = this.key(r);
        if (ran?.has(r) && !done.has(key)) done.set(key, r);
      }
      this.inRole.delete(host);
    }
    const role = step.role;
    if (role === undefined || !runsOnce(role)) return false;
    return this.completed.get(host)?.has(this.key(role)) ?? false;
  }

  /**
   * The host completed the role through another entry of it before this one: 2.19's iterator
   * passes this entry's implicit role_complete by, as it passed its tasks by (its Role object is
   * the one already completed for the host).
   */
  completedElsewhere(host: string, role: RoleInstance | undefined): boolean {
    if (role === undefined || !runsOnce(role)) return false;
    const by = this.completed.get(host)?.get(this.key(role));
    return by !== undefined && by !== role;
  }

  /** The step's result for the host counts as the role having run (a role's task makes the host be in that role). */
  ran(host: string, step: TaskStep): void {
    if (!step.role) return;
    this.inRole.set(host, step.role);
    let ran = this.hadTask.get(host);
    if (!ran) this.hadTask.set(host, (ran = new Set()));
    ran.add(step.role);
  }

  /**
   * 2.19's role identity: a role an include_role/import_role names is another role than the same
   * one from `roles:` or a dependency (from_include), the same as another include of it with the
   * same vars and `*_from` files (its when and tags are not the role's).
   */
  private key(role: RoleInstance): string {
    let key = this.keys.get(role);
    if (key === undefined) {
      key = role.byInclude === undefined ? paramsKey(role) : `${role.def.path}\u0000include\u0000${pyRepr(role.ref.keywords.get('vars')?.value ?? null)}\u0000${role.byInclude.from}`;
      this.keys.set(role, key);
    }
    return key;
  }
}

/** Whether `role` is `outer` or a role `outer` brought in (a dependency, an include_role in it). */
function within(role: RoleInstance | undefined, outer: RoleInstance): boolean {
  for (let r = role; r; r = r.parent) if (r === outer) return true;
  return false;
}

/** The role's tasks run once per host: an include_role/import_role follows its option, a dependency or `roles:` entry its meta. */
function runsOnce(role: RoleInstance): boolean {
  return role.byInclude !== undefined ? !role.byInclude.allowDuplicates : role.runOnce === true && !role.def.allowDuplicates;
}
