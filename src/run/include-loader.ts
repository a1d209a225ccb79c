import type { DataDict } from '../core/data.js';
import type { Program, RoleInstance, TaskStep } from '../compile/program.js';
import type { VarSource } from '../template/api.js';

/** Compiles what include_tasks / include_role name, at run time (the CLI wires compile to it). */
export interface IncludeLoader {
  load(step: TaskStep, result: DataDict, vars: VarSource): Promise<{ program: Program; displayFile: string; handlers?: Program; role?: RoleInstance }>;
}
