/**
 * The names a task shows under: its banner name, templated once per step when the banner is
 * printed, and the TaskInfo every result of the step carries.
 */
import { PyFloat, UnsafeString, VaultString, pyStr, truthy, type Data } from '../core/data.js';
import { VolantError } from '../core/errors.js';
import type { SourceLocation } from '../core/source-location.js';
import { undecryptable } from '../template/render-context.js';
import { isOmit } from '../template/index.js';
import type { TaskStep } from '../compile/program.js';
import type { Keyword } from '../playbook/model.js';
import type { Callback, TaskInfo } from './events.js';
import type { ExecOptions } from './task-executor.js';
import type { PlayVars } from './vars-port.js';
import type { TemplateRenderer, VarSource } from '../template/api.js';
import { keywordBool } from './keyword-values.js';
import { includeArgsShown } from './include-args-shown.js';
import { NameErrors } from './name-errors.js';

const ROLE_INCLUDES: ReadonlySet<string> = new Set(['include_role', 'import_role']);

export class TaskNames {
  /** Names as announced in the banner, by step: results of the task reuse them. */
  private readonly names = new Map<number, string>();
  /** The Python type of a templated name that rendered to a truthy non-string, by step. */
  private readonly renderedTypes = new Map<number, string>();

  constructor(
    private readonly templar: TemplateRenderer,
    private readonly playVars: PlayVars,
    private readonly callback: Callback,
    private readonly options: ExecOptions,
  ) {}

  /** The banner is printed for the step: its name, templated for `host`, is kept for its results. */
  announce(step: TaskStep, host: string): void {
    // NOTE: 2.19 templates a task's name in place when it first announces it (post_validate_attribute):
    // later serial batches and lockstep turns show that name, whatever their first host.
    if (!this.names.has(step.id)) this.names.set(step.id, this.bannerName(step, host));
  }

  /** The banner's name when it was printed, else templated for `host` now. */
  nameOf(step: TaskStep, host: string): string {
    return this.names.get(step.id) ?? this.bannerName(step, host);
  }

  /**
   * The task's name templated with the first host's variables, as ansible's linear strategy
   * does; an expression that fails shows as `<< error N - msg >>` with a warning, as 2.19 does.
   */
  bannerName(step: TaskStep, host: string): string {
    const task = step.task;
    const nameKw = task.keywords.get('name');
    if (!nameKw || isUnnamed(task)) return unnamed(task);
    // NOTE: 2.19 templates a !vault name as a use of the value: one no secret opens is a template error.
    if (nameKw.value instanceof VaultString && nameKw.value.reveal() === undefined) {
      const errors = new NameErrors(nameKw.loc);
      const text = errors.whole(undecryptable(nameKw.value).message);
      errors.warn(this.callback);
      return errors.finish(text);
    }
    const raw = pyStr(nameKw.value);
    const templar = this.templar;
    // NOTE: 2.19's strategies announce a meta task from _execute_meta, which never templates its name.
    if (!templar.isTemplate(raw) || task.action === 'meta') return raw;
    // NOTE: an `!unsafe` name is no trusted template: 2.19 shows its text as it is.
    if (nameKw.value instanceof UnsafeString) return raw;
    const value = renderTaskName(raw, nameKw, templar, this.playVars.forTask(host, step), this.callback, (type) => this.renderedTypes.set(step.id, type));
    // NOTE: a name templated to omit is left unset (its default, None), so the action names the task.
    if (isOmit(value)) return unnamed(task);
    if (typeof value === 'string') return value;
    // NOTE: Task.get_name() falls back to the action for a falsy name; a truthy non-string
    // makes the default callback's task-start hook fail (see nameType).
    if (!truthy(value)) return unnamed(task);
    this.renderedTypes.set(step.id, taggedTypeName(value));
    return pyStr(value);
  }

  /** A templated name's type when it rendered to a truthy non-string (once the name was templated). */
  private renderedNameType(step: TaskStep): { nameType?: string } {
    const type = this.renderedTypes.get(step.id);
    return type === undefined ? {} : { nameType: type };
  }

  taskInfo(step: TaskStep, host: string): TaskInfo {
    const task = step.task;
    return {
      name: this.nameOf(step, host),
      action: task.action,
      actionWritten: task.actionWritten,
      loc: task.loc,
      // NOTE: ansible's IncludeRole names itself (its name, or "include_role : x") without its own role.
      ...(step.role && !ROLE_INCLUDES.has(task.action) ? { role: step.role.def.name } : {}),
      ...(nameTypeOf(step) ?? this.renderedNameType(step)),
      ...(isUnnamed(task) ? { unnamed: true } : {}),
      isHandler: task.isHandler,
      noLog: keywordBool(step.folded.scalars.get('no_log')) ?? false,
      noLogWritten: truthy(step.folded.scalars.get('no_log')?.value ?? false),
      checkMode: checkModeMarked(step.folded.scalars.get('check_mode'), this.options.checkMode),
      diff: this.options.diff,
      args: includeArgsShown(task.action, task.args),
      id: String(step.id),
      loop: task.keywords.has('loop') || task.withLookup !== undefined,
      ignoreUnreachable: keywordBool(step.folded.scalars.get('ignore_unreachable')) ?? false,
    };
  }
}

/**
 * A templated name as 2.19 renders it: its value, or, where an expression fails, its text with
 * `<< error N - msg >>` markers in their places, each error warned of. `wholeType` hears the type
 * of a name that is one expression and rendered to a truthy non-string before it failed.
 */
export function renderTaskName(raw: string, nameKw: Keyword, templar: TemplateRenderer, vars: VarSource, callback: Callback, wholeType?: (type: string) => void): Data {
  try {
    const read = new NameErrors(nameKw.loc);
    const value = templar.render(raw, vars, { origin: nameKw.loc, markNested: (m, o) => read.nested(m, o) });
    read.warn(callback);
    return value;
  } catch (whole) {
    const errors = new NameErrors(nameKw.loc);
    let text = '';
    // A name that does not compile fails as a whole.
    const compiles = !(whole instanceof VolantError && whole.code === 'template-syntax');
    for (const piece of compiles ? raw.split(/(\{\{[\s\S]*?\}\})/) : []) {
      if (!piece.startsWith('{{')) text += piece;
      else {
        try {
          text += renderPiece(templar, piece, vars, nameKw.loc, errors, piece === raw ? wholeType : undefined);
        } catch (e) {
          text += errors.marker(e);
        }
      }
      if (errors.ended) break;
    }
    if (errors.count === 0) text = errors.whole(whole instanceof Error ? whole.message : String(whole));
    errors.warn(callback);
    return errors.finish(text);
  }
}

/**
 * One `{{ }}` of a name that failed as a whole: an undefined value it ends with is marked, and
 * one an operation meets (`{{ x ~ 'a' }}`) is marked and ends the name, as it raised in 2.19;
 * an undefined value inside a list or dict it makes is marked as the piece (which, as the whole
 * name, still has the type that fails the callback's task-start hook: `wholeType`).
 */
function renderPiece(templar: TemplateRenderer, piece: string, vars: VarSource, origin: SourceLocation | undefined, errors: NameErrors, wholeType: ((type: string) => void) | undefined): string {
  const marked: Array<[string, SourceLocation | undefined]> = [];
  const markError = (m: string, o: SourceLocation | undefined): string => {
    marked.push([m, o]);
    return `\uE001${marked.length - 1}\uE001`;
  };
  const value = templar.render(piece, vars, { ...(origin ? { origin } : {}), markNested: (m, o) => errors.nested(m, o), markError });
  if (typeof value !== 'string') {
    if (wholeType !== undefined && truthy(value)) wholeType(taggedTypeName(value));
    if (marked.length === 0) return pyStr(value);
    const [message, where] = marked[0] as [string, SourceLocation | undefined];
    return errors.undefinedValue(message, where);
  }
  return value.replace(/\uE001(\d+)\uE001/g, (_m, i: string) => errors.undefinedValue(...(marked[Number(i)] as [string, SourceLocation | undefined])));
}

function isUnnamed(task: TaskStep['task']): boolean {
  const nameKw = task.keywords.get('name');
  return !nameKw || nameKw.value === null || nameKw.value === '';
}

/** What Task.get_name() shows for a task without a name: its action (an include_role's with the role). */
function unnamed(task: TaskStep['task']): string {
  if (ROLE_INCLUDES.has(task.action) && task.args.has('name')) return `${task.actionWritten} : ${pyStr(task.args.get('name') as Data)}`;
  return task.actionWritten;
}

/** A role-less task's `name` that YAML read as a boolean or a number: its Python type (a role's task name is "role : name", a string). */
function nameTypeOf(step: TaskStep): { nameType?: string } | undefined {
  if (step.role) return {};
  const value = step.task.keywords.get('name')?.value;
  if (typeof value === 'boolean') return { nameType: 'bool' };
  if (typeof value === 'number' || typeof value === 'bigint') return { nameType: '_AnsibleTaggedInt' };
  if (value instanceof PyFloat) return { nameType: '_AnsibleTaggedFloat' };
  return undefined;
}

/** The Python type 2.19 names for a template's non-string result (every container or number comes out tagged). */
function taggedTypeName(value: unknown): string {
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number' || typeof value === 'bigint') return '_AnsibleTaggedInt';
  if (value instanceof PyFloat) return '_AnsibleTaggedFloat';
  if (Array.isArray(value)) return '_AnsibleTaggedList';
  if (value instanceof Map) return '_AnsibleTaggedDict';
  return typeof value;
}

/**
 * What the `[CHECK MODE]` banner marker reads: the check_mode keyword as written (inherited from
 * block and play), else --check. NOTE: the callback sees it untemplated, so any non-empty template
 * marks the banner, whatever it renders to.
 */
export function checkModeMarked(keyword: Keyword | undefined, cliCheck: boolean): boolean {
  return keyword === undefined ? cliCheck : truthy(keyword.value);
}
