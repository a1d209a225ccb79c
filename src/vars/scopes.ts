/**
 * What the vars stage needs to know about a play, a role and a task to build a task's
 * variables. The compile/run stages fill these from their own records; raw values only, nothing
 * templated.
 */
import type { Data, DataDict } from '../core/data.js';

/** A role as one play uses it (one per role entry or dependency instance). */
export interface RoleScope {
  /** `role_name` (short, no collection). */
  readonly name: string;
  /** `ansible_role_name` (FQCN for collection roles); defaults to `name`. */
  readonly fqcn?: string;
  /** `role_path`. */
  readonly path: string;
  /** `role_uuid`; any stable text. */
  readonly uuid?: string;
  /** `ansible_collection_name` (null for a role outside collections). */
  readonly collection?: string | null;
  /** defaults/main.yml (or defaults_from). */
  readonly defaults: DataDict;
  /** vars/main.yml (or vars_from). */
  readonly vars: DataDict;
  /** The `vars:` keyword on the role entry. */
  readonly entryVars?: DataDict;
  /** Role parameters: the other keys of the role entry (`- {role: x, port: 80}`). */
  readonly params?: DataDict;
  /** meta/main.yml dependencies, direct only, in order. */
  readonly dependencies?: readonly RoleScope[];
  /** `public: false` (include_role default) keeps defaults/vars to the role's own tasks. */
  readonly public?: boolean;
}

export interface PlayScope {
  /** `ansible_play_name`: the play's name, or its hosts pattern when it has none. */
  readonly name: string;
  /** The play's `hosts:` as written (for `ansible_play_hosts_all` when the runner does not say). */
  readonly hosts: string | readonly string[];
  /** Roles of `roles:` (dependencies reachable through them). */
  readonly roles: readonly RoleScope[];
  readonly vars: DataDict;
  /** Answers to vars_prompt (ansible stores them into the play's vars). */
  readonly varsPrompt?: DataDict;
  /** vars_files already read, in order (a file may hold a list of dicts: one entry each). */
  readonly varsFiles?: readonly DataDict[];
  /** Per-host vars_files, when their names were templated with host variables. */
  /** `forTask`: for a task about to run (2.19 then fails on a name still undefined once facts are in). */
  varsFilesFor?(host: string, forTask: boolean): readonly DataDict[] | undefined;
}

/** The hosts of the running play; the lists are read each time (hosts fail as the play goes). */
export interface PlayHosts {
  /** ansible_play_hosts_all: every host the play matched, ignoring serial batches. */
  readonly all: readonly string[];
  /** ansible_play_hosts: those not failed or unreachable. */
  active(): readonly string[];
  /** ansible_play_batch (and play_hosts): the current serial batch, minus failed hosts. */
  batch(): readonly string[];
  /** ansible_failed_hosts: the hosts of the current batch that failed (none when not told). */
  failed?(): readonly string[];
}

export interface TaskScope {
  /** The role the task belongs to. */
  readonly role?: RoleScope;
  /** Roles that pulled `role` in as a dependency, outermost first. */
  readonly depChain?: readonly RoleScope[];
  /** `vars:` of enclosing blocks and includes, outermost first, then the task's own. */
  readonly vars?: readonly DataDict[];
  /** Parameters of the include that brought the task in (include_tasks/include_role `vars`, parent role params). */
  readonly includeParams?: DataDict;
  /** The task's `environment:` keyword, raw. */
  readonly environment?: Data;
  /** The directory of the file the task was written in (for `ansible_search_path`). */
  readonly fileDir?: string;
}
