/**
 * compile: a parsed play becomes a Program — `pre_tasks, flush, roles, tasks, flush, post_tasks,
 * flush` — with static imports and roles expanded, keywords folded, blocks as spans.
 */
import { checkRoleRecursion } from './role-recursion.js';
import { dirname } from 'node:path';
import { completeCollections, withActionCollections } from '../playbook/action-collections.js';
import { ParseError, TemplateError } from '../core/errors.js';
import { isDict, pyRepr, textOf, type Data, type DataDict } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';
import type { Keyword, PlayNode, RoleDefinition, RoleRef, TaskNode, TaskOrBlock } from '../playbook/model.js';
import { withParentRole } from './parent-role-params.js';
import { EMPTY_FOLD, foldLayer, foldTask } from './fold-keywords.js';
import { roleShortName } from '../playbook/load-role.js';
import { buildJumpTable } from './jump-table.js';
import type { CompiledPlay, FoldedKeywords, Program, RoleInstance, Section, Span, Step } from './program.js';
import { emptySegment, layOut, type Container, type Segment } from './segment.js';

/** The file access compile needs, injected so the stage stays data in, data out. */

/** What 2.19 says after an import path it could not template. */
const STATIC_IMPORT_HINT =
  'When using static imports, ensure that any variables used in their names are defined in vars/vars_files\n' +
  'or extra-vars passed in from the command line. Static imports cannot use variables from facts or inventory\n' +
  'sources like group or host vars.';
export interface CompileLoader {
  /**
   * Parses a task file (import_tasks target, a role's tasks/handlers file); `read`: called once
   * the file is read and holds a list of tasks, before they are parsed.
   */
  loadTaskFile(path: string, handlers: boolean, read?: () => void): readonly TaskOrBlock[];
  /** A warning met while compiling (an imported file with no tasks). */
  warn?(message: string): void;
  /** Finds a task file named by import_tasks/include_tasks, relative to where it is written. */
  resolveTaskFile(name: string, baseDir: string, role?: RoleInstance): string;
  /**
   * Finds a role from the running play's directory; `dependentOf`: the role whose meta dependencies
   * name it (searched beside that one, as 2.19 does); `within`: the role whose include_role or
   * import_role names it (a short name is looked for in that role's collections).
   */
  loadRole(
    name: string,
    dependentOf: RoleDefinition | undefined,
    from?: { tasks?: string; vars?: string; defaults?: string; handlers?: string },
    loc?: SourceLocation,
    within?: RoleDefinition,
  ): RoleDefinition;
  /**
   * Finds a role as loadRole does, without reading it: 2.19 finds every role a list names (a
   * play's roles, a role's dependencies) before it loads the first.
   */
  findRole(name: string, dependentOf: RoleDefinition | undefined, loc?: SourceLocation, within?: RoleDefinition): void;
  loadRoleTasks(role: RoleDefinition, file: string, handlers: boolean): readonly TaskOrBlock[];
  /** Renders a static template (import file names) with what is known before the run: play vars and extra vars. */
  renderStatic(text: string, loc: SourceLocation): string;
  /** An import_role is loaded: 2.19 post-validates it then, templating its name with the play's variables. */
  importingRole?(task: TaskNode): void;
  /**
   * An import_tasks file was read and holds tasks: 2.19 says `statically imported: <path>` at -vv
   * then, before it parses them (an error in them comes after).
   */
  staticallyImporting?(path: string): void;
  /** An import_tasks file was parsed; `list` is what `task` brought in. */
  staticallyImported?(path: string, task: TaskNode, list: readonly TaskOrBlock[]): void;
  /** Where the play being compiled (or whose run includes a file) is written. */
  playLoc?(): SourceLocation | undefined;
  /**
   * An include_tasks, import_tasks or import_role is loaded: 2.19 asks for the play's variables
   * (without a host) for it then, warning of the reserved names among them as the play loads.
   */
  askingVars?(ask: VarsAsk): void;
}

/** A task loading asks for the variables of (a StepLike of vars' runner-vars). */
export interface VarsAsk {
  readonly task: TaskNode;
  readonly folded: FoldedKeywords;
  readonly role?: RoleInstance;
  readonly includeParams?: DataDict;
  readonly baseDir: string;
  /** Made as a role loads, before 2.19 knows the chain of roles depending on it. */
  readonly noDepChain?: boolean;
}

/** The actions whose loading asks 2.19 for the play's variables (helpers.load_list_of_tasks). */
const ASKS_VARS: ReadonlySet<string> = new Set(['include_tasks', 'import_tasks', 'import_role']);

let nextStepId = 1;
export function allocateStepId(): number {
  return nextStepId++;
}

/**
 * Where the handlers of a role import_role or include_role loads go: into `slot` of `builder`
 * (dependencies' first), the roles its tasks import in slots of their own before it.
 */
interface HandlerTarget {
  readonly builder: ProgramBuilder;
  readonly slot: Segment;
}

/**
 * Builds one Program from task lists; shared by plays, handlers and dynamic includes. Parts load
 * in 2.19's order, each into the segment (see slot) where it runs.
 */
export class ProgramBuilder {
  private readonly segments: Segment[] = [emptySegment()];
  private current = this.segments[0] as Segment;
  /** Roles brought in by import_role: their defaults and vars are public to the play, as ansible does. */
  readonly importedRoles: RoleInstance[] = [];
  /**
   * The blocks 2.19 compiles the roles named here into (include_role's, with their dependencies):
   * each task list's blocks and its role_complete block.
   */
  roleBlocks = 0;
  /** The import_role roles in the order 2.19's play.roles gets them (a role imported inside one first). */
  readonly playImports: RoleInstance[] = [];
  /**
   * Where the handlers of the roles import_role brings in go, loaded with the role: 2.19 makes the
   * import task the parent of the role's handler blocks, so they take what the import and the
   * blocks around it set (when, vars, any_errors_fatal …). Unset: they are not loaded.
   */
  handlersTo: HandlerTarget | undefined;
  /** The play's import_playbook depth (see checkRoleRecursion). */
  playImportDepth = 0;
  private span = -1;
  private section: Section = 'none';

  /** How many import_tasks/import_role the steps being added come through. */
  private importDepth = 0;
  /** The play's own program: its outermost Blocks are the play's (see TaskStep.playBlock). */
  playLevel = false;
  /** 2.19's Blocks (explicit, or implicit runs of bare tasks) around the steps being added, innermost last. */
  private readonly containers: Container[] = [];

  constructor(
    private readonly loader: CompileLoader,
    private includeParams?: DataDict,
  ) {}

  private get steps(): Step[] {
    return this.current.steps;
  }

  private get spans(): Span[] {
    return this.current.spans;
  }

  /** A new stretch of the program, before `before` (else at its end): what fills it runs there. */
  slot(before?: Segment): Segment {
    const segment = emptySegment();
    const at = before === undefined ? -1 : this.segments.indexOf(before);
    if (at < 0) this.segments.push(segment);
    else this.segments.splice(at, 0, segment);
    return segment;
  }

  /** Adds what `fill` adds into `segment`, as a list of the play's own (outside any block). */
  into(segment: Segment, fill: () => void): void {
    const [outer, span, section] = [this.current, this.span, this.section];
    this.current = segment;
    this.span = -1;
    this.section = 'none';
    try {
      fill();
    } finally {
      [this.current, this.span, this.section] = [outer, span, section];
    }
  }

  addFlush(): void {
    this.steps.push({ kind: 'flush', id: allocateStepId(), span: this.span, section: this.section });
  }

  /**
   * `blockList`: a list 2.19 loads as Blocks (a play section, a task file, a role's tasks), where
   * each run of bare tasks is a Block of its own; a block's sections are lists of tasks.
   */
  addList(list: readonly TaskOrBlock[], fold: FoldedKeywords, ctx: { role?: RoleInstance; baseDir: string }, blockList = true): void {
    let run: Container | undefined;
    for (const node of list) {
      if (blockList && node.kind !== 'block' && !run) run = this.openContainer();
      if (blockList && node.kind === 'block' && run) run = this.closeContainer();
      if (node.kind === 'block') this.addBlock(node.loc, node.block, node.rescue, node.always, foldLayer(fold, node.keywords, { vars: true }), ctx);
      else this.addTask(node, fold, ctx);
    }
    if (run) this.closeContainer();
  }

  private openContainer(): Container {
    const container = { end: -1, playLevel: this.playLevel && this.containers.length === 0 };
    this.containers.push(container);
    return container;
  }

  private closeContainer(): undefined {
    (this.containers.pop() as Container).end = this.steps.length;
    return undefined;
  }

  private addBlock(
    loc: SourceLocation,
    block: readonly TaskOrBlock[],
    rescue: readonly TaskOrBlock[],
    always: readonly TaskOrBlock[],
    fold: FoldedKeywords,
    ctx: { role?: RoleInstance; baseDir: string },
  ): void {
    const parent = this.span;
    const parentSection = this.section;
    const index = this.spans.length;
    const span = { parent, loc, blockStart: this.steps.length, rescueStart: 0, alwaysStart: 0, end: 0, ...(this.importDepth > 0 ? { imported: true } : {}) };
    this.spans.push(span);
    this.span = index;
    this.openContainer();
    this.section = 'block';
    this.addList(block, fold, ctx, false);
    span.rescueStart = this.steps.length;
    this.section = 'rescue';
    this.addList(rescue, fold, ctx, false);
    span.alwaysStart = this.steps.length;
    this.section = 'always';
    this.addList(always, fold, ctx, false);
    span.end = this.steps.length;
    this.closeContainer();
    this.span = parent;
    this.section = parentSection;
  }

  private addTask(task: TaskNode, fold: FoldedKeywords, ctx: { role?: RoleInstance; baseDir: string }): void {
    if (ASKS_VARS.has(task.action)) {
      const base = { task, folded: task.action === 'include_tasks' ? foldTask(fold, task.keywords) : fold, baseDir: ctx.baseDir };
      const ask = {
        ...base,
        ...(ctx.role ? { role: ctx.role } : {}),
        ...(this.includeParams ? { includeParams: this.includeParams } : {}),
        ...(this.loadingRoles > 0 ? { noDepChain: true } : {}),
      };
      this.loader.askingVars?.(ask);
    }
    if (task.action === 'import_tasks') return this.addImportTasks(task, fold, ctx);
    if (task.action === 'import_role') return this.addImportRole(task, fold, ctx);
    this.current.containerOf[this.steps.length] = this.containers[this.containers.length - 1];
    this.steps.push({
      kind: 'task',
      id: allocateStepId(),
      task,
      folded: foldTask(fold, task.keywords),
      outerFold: fold,
      ...(ctx.role ? { role: ctx.role } : {}),
      span: this.span,
      section: this.section,
      ...(this.includeParams ? { includeParams: this.includeParams } : {}),
      baseDir: ctx.baseDir,
    });
  }

  private addImportTasks(task: TaskNode, fold: FoldedKeywords, ctx: { role?: RoleInstance; baseDir: string }): void {
    const raw = task.args.get('file') ?? task.args.get('_raw_params');
    if (typeof raw !== 'string') throw new ParseError('import-tasks-file', 'No file specified for ansible.builtin.import_tasks', { location: task.loc });
    let name: string;
    try {
      name = this.loader.renderStatic(raw, task.argsLoc);
    } catch (e) {
      if (!(e instanceof TemplateError)) throw e;
      throw new ParseError('IMPORT_PATH_TEMPLATE', `Error when evaluating variable in import path ${pyRepr(raw)}.`, { location: task.loc, hint: STATIC_IMPORT_HINT, cause: e });
    }
    const path = this.loader.resolveTaskFile(name, ctx.baseDir, ctx.role);
    const list = withActionCollections(taskFileCollections(ctx.role, fold), () => this.loader.loadTaskFile(path, task.isHandler, () => this.loader.staticallyImporting?.(path)));
    if (list.length === 0) this.loader.warn?.(`file ${path} is empty and had no tasks to include`);
    this.loader.staticallyImported?.(path, task, list);
    // The import's own keywords (when, tags, vars, become …) apply to every imported task.
    this.importDepth++;
    this.addList(list, foldLayer(fold, task.keywords, { vars: true }), { ...ctx, baseDir: dirname(path) });
    this.importDepth--;
  }

  private addImportRole(task: TaskNode, fold: FoldedKeywords, ctx: { role?: RoleInstance; baseDir: string }): void {
    const name = task.args.get('name') ?? task.args.get('role');
    if (typeof name !== 'string') throw new ParseError('import-role-name', "'name' is a required field for import_role.", { location: task.loc });
    const from = roleFrom(task.args);
    this.loader.importingRole?.(task);
    const nameLoc = argLoc(task, 'name') ?? argLoc(task, 'role') ?? task.argsLoc;
    const def = this.loader.loadRole(this.loader.renderStatic(name, nameLoc), undefined, from, nameLoc, ctx.role?.def);
    const ref: RoleRef = {
      loc: task.loc,
      name: { value: name, loc: task.argsLoc },
      keywords: task.keywords,
      params: new Map(),
    };
    const instance: RoleInstance = {
      def,
      ref,
      params: new Map(),
      fromInclude: false,
      ...(ctx.role ? { parent: ctx.role } : {}),
      ...(specValidationOff(task.args) ? { skipSpecValidation: true } : {}),
      byInclude: includedRole(task.args, from),
    };
    this.importedRoles.push(instance);
    const importFold = foldLayer(fold, task.keywords, { vars: true });
    const outerParams = this.includeParams;
    this.includeParams = withParentRole(outerParams, ctx.role);
    this.importDepth++;
    this.addNamedRole(instance, importFold, importFold, from);
    this.importDepth--;
    this.includeParams = outerParams;
    // 2.19 adds an imported role to the play's roles once it has loaded it, after the roles it imports.
    this.playImports.push(instance);
  }

  /**
   * Loads a role import_role or include_role names as 2.19's Role.load does: its dependencies
   * (each whole: its own, its tasks, its handlers), its tasks, then its handlers. `handlerFold`:
   * what its handlers sit under. NOTE: 2.19 appends the handlers of the roles its tasks import
   * to the play's as it loads them, before it appends this role's (its dependencies' first).
   */
  addNamedRole(role: RoleInstance, fold: FoldedKeywords, handlerFold: FoldedKeywords, from: ReturnType<typeof roleFrom>): void {
    const outer = this.handlersTo;
    const target = outer && { builder: outer.builder, slot: outer.builder.slot(outer.slot) };
    this.handlersTo = target;
    try {
      this.addDependencies(role, fold, handlerFold);
      this.addRoleTasks(role, fold, from.tasks ?? 'main');
      this.addHandlersOf(role, from.handlers ?? 'main', handlerFold);
    } finally {
      this.handlersTo = outer;
    }
  }

  /** The meta dependencies of an imported or included role, each whole before its dependant, deepest first. */
  private addDependencies(role: RoleInstance, fold: FoldedKeywords, handlerFold: FoldedKeywords): void {
    const direct: RoleInstance[] = [];
    const names = findRoles(role.def.dependencies, this.loader, role.def);
    role.def.dependencies.forEach((ref, i) => {
      const def = this.loader.loadRole(names[i] as string, role.def, undefined, ref.loc);
      const dep: RoleInstance = { def, ref, params: ref.params, fromInclude: role.fromInclude, parent: role, runOnce: true };
      checkRoleRecursion(dep, role.fromInclude ? 0 : this.playImportDepth);
      const depFold = foldLayer(fold, ref.keywords, { vars: false });
      const depHandlerFold = foldLayer(handlerFold, ref.keywords, { vars: false });
      this.addDependencies(dep, depFold, depHandlerFold);
      direct.push(dep);
      this.addRoleTasks(dep, depFold);
      this.addHandlersOf(dep, 'main', depHandlerFold);
    });
    role.dependencies = direct;
  }

  /** Loads a role's handlers into handlersTo's slot, when there is one. */
  private addHandlersOf(role: RoleInstance, file: string, fold: FoldedKeywords): void {
    const target = this.handlersTo;
    if (target === undefined) return;
    const list = this.loader.loadRoleTasks(role.def, file, true);
    target.builder.into(target.slot, () => target.builder.addRoleHandlers(role, list, fold));
  }

  /** Adds a role's handlers. */
  addRoleHandlers(role: RoleInstance, list: readonly TaskOrBlock[], fold: FoldedKeywords): void {
    this.loadingRoles++;
    try {
      this.addList(list, fold, { role, baseDir: `${role.def.path}/handlers` });
    } finally {
      this.loadingRoles--;
    }
  }

  /** A role's tasks under the role entry's keywords, after the check of its argument spec. */
  addRoleTasks(role: RoleInstance, fold: FoldedKeywords, file = 'main'): void {
    const list = this.loader.loadRoleTasks(role.def, file, false);
    const validation = validationTask(role, file.replace(/\.ya?ml$/, ''), this.loader.playLoc?.());
    if (this.loadingRoles === 0) this.roleBlocks += countBlocks(validation ? [validation, ...list] : list) + 1;
    const before = this.steps.length;
    this.loadingRoles++;
    try {
      this.addList(validation ? [validation, ...list] : list, fold, { role, baseDir: `${role.def.path}/tasks` });
    } finally {
      this.loadingRoles--;
    }
    if (this.steps.length === before) this.current.emptyRoles.push(before);
  }

  /**
   * How many role loads the steps being added come through. NOTE: 2.19 gives a role's blocks
   * their dependency chain once the role is compiled, after it loads: an ask made as a role loads
   * sees none of the vars and params a dependency inherits from its dependants.
   */
  private loadingRoles = 0;

  build(): Program {
    const { steps, spans, emptyRoles } = layOut(this.segments);
    return { steps, spans, jumps: buildJumpTable(steps, spans), ...(emptyRoles.length > 0 ? { emptyRoles } : {}) };
  }
}

/** The names of the roles `refs` name, each found (2.19's RoleInclude) before any of them loads. */
function findRoles(refs: readonly RoleRef[], loader: CompileLoader, dependentOf: RoleDefinition | undefined): string[] {
  return refs.map((ref) => {
    const name = loader.renderStatic(textValue(ref.name), ref.name.loc);
    loader.findRole(name, dependentOf, ref.loc);
    return name;
  });
}

/**
 * The collections a task file loaded for a task resolves short action names in: its role's (a
 * role's own collection first), else those the play and blocks around it list.
 */
export function taskFileCollections(role: RoleInstance | undefined, fold: FoldedKeywords): readonly string[] {
  return role !== undefined ? role.def.collections : completeCollections(fold.scalars.get('collections')?.value);
}

export function roleFrom(args: DataDict): { tasks?: string; vars?: string; defaults?: string; handlers?: string } {
  const pick = (key: string): string | undefined => {
    const v = args.get(key);
    return typeof v === 'string' ? v : undefined;
  };
  const out: { tasks?: string; vars?: string; defaults?: string; handlers?: string } = {};
  const tasks = pick('tasks_from');
  const vars = pick('vars_from');
  const defaults = pick('defaults_from');
  const handlers = pick('handlers_from');
  if (tasks) out.tasks = tasks;
  if (vars) out.vars = vars;
  if (defaults) out.defaults = defaults;
  if (handlers) out.handlers = handlers;
  return out;
}

const FALSE_WORDS = new Set(['n', 'no', 'off', '0', 'false', 'f']);

/** A bool option of include_role/import_role set false (`no`, `'false'`, 0 …). */
function optionOff(args: DataDict, key: string): boolean {
  const value = args.get(key);
  if (value === undefined) return false;
  return value === false || value === 0 || (typeof value === 'string' && FALSE_WORDS.has(value.trim().toLowerCase()));
}

/** include_role/import_role's `rolespec_validate` set false. */
export function specValidationOff(args: DataDict): boolean {
  return optionOff(args, 'rolespec_validate');
}

/** What makes the role an include_role/import_role names its own (see RoleInstance.byInclude). */
export function includedRole(args: DataDict, from: ReturnType<typeof roleFrom>): NonNullable<RoleInstance['byInclude']> {
  return { allowDuplicates: !optionOff(args, 'allow_duplicates'), from: JSON.stringify(from) };
}

/** The role entry keywords 2.19 counts in a role's identity (Role._get_hash_dict); become, no_log … are not. */
const IDENTITY_KEYWORDS = new Set(['when', 'tags', 'vars']);

/** Two entries of a role are the same role when their params and their vars, when and tags are. */
export function paramsKey(role: RoleInstance): string {
  const keywords = [...role.ref.keywords.entries()].filter(([k]) => IDENTITY_KEYWORDS.has(k)).map(([k, v]) => [k, pyRepr(v.value)]);
  return `${role.def.path}\u0000${pyRepr(role.params)}\u0000${JSON.stringify(keywords)}`;
}

/**
 * Expands `roles:` into every load of a role, dependencies first, each given to `loaded` once its
 * dependencies are: 2.19 loads a role's tasks and handlers after its dependencies, before the next role.
 * NOTE: 2.19 skips a repeated role as a host reaches it, when that host completed the same role
 * (RoleRuns): so a role whose first load --tags or --start-at-task left out runs at the next.
 */
function expandRoles(play: PlayNode, loader: CompileLoader, loaded: (role: RoleInstance) => void): RoleInstance[] {
  const out: RoleInstance[] = [];
  const visitAll = (refs: readonly RoleRef[], parent: RoleInstance | undefined): void => {
    const names = findRoles(refs, loader, parent?.def);
    refs.forEach((ref, i) => {
      const def = loader.loadRole(names[i] as string, parent?.def, undefined, ref.loc);
      const instance: RoleInstance = { def, ref, params: ref.params, fromInclude: false, runOnce: true, ...(parent ? { parent } : {}) };
      checkRoleRecursion(instance, play.importDepth ?? 0);
      visitAll(def.dependencies, instance);
      out.push(instance);
      loaded(instance);
    });
  };
  visitAll(play.roles, undefined);
  return out;
}

/** The first load of each role (all loads of one that allows duplicates): whose vars the play sees. */
function firstLoads(loads: readonly RoleInstance[]): RoleInstance[] {
  const seen = new Set<string>();
  return loads.filter((role) => {
    const key = paramsKey(role);
    if (seen.has(key) && !role.def.allowDuplicates) return false;
    seen.add(key);
    return true;
  });
}

function textValue(kw: Keyword): string {
  const v = kw.value;
  if (typeof v === 'string') return v;
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && !isDict(v) && 'value' in v) return textOf(v as never);
  return String(v);
}

/**
 * The fold layers a role's tasks sit under: `outer`'s, then every role entry from the outermost
 * dependant in (below `top`, whose keywords `outer` holds already).
 */
export function roleFold(outer: FoldedKeywords, role: RoleInstance, top?: RoleInstance): FoldedKeywords {
  const chainOut: RoleInstance[] = [];
  for (let r: RoleInstance | undefined = role; r && r !== top; r = r.parent) chainOut.unshift(r);
  let fold = outer;
  for (const r of chainOut) fold = foldLayer(fold, r.ref.keywords, { vars: false });
  return fold;
}

export function compilePlay(play: PlayNode, loader: CompileLoader, options: { keepDuplicateRoles?: boolean } = {}): CompiledPlay {
  const baseDir = dirname(play.file);
  const playFold = foldLayer(EMPTY_FOLD, play.keywords, { vars: false });

  const builder = new ProgramBuilder(loader);
  builder.playLevel = true;
  builder.playImportDepth = play.importDepth ?? 0;
  const handlers = new ProgramBuilder(loader);
  // the parts as they run
  const [preTasks, roleTasks, tasks, postTasks] = [builder.slot(), builder.slot(), builder.slot(), builder.slot()];
  const [roleHandlers, playHandlers] = [handlers.slot(), handlers.slot()];
  // NOTE: 2.19 appends an imported role's handlers to the play's as it loads the import, so they
  // come after those of roles: and after the play's own.
  builder.handlersTo = { builder: handlers, slot: handlers.slot() };

  // NOTE: 2.19 loads them in its attributes' order: each role of `roles:` (its dependencies, its
  // tasks, then its handlers), the play's handlers, pre_tasks, post_tasks, then tasks. So a load
  // error is met, and what loading shows is shown, in that order, and the roles post_tasks import
  // join the play's roles (and their handlers its handlers) before those tasks import: a later
  // role's defaults win, and a notification finds the last handler of a name.
  // NOTE: 2.19 lists the handlers of every load of a role; a notification finds the last one, so
  // a role's handlers run where its last load puts them even though its tasks ran at the first.
  const loads = expandRoles(play, loader, (role) => {
    const fold = roleFold(playFold, role);
    builder.into(roleTasks, () => builder.addRoleTasks(role, fold));
    const list = loader.loadRoleTasks(role.def, 'main', true);
    handlers.into(roleHandlers, () => handlers.addRoleHandlers(role, list, fold));
  });
  const roles = options.keepDuplicateRoles ? loads : firstLoads(loads);
  handlers.into(playHandlers, () => handlers.addList(play.handlers, playFold, { baseDir }));
  for (const [segment, list] of [[preTasks, play.preTasks], [postTasks, play.postTasks], [tasks, play.tasks]] as const) {
    builder.into(segment, () => {
      builder.addList(list, playFold, { baseDir });
      builder.addFlush();
    });
  }

  const firstByKey = new Map<string, RoleInstance>();
  for (const role of roles) if (!firstByKey.has(paramsKey(role))) firstByKey.set(paramsKey(role), role);
  // import_role's roles join them as the play loads (after roles:, a role imported inside one before it), as in 2.19.
  const playRoles = [...loads.filter((r) => !r.parent).map((r) => firstByKey.get(paramsKey(r)) ?? r), ...builder.playImports];
  return { play, program: builder.build(), handlers: handlers.build(), roles: [...roles, ...builder.importedRoles], playRoles };
}

/** Where one argument of a task is written. */
export function argLoc(task: TaskNode, key: string): SourceLocation | undefined {
  const node = task.argsNode;
  if (!node || node.kind !== 'map') return undefined;
  return node.pairs.find((p) => p.key.kind === 'scalar' && p.key.value === key)?.value.loc;
}

/**
 * The task ansible puts first in a role whose meta/argument_specs.yml has an entry point for the
 * tasks file being run: validate_argument_spec with the role's params.
 */
function validationTask(role: RoleInstance, entrypoint: string, playLoc: SourceLocation | undefined): TaskNode | undefined {
  if (role.skipSpecValidation) return undefined;
  const specs = role.def.argumentSpecs;
  const spec = specs?.get(entrypoint);
  if (!isDict(spec)) return undefined;
  const short = spec.get('short_description');
  const name = `Validating arguments against arg spec '${entrypoint}'${short !== undefined && short !== null ? ` - ${textOf(short as string)}` : ''}`;
  // NOTE: 2.19 makes this task with no position of its own: its path (-vv's `task path:`) is the play's.
  const loc = playLoc ?? role.ref.loc;
  const options = spec.get('options');
  const args: DataDict = new Map<string, Data>([
    ['argument_spec', isDict(options) ? options : new Map()],
    ['provided_arguments', role.params],
    ['validate_args_context', new Map([['type', 'role'], ['name', roleShortName(role.def)], ['argument_spec_name', entrypoint], ['path', role.def.path]])],
  ]);
  const ds: DataDict = new Map<string, Data>([['action', 'ansible.builtin.validate_argument_spec'], ['args', args], ['name', name], ['tags', ['always']]]);
  return {
    kind: 'task',
    loc,
    synthetic: pyRepr(ds),
    actionWritten: 'ansible.builtin.validate_argument_spec',
    action: 'validate_argument_spec',
    args,
    argsLoc: loc,
    keywords: new Map([
      ['name', { value: name, loc }],
      ['tags', { value: ['always'], loc }],
    ]),
    isHandler: false,
  };
}

/** How many blocks 2.19 loads a task list into: each written block, and each run of bare tasks (one implicit block). */
export function countBlocks(list: readonly TaskOrBlock[]): number {
  let count = 0;
  list.forEach((item, i) => {
    if (item.kind === 'block' || i === 0 || list[i - 1]?.kind === 'block') count++;
  });
  return count;
}
