/**
 * A compiled play: one numbered list of steps in the order ansible-core runs them, block spans
 * over that list, a jump table, and the handlers as a second list.
 */
import type { DataDict } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';
import type { Keyword, PlayNode, RoleDefinition, RoleRef, TaskNode } from '../playbook/model.js';
import type { JumpTable } from './jump-table.js';

/** A role as it runs in this play: its definition, the entry that named it, its params. */
export interface RoleInstance {
  readonly def: RoleDefinition;
  readonly ref: RoleRef;
  readonly params: DataDict;
  /** The role whose meta dependency pulled this one in. */
  readonly parent?: RoleInstance;
  /** From include_role/import_role rather than the play's `roles:`. */
  readonly fromInclude: boolean;
  /**
   * A meta dependency of a role import_role/include_role brought in: its tasks are skipped for a
   * host that already completed the same role (same params) in this play, as 2.19 does at run time.
   */
  readonly runOnce?: boolean;
  /** include_role's `public: true`: once included, its defaults and vars are the play's. */
  readonly public?: boolean;
  /** include_role/import_role's `rolespec_validate: false`: no argument spec check before its tasks. */
  readonly skipSpecValidation?: true;
  /**
   * The role an include_role/import_role names (2.19's from_include role, not its dependencies):
   * the option's `allow_duplicates` (default true, the role's meta is not read) and the `*_from`
   * files, which with the include's vars make its identity.
   */
  readonly byInclude?: { readonly allowDuplicates: boolean; readonly from: string };
  /**
   * Its meta dependencies, direct only, set when import_role/include_role adds them (their
   * defaults and vars are the role's even when they have no task to show them).
   */
  dependencies?: readonly RoleInstance[];
}

/**
 * What a task inherits from the play, role entries, blocks and static imports around it, folded
 * once at compile time. Scalar keywords: innermost wins. `when`: every condition, outer first.
 * `tags`: union. `vars` and `environment`: every layer, outer first (precedence is applied by vars).
 */
export interface FoldedKeywords {
  readonly scalars: ReadonlyMap<string, Keyword>;
  readonly when: readonly Keyword[];
  readonly tags: readonly Keyword[];
  readonly blockVars: readonly Keyword[];
  readonly environment: readonly Keyword[];
  readonly module_defaults: readonly Keyword[];
}

export interface TaskStep {
  readonly kind: 'task';
  /** Unique for the whole run: hosts whose next step is the same object run it together. */
  readonly id: number;
  readonly task: TaskNode;
  readonly folded: FoldedKeywords;
  readonly role?: RoleInstance;
  /** The innermost block span holding this step, or -1. */
  readonly span: number;
  readonly section: Section;
  /** Keywords of the include_tasks/include_role that brought this step in (vars, params). */
  readonly includeParams?: DataDict;
  /** Directory used to resolve relative task files from this step (include_tasks, templates). */
  readonly baseDir: string;
  /** Internal steps ansible adds (role_complete, implicit flush) never print a banner. */
  readonly implicit?: boolean;
  /** What the step's parents fold to, without its own keywords: what a dynamic include's tasks inherit. */
  readonly outerFold: FoldedKeywords;
  /**
   * Where a host that failed out of the play at this step goes on after meta: clear_host_errors:
   * the end of 2.19's innermost Block around it (an explicit block, or the implicit one a run of
   * bare tasks in a task file or play section makes).
   */
  readonly reviveAt?: number;
  /**
   * That Block is one of the play's own, which 2.19 leaves complete: the host stays out (unless
   * force_handlers wraps the play's sections in blocks of its own).
   */
  readonly playBlock?: true;
}

export interface FlushStep {
  readonly kind: 'flush';
  readonly id: number;
  readonly span: number;
  readonly section: Section;
}

export type Step = TaskStep | FlushStep;

export type Section = 'block' | 'rescue' | 'always' | 'none';

/** A block's three sections as half-open index ranges over the step list. */
export interface Span {
  readonly parent: number;
  readonly loc: SourceLocation;
  readonly blockStart: number;
  readonly rescueStart: number;
  readonly alwaysStart: number;
  readonly end: number;
  /**
   * Written in a file import_tasks or import_role brought in: ansible nests it in the block of the
   * importing task, so it is never one of the play's own (top-level) blocks.
   */
  readonly imported?: boolean;
}

export interface Program {
  readonly steps: readonly Step[];
  readonly spans: readonly Span[];
  readonly jumps: JumpTable;
  /**
   * Where a role with no task at all sits (before the step at each index): 2.19 still ends it with
   * its implicit role_complete task.
   */
  readonly emptyRoles?: readonly number[];
}

export interface CompiledPlay {
  readonly play: PlayNode;
  readonly program: Program;
  /** Handlers in definition order (roles' first, then the play's). */
  readonly handlers: Program;
  readonly roles: readonly RoleInstance[];
  /**
   * The play's `roles:` entries in order, each as the load whose tasks run for it (a repeat is its
   * first load), then the roles import_role loads: 2.19's play.roles, which holds the cached Role
   * again for a repeated entry.
   */
  readonly playRoles: readonly RoleInstance[];
}
