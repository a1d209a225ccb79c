/**
 * Dynamic includes compile at run time, once per distinct (file, arguments): include_tasks and
 * include_role become a sub-program the including hosts' cursors enter.
 */
import { dirname } from 'node:path';
import { isDict, pyStr, truthy, type Data, type DataDict } from '../core/data.js';
import { ParseError, VolantError } from '../core/errors.js';
import type { SourceLocation } from '../core/source-location.js';
import { BLOCK_KEYWORDS } from '../playbook/block-keywords.js';
import { updateKeepingKeyOrigins } from '../core/key-origins.js';
import type { Keyword } from '../playbook/model.js';
import { withActionCollections } from '../playbook/action-collections.js';
import { ProgramBuilder, argLoc, countBlocks, includedRole, roleFrom, specValidationOff, taskFileCollections, type CompileLoader } from './compile-play.js';
import { foldLayer } from './fold-keywords.js';
import { withParentRole } from './parent-role-params.js';
import type { FoldedKeywords, Program, RoleInstance, TaskStep } from './program.js';

export interface CompiledInclude {
  readonly program: Program;
  /** What `included: … for host` names. */
  readonly displayFile: string;
  readonly handlers?: Program;
  readonly role?: RoleInstance;
  /** How many blocks 2.19 loads it into (the strategy asks for the play's variables for each). */
  readonly blocks: number;
}

const BLOCK_NAMES: ReadonlySet<string> = new Set(BLOCK_KEYWORDS.map((k) => k.name));

/** Where `key` of the include's `apply:` mapping was written, when the task's args are YAML. */
function applyKeyLoc(step: TaskStep, key: string): SourceLocation | undefined {
  const node = step.task.argsNode;
  const apply = node?.kind === 'map' ? node.pairs.find((p) => p.key.kind === 'scalar' && p.key.value === 'apply')?.value : undefined;
  if (apply?.kind !== 'map') return undefined;
  return apply.pairs.find((p) => p.key.kind === 'scalar' && p.key.value === key)?.key.loc;
}

/**
 * The include's `apply:` keywords fold over the included tasks; its own keywords do not.
 * NOTE: 2.19 loads them as a Block when the include runs, so a key no block takes (`loop`,
 * `with_items`, a typo) ends the whole run as a parser error at that key, the first in order.
 */
function applyFold(step: TaskStep, args: DataDict): FoldedKeywords {
  const apply = args.get('apply');
  if (!isDict(apply)) return step.outerFold;
  for (const k of apply.keys()) {
    const key = pyStr(k);
    if (BLOCK_NAMES.has(key)) continue;
    const loc = applyKeyLoc(step, key) ?? step.task.argsLoc;
    throw new ParseError('INCLUDE_APPLY_ATTRIBUTE', `'${key}' is not a valid attribute for a Block`, { location: loc });
  }
  const layer = new Map<string, Keyword>();
  for (const [k, v] of apply) layer.set(String(k), { value: v as Data, loc: step.task.argsLoc });
  return foldLayer(step.outerFold, layer, { vars: true });
}

/**
 * What a looped include's tasks see of its item (2.19's IncludedFile): the loop variable and the
 * index variable, each with the marker naming it (ansible_loop_var, ansible_index_var), and
 * ansible_loop when extended.
 */
export function includeLoopVars(result: DataDict): DataDict | undefined {
  const out: DataDict = new Map();
  for (const marker of ['ansible_loop_var', 'ansible_index_var']) {
    const name = result.get(marker);
    if (typeof name !== 'string' || !result.has(name)) continue;
    out.set(name, result.get(name) as Data);
    out.set(marker, name);
  }
  if (result.has('ansible_loop')) out.set('ansible_loop', result.get('ansible_loop') as Data);
  return out.size > 0 ? out : undefined;
}

function includeParams(step: TaskStep, extra?: DataDict): DataDict | undefined {
  const vars = step.task.keywords.get('vars');
  const params: DataDict = new Map();
  // NOTE: a name keeps where it was first written, so a reserved name's warning points there once.
  for (const from of [step.includeParams, vars && isDict(vars.value) ? vars.value : undefined, extra]) if (from) updateKeepingKeyOrigins(params, from);
  return params.size > 0 ? params : undefined;
}

/** NOTE: for include_tasks a file that is no list is not a parser error: the including hosts fail. */
function loadIncludedTasks(loader: CompileLoader, path: string, handlers: boolean): ReturnType<CompileLoader['loadTaskFile']> {
  try {
    return loader.loadTaskFile(path, handlers);
  } catch (e) {
    if (e instanceof ParseError && e.code === 'TASK_FILE_NOT_LIST') throw new VolantError(e.code, e.message);
    throw e;
  }
}

export function compileIncludeTasks(step: TaskStep, file: string, args: DataDict, loader: CompileLoader, itemVars?: DataDict): CompiledInclude {
  const path = loader.resolveTaskFile(file, step.baseDir, step.role);
  const list = withActionCollections(taskFileCollections(step.role, step.folded), () => loadIncludedTasks(loader, path, step.task.isHandler));
  const params = includeParams(step, itemVars);
  const builder = new ProgramBuilder(loader, params);
  // NOTE: 2.19 appends the handlers of a role the included file imports to the play's as it loads the file.
  const handlers = new ProgramBuilder(loader, params);
  builder.handlersTo = { builder: handlers, slot: handlers.slot() };
  builder.addList(list, applyFold(step, args), { ...(step.role ? { role: step.role } : {}), baseDir: dirname(path) });
  const blocks = countBlocks(list);
  if (builder.importedRoles.length === 0) return { program: builder.build(), displayFile: path, blocks };
  return { program: builder.build(), displayFile: path, handlers: handlers.build(), blocks };
}

export function compileIncludeRole(step: TaskStep, args: DataDict, loader: CompileLoader, itemVars?: DataDict): CompiledInclude {
  const name = args.get('name') ?? args.get('role');
  if (name === undefined || name === null) {
    // NOTE: a name written that templated to omit reaches 2.19's RoleInclude as the omit object,
    // which is no name or mapping.
    if (step.task.args.has('name') || step.task.args.has('role')) throw new ParseError('ROLE_INVALID', 'Invalid role definition.');
    throw new ParseError('include-role-name', "'name' is a required field for include_role.", { location: step.task.loc });
  }
  const from = roleFrom(args);
  const def = loader.loadRole(pyStr(name), undefined, from, argLoc(step.task, 'name') ?? step.task.argsLoc, step.role?.def);
  const role: RoleInstance = {
    def,
    ref: { loc: step.task.loc, name: { value: pyStr(name), loc: step.task.argsLoc }, keywords: step.task.keywords, params: new Map() },
    params: new Map(),
    fromInclude: true,
    ...(truthy(args.get('public')) ? { public: true } : {}),
    ...(specValidationOff(args) ? { skipSpecValidation: true } : {}),
    byInclude: includedRole(args, from),
    ...(step.role ? { parent: step.role } : {}),
  };
  const params = withParentRole(includeParams(step, itemVars), step.role);
  const builder = new ProgramBuilder(loader, params);
  // the role's handlers see the include's params too (its vars: and loop item), as its tasks do,
  // but not its apply: keywords; a dependency's sit under its entry's keywords (`when`, tags …)
  const handlers = new ProgramBuilder(loader, params);
  builder.handlersTo = { builder: handlers, slot: handlers.slot() };
  builder.addNamedRole(role, applyFold(step, args), step.outerFold, from);
  // `included:` names the role as the task wrote it (a short name found through collections: too)
  return { program: builder.build(), displayFile: pyStr(name), handlers: handlers.build(), role, blocks: builder.roleBlocks };
}
