import type { DataDict } from '../core/data.js';
import type { Program, RoleInstance, TaskStep } from '../compile/program.js';
import type { VarSource } from '../template/api.js';

/** Compiles what include_tasks / include_role name, at run time (the CLI wires compile to it). */
export interface IncludeLoader {
  load(step: TaskStep, result: DataDict, vars: VarSource): Promise<LoadedInclude>;
}

export interface LoadedInclude {
  readonly program: Program;
  readonly displayFile: string;
  readonly handlers?: Program;
  readonly role?: RoleInstance;
  /**
   * What 2.19's strategy asks next of what it loaded: the play's variables once per block, to
   * filter it by tags (shown at -vvv); the caller says when, as the strategies differ.
   */
  readonly blocksAsked?: () => void;
}
