/**
 * The parsed playbook: typed records, still a tree, nothing templated yet. `parse` builds these
 * from located YAML; `compile` flattens them into a Program.
 */
import type { Data, DataDict } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';
import type { YamlNode } from '../yaml/node.js';

/** One keyword as written: its raw value (templates not rendered) and where it is. */
export interface Keyword {
  readonly value: Data;
  readonly loc: SourceLocation;
  /** The YAML node it came from, to locate a nested string when a template in it fails. */
  readonly node?: YamlNode;
}

/** Keywords by name, in the order written. Only names valid for the record's kind appear. */
export type Keywords = ReadonlyMap<string, Keyword>;

export interface TaskNode {
  readonly kind: 'task';
  readonly loc: SourceLocation;
  /** The action as written (`ansible.builtin.copy`, `copy`, `local_action` resolved to its module). */
  readonly actionWritten: string;
  /** The action's short name for builtins (`copy`, `include_tasks`, `meta`), otherwise as written. */
  readonly action: string;
  /** Module arguments, untemplated. Free-form text (`command: ls -l`, `k=v` strings) is split as
   * ansible's ModuleArgsParser does; the free-form part is `_raw_params`. */
  readonly args: DataDict;
  readonly argsLoc: SourceLocation;
  /** Where the action's name was written (the module key; `action:`'s value); absent on tasks
   * Volant makes itself. */
  readonly actionLoc?: SourceLocation;
  readonly argsNode?: YamlNode;
  /** The task's `args:` mapping, to locate the arguments written there. */
  readonly extraArgsNode?: YamlNode;
  /** A task ansible adds itself (the play's fact gathering): its failures name no origin. */
  readonly implicit?: boolean;
  /** `local_action:` sets delegate_to to localhost; kept here as ansible does. */
  readonly delegateTo?: Keyword;
  /** Written as `local_action:`: its localhost wins over any `delegate_to` (the task's or a block's). */
  readonly localAction?: true;
  /** The action was written as the task's key (`debug: …`), not through `action:`/`local_action:`. */
  readonly actionAsKey?: true;
  /** `with_<lookup>: terms` becomes this (and no `loop` keyword); `loop:` stays a keyword. */
  readonly withLookup?: { readonly name: string; readonly terms: Keyword };
  /** All other keywords: name, when, register, loop, loop_control, vars, tags, notify, listen … */
  readonly keywords: Keywords;
  readonly isHandler: boolean;
  /** Deprecation warnings 2.19 prints while loading this task (legacy `action:` mapping, k=v
   * merged with `args:`, empty `args:`): the message line, where, and the help text. */
  readonly deprecations?: readonly { readonly message: string; readonly location: SourceLocation; readonly hint: string }[];
  /** Deprecations of a local collection's plugin_routing its action went through (shown without an origin). */
  readonly collectionDeprecations?: readonly { readonly message: string; readonly collection: string; readonly version?: string; readonly date?: string }[];
  /**
   * For a task ansible makes itself (a role's argument validation): it has no place in a file,
   * and an error shows this Python repr of its data instead, under `Origin: <unknown>`.
   */
  readonly synthetic?: string;
}

export interface BlockNode {
  readonly kind: 'block';
  readonly loc: SourceLocation;
  readonly block: readonly TaskOrBlock[];
  readonly rescue: readonly TaskOrBlock[];
  readonly always: readonly TaskOrBlock[];
  readonly keywords: Keywords;
}

export type TaskOrBlock = TaskNode | BlockNode;

/** An entry of a play's `roles:` list (also what import_role/include_role name). */
export interface RoleRef {
  readonly loc: SourceLocation;
  /** `role:` or `name:` (or the bare string); may hold a template. */
  readonly name: Keyword;
  /** Role-entry keywords (when, tags, become, vars, …). */
  readonly keywords: Keywords;
  /** Everything else on the entry: role params. */
  readonly params: DataDict;
}

export interface PlayNode {
  readonly kind: 'play';
  readonly loc: SourceLocation;
  readonly file: string;
  /** hosts, name, gather_facts, vars, vars_files, vars_prompt, serial, strategy, become, … */
  readonly keywords: Keywords;
  readonly preTasks: readonly TaskOrBlock[];
  readonly roles: readonly RoleRef[];
  readonly tasks: readonly TaskOrBlock[];
  readonly postTasks: readonly TaskOrBlock[];
  readonly handlers: readonly TaskOrBlock[];
  /** How many import_playbook entries led to the play (2.19 loads it that much deeper in its stack). */
  readonly importDepth?: number;
}

export interface ImportPlaybookNode {
  readonly kind: 'import_playbook';
  readonly loc: SourceLocation;
  readonly file: Keyword;
  /** when, tags, vars on the import. */
  readonly keywords: Keywords;
}

export interface Playbook {
  readonly file: string;
  readonly entries: readonly (PlayNode | ImportPlaybookNode)[];
  /**
   * The error of the entry that failed to load, `entries` holding those before it: 2.19 loads each
   * play whole (its roles too) before reading the next, so an earlier play's role error comes first.
   */
  readonly loadError?: unknown;
}

/** A role read from disk. Task lists are parsed lazily by file name (tasks_from, handlers_from). */
export interface RoleDefinition {
  readonly name: string;
  readonly path: string;
  /** defaults/main.yml (or defaults_from), vars/main.yml (or vars_from), as data. */
  readonly defaults: DataDict;
  readonly vars: DataDict;
  /** meta/main.yml dependencies, each as a RoleRef. */
  readonly dependencies: readonly RoleRef[];
  readonly allowDuplicates: boolean;
  /** meta/argument_specs.yml (or meta/main.yml's argument_specs), by entry point. */
  readonly argumentSpecs?: DataDict;
  /** The local collection holding the role (`ns.coll`), when it came from one. */
  readonly collection?: string;
  /**
   * Where its tasks' short action names and its dependencies' names are looked for first: its own
   * collection, meta/main.yml's `collections`, then ansible.builtin (a collection's role) or
   * ansible.legacy; empty when neither names any.
   */
  readonly collections: readonly string[];
}
