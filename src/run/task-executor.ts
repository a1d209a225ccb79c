/**
 * Runs one step on one host, as ansible's TaskExecutor does: loop → when → template args →
 * action (controller) or module (agent) → retries/until → changed_when/failed_when.
 * Returns ansible's result dict, internal keys included; the strategy applies it.
 */
import { modulesUnderTty } from './module-tty.js';
import { keepTrusted } from './registered-overrides.js';
import { isDict, isTuple, pyRepr, pyStr, truthy, type Data, type DataDict, type DictKey } from '../core/data.js';
import type { YamlNode } from '../yaml/node.js';
import { rawParamsError } from '../playbook/raw-params-error.js';
import { OMIT_PLACEHOLDER as OMIT, omittedValueError } from '../template/runtime/omit.js';
import { delegateHostName } from './delegate-host-name.js';
import { withRenderDefaults } from '../template/renderer-defaults.js';
import { ConnectionError, TemplateError, VolantError } from '../core/errors.js';
import { raisedElsewhere, type SourceLocation } from '../core/source-location.js';
import { copyValueOrigin, valueOrigin } from '../core/value-origins.js';
import type { TaskStep } from '../compile/program.js';
import type { Keyword } from '../playbook/model.js';
import type { LookupEnvironment, TemplateRenderer, VarSource } from '../template/api.js';
import type { ActionContext, ActionRegistry } from './action.js';
import type { DeprecationEvent, DisplayEvent, HostResult } from './events.js';
import { CapturedWarnings } from './captured-warnings.js';
import type { ControllerProcess } from './python-processes.js';
import { passesTaskArgs, shownArgs, sortedArgs, withModuleInternalArgs, type ShownArgs } from './module-internal-args.js';
import { includeArgsShown } from './include-args-shown.js';
import type { AgentSession, ConnectionSpec, ModuleRequest, ModuleResult, Transport } from './transport.js';
import type { PlayVars } from './vars-port.js';
import { ActionFail, ActionSkip, TaskError, briefMessage, chainMessage, linksOf, type ErrorLink } from './task-error.js';
import { unresolvedActionError } from './unresolved-action.js';
import { failureEvent } from './failure-event.js';
import { itemWarningEvents } from './loop-warnings.js';
import { checkStrictUtf8 } from './strict-utf8.js';
import { moduleDefaultArgs } from './module-defaults-args.js';
import { argsSplat, splatKeys } from './args-splat.js';
import { moduleCauses } from './module-causes.js';
import { capturedErrorField, normalizeException } from './captured-exception.js';
import { conditionsOf, keywordBool, keywordInt, keywordText, keywordWholeInt } from './keyword-values.js';
import { INVENTORY_ACTIONS } from './inventory-actions.js';
import { withTemplatedAction } from './templated-action.js';
import { postValidateWhen } from './when-post-validate.js';
import { asyncSettings, asyncUnsupported, controllerFailures, pollAsyncJob, renderKeyword } from './async-job.js';
import { withTaskTimeout, type TaskTimer } from './task-timeout.js';
import { withRunInternalArgs } from './run-internal-args.js';
import { delegatedVars } from './delegated-vars.js';
import { showVarsFilesRead, VARS_FILES_READ_VERBOSITY } from './vars-files-read.js';
import { inVaultWorker } from './vault-worker.js';
import { loopControl, loopVarInUse, loopVarOrigin, type LoopControl } from './loop-control.js';
import { loopItems } from './loop-items.js';
import { itemLocals, setItemKeys } from './loop-item-vars.js';
import { loopResult } from './loop-result.js';
import { NoLogError, noLogWarning, postValidatePlayContext, templateKw, templateTaskKeywords, type TaskKeywordValues } from './task-keyword-checks.js';

export interface ExecOptions {
  readonly checkMode: boolean;
  readonly diff: boolean;
  readonly verbosity: number;
  /** `poll` of an async task that sets none (DEFAULT_POLL_INTERVAL; 15). */
  readonly pollInterval?: number;
  /** `timeout` of a task that sets none (TASK_TIMEOUT; 0, no limit). */
  readonly taskTimeout?: number;
  /** max_diff_size, when the settings give one (ActionContext.maxDiffSize). */
  readonly maxDiffSize?: number;
}

export interface ExecServices {
  readonly templar: TemplateRenderer;
  /** The controller process: each task's templating runs in a worker forked from it (see python-processes). */
  readonly controller?: ControllerProcess;
  readonly transport: Transport;
  readonly actions: ActionRegistry;
  readonly options: ExecOptions;
  connectionSpec(host: string, vars: VarSource, step: TaskStep): ConnectionSpec;
  lookupEnv(step: TaskStep): LookupEnvironment;
  findFile(step: TaskStep, name: string, kind: 'files' | 'templates' | 'vars'): string | undefined;
  /** Per-item and retry events go out while the task runs, as ansible's worker sends them. */
  /** An item's result; `diff` shows its diff (the callback's fileDiff), before its `ok` line. */
  emitItem(kind: 'ok' | 'failed' | 'skipped' | 'diff', r: HostResult): void;
  emitRetry(r: HostResult): void;
  /** A background job's progress and end (`async` with `poll > 0`), as ansible's v2_runner_on_async_*. */
  emitAsync?(kind: 'poll' | 'ok' | 'failed', r: HostResult): void;
  display(text: string, options?: { verbosity?: number }): void;
  /** A warning the task raises while it runs (shown in the host's output order). */
  warning?(host: string, event: DisplayEvent): void;
  prompt?: ActionContext['prompt'];
  taskInfo(step: TaskStep, host: string): HostResult['task'];
  /** The `collections:` a task's action searches (ActionContext.collections). */
  searchedCollections?(step: TaskStep): Data | undefined;
}

function collectionsOf(services: ExecServices, step: TaskStep): { collections?: Data } {
  const collections = services.searchedCollections?.(step);
  return collections === undefined ? {} : { collections };
}

export interface ExecOutcome {
  readonly result: DataDict;
  /** Controller-side failure detail for the [ERROR] block (origin, caused-by chain). */
  readonly error?: readonly ErrorLink[];
  /** The action kind for error wording: "Action failed" (controller) or "Module failed". */
  readonly failKind: 'Action' | 'Module';
  /** The error is shown as it is, not under "Task failed." (see TaskError.bare). */
  readonly bare?: boolean;
  readonly delegatedTo?: string;
  readonly warnings?: readonly DisplayEvent[];
  /** Deprecations templating raised while the task ran (see CapturedWarnings). */
  readonly deprecations?: readonly DeprecationEvent[];
  /** The args as the task ran with them (see module-internal-args). */
  readonly ranArgs?: ShownArgs;
  /** The task as it ran when its action was a template (the callbacks see the module it named). */
  readonly ranAs?: TaskStep;
}


/** The longest task timeout 2.19 accepts (BSD's alarm limit). */
const MAX_TASK_TIMEOUT = 100_000_000;
/** Actions whose arguments ansible does not template before the action runs. */
const RAW_ARG_ACTIONS = new Set(['include_tasks', 'include_role', 'import_tasks', 'import_role', 'meta', 'validate_argument_spec']);

export class TaskExecutor {
  constructor(
    private readonly services: ExecServices,
    private readonly playVars: PlayVars,
    /** services.templar, or the one bound to the worker running the task (see run). */
    private readonly templar = services.templar,
  ) {}

  run(host: string, step: TaskStep): Promise<ExecOutcome> {
    return inVaultWorker(() => this.runOnHost(host, step));
  }

  private async runOnHost(host: string, step: TaskStep): Promise<ExecOutcome> {
    const controller = this.services.controller;
    if (!controller) return this.runInWorker(host, step);
    const worker = controller.worker();
    const templar = withRenderDefaults(this.templar, { process: worker });
    const outcome = await new TaskExecutor(this.services, this.playVars, templar).runInWorker(host, step);
    // str(task) names it as its banner does (asked only now: naming may template the name)
    const report = worker.report(host, () => {
      const info = this.services.taskInfo(step, host);
      return `${info.isHandler ? 'HANDLER' : 'TASK'}: ${info.role === undefined ? '' : `${info.role} : `}${info.name}`;
    });
    if (report) this.services.warning?.(host, report);
    return outcome;
  }

  private async runInWorker(host: string, step: TaskStep): Promise<ExecOutcome> {
    const baseVars = this.playVars.forTask(host, step);
    let loopError: unknown;
    let items: Data[] | undefined;
    try {
      items = loopItems(step, baseVars, this.templar, this.services.lookupEnv(step));
    } catch (e) {
      // NOTE: ansible defers an undefined variable in `loop` until `when` has had its say; any
      // other loop error fails the task at once, outside "Task failed.".
      if (!isUndefinedError(e)) return bareFailure(e);
      loopError = e;
    }
    if (items === undefined) {
      const outcome = await this.executeOnce(host, step, new Map(), loopError);
      ensureChanged(outcome.result);
      return outcome;
    }
    if (items.length === 0) {
      return {
        result: new Map<string, Data>([['changed', false], ['skipped', true], ['skipped_reason', 'No items in the list'], ['results', []]]),
        failKind: 'Action',
      };
    }
    return this.runLoop(host, step, items);
  }

  private async runLoop(host: string, step: TaskStep, items: Data[]): Promise<ExecOutcome> {
    const task = step.task;
    let control: LoopControl;
    try {
      control = loopControl(step, this.playVars.forTask(host, step), this.templar);
    } catch (e) {
      // A loop_control value that fails to template or convert fails the task, shown as it is.
      return bareFailure(e);
    }
    const results: DataDict[] = [];
    const warningEvents: DisplayEvent[] = [];
    const deprecationEvents: DeprecationEvent[] = [];
    let lastError: readonly ErrorLink[] | undefined;
    let failKind: 'Action' | 'Module' = 'Action';
    let delegatedTo: string | undefined;
    let ranAs: TaskStep | undefined;
    let ranArgs: ShownArgs | undefined;
    const register = keywordText(task.keywords.get('register'));
    // set_fact / include_vars results of one item are seen by the next, as in ansible's loop.
    const carried = new Map<string, Data>();
    // 2.19 warns, before the first item, when the loop variable already names a variable (an
    // outer loop's item seen by an included task's loop).
    if (this.playVars.forTask(host, step).has(control.loopVar)) this.services.warning?.(host, loopVarInUse(control.loopVar, loopVarOrigin(step)));
    for (let index = 0; index < items.length; index++) {
      const item = items[index] as Data;
      if (control.pause > 0 && index > 0) await sleep(control.pause * 1000);
      const { locals, loopInfo } = itemLocals(control, items, index, carried);
      const outcome = await this.executeOnce(host, step, locals, undefined);
      const res = outcome.result;
      const facts = res.get('ansible_facts');
      if (isDict(facts) && (task.action === 'set_fact' || task.action === 'include_vars')) {
        for (const [k, v] of facts) carried.set(String(k), v);
      }
      if (outcome.error) lastError = outcome.error;
      failKind = outcome.failKind;
      ranAs = outcome.ranAs;
      // NOTE: an include's loop result shows the task as written (its items are not run as the task).
      if (task.action !== 'include_tasks' && task.action !== 'include_role') ranArgs = outcome.ranArgs;
      // The whole loop's result names the delegate as written (2.19 labels it with the task's
      // untemplated delegate_to: `h1 -> {{ item }}`).
      if (outcome.delegatedTo) delegatedTo = delegateWritten(step) ?? outcome.delegatedTo;
      // NOTE: as 2.19's loop, the registered name holds this item's result for its label and for
      // the next items (their when, args, label), until the whole loop's result replaces it.
      if (register) {
        locals.set(register, res);
        carried.set(register, res);
      }
      setItemKeys(res, control, items, index, loopInfo);
      res.set('_ansible_item_result', true);
      res.set('_ansible_ignore_errors', keywordBool(step.folded.scalars.get('ignore_errors')) ?? false);
      res.set('_ansible_ignore_unreachable', keywordBool(step.folded.scalars.get('ignore_unreachable')) ?? null);
      const vars = this.playVars.forTask(host, step, locals);
      // NOTE: a label with an undefined value fails the item quietly: 2.19 prints no error for it,
      // but an item that had already failed with an error of its own still shows that error. Any
      // other error fails the whole task where the label was written, this item's result dropped.
      const erredBeforeLabel = outcome.error !== undefined && (truthy(res.get('failed')) || truthy(res.get('unreachable')));
      let labelFailed = false;
      try {
        const label = control.label === undefined ? item : this.templar.render(control.label, vars, control.labelOrigin ? { origin: control.labelOrigin } : {});
        // NOTE: 2.19 has no value to put for a label that templated to omit: it refuses it.
        if (isOmitted(label)) return bareFailure(omittedValueError(control.labelOrigin));
        res.set('_ansible_item_label', label);
      } catch (e) {
        if (!(e instanceof TemplateError && e.code === 'template-undefined')) return bareFailure(e);
        labelFailed = true;
        res.set('failed', true);
        res.set('msg', `Failed to template loop_control.label: ${briefMessage(linksOf(e).map((l) => l.message))}`);
      }
      const hr: HostResult = {
        host,
        task: this.services.taskInfo(outcome.ranAs ?? step, host),
        result: res,
        ...(outcome.delegatedTo ? { delegatedTo: outcome.delegatedTo } : {}),
        ...((truthy(res.get('failed')) || truthy(res.get('unreachable'))) && (!labelFailed || erredBeforeLabel) ? { error: failureEvent(task.loc, res, outcome.error, outcome.failKind, outcome.bare) } : capturedErrorField(res)),
        ...(outcome.warnings ? { warnings: outcome.warnings } : {}),
        ...(outcome.deprecations ? { deprecations: outcome.deprecations } : {}),
        ...(outcome.ranArgs ? { ranArgs: outcome.ranArgs } : {}),
      };
      // NOTE: failed_when's verdict decides how an item shows (2.19's is_failed), also when until's
      // last attempt marked it failed after (its error still shows, above an ok line).
      const itemFailed = res.has('failed_when_result') ? truthy(res.get('failed_when_result')) : truthy(res.get('failed'));
      if (itemFailed || truthy(res.get('unreachable'))) this.services.emitItem('failed', hr);
      else if (truthy(res.get('skipped'))) this.services.emitItem('skipped', hr);
      else {
        // NOTE: 2.19's loop sends each item's diff just before the item's own line, not at the end.
        const diff = keywordBool(templateKw(step.folded.scalars.get('diff'), vars, this.templar)) ?? this.services.options.diff;
        if (diff) this.services.emitItem('diff', hr);
        // An inventory action's item is shown when its result is applied (result-processor).
        if (!INVENTORY_ACTIONS.has(task.action)) this.services.emitItem('ok', hr);
      }
      results.push(res);
      warningEvents.push(...itemWarningEvents(res, outcome.warnings));
      deprecationEvents.push(...(outcome.deprecations ?? []));
      if (control.breakWhen.length > 0) {
        // NOTE: a break_when that cannot be evaluated fails the whole task, its items dropped.
        let stop: boolean;
        try {
          stop = this.conditionsHold(control.breakWhen, vars);
        } catch (e) {
          return bareFailure(e);
        }
        if (stop) break;
      }
    }
    const res = loopResult(results);
    return {
      result: res,
      ...(lastError ? { error: lastError } : {}),
      failKind,
      ...(delegatedTo ? { delegatedTo } : {}),
      ...(warningEvents.length > 0 ? { warnings: warningEvents } : {}),
      ...(deprecationEvents.length > 0 ? { deprecations: deprecationEvents } : {}),
      // as 2.19 keeps the last item's templated action for the whole result
      ...(ranAs ? { ranAs } : {}),
      ...(ranArgs ? { ranArgs } : {}),
    };
  }

  private conditionsHold(conditions: readonly Keyword[], vars: VarSource, warn?: CapturedWarnings['warn']): boolean {
    for (const kw of conditions) {
      for (const [cond, origin] of conditionsOf(kw)) {
        if (!this.templar.evaluateConditional(cond, vars, { origin, ...(warn ? { warn } : {}) })) return false;
      }
    }
    return true;
  }

  /** One execution (one loop item, or the whole task without a loop). */
  private async executeOnce(host: string, step: TaskStep, locals: Map<string, Data>, loopError: unknown): Promise<ExecOutcome> {
    const task = step.task;
    const templar = this.templar;
    const warnings: DisplayEvent[] = [];
    const captured = new CapturedWarnings(warnings);
    const isAction = this.services.actions.has(task.action);
    const failKind: 'Action' | 'Module' = isAction ? 'Action' : 'Module';
    // NOTE: a failure names the delegate as far as it got: its text while it fails to template.
    let shownDelegate: string | undefined;
    let delegatedTo: string | undefined;
    let hostSpec: ConnectionSpec | undefined;
    let connSpec: ConnectionSpec | undefined;
    let vars: VarSource = this.playVars.forTask(host, step, locals);
    let unreachableArgs: ShownArgs | undefined;
    // NOTE: a task that fails by an exception after 2.19 templated its args (post_validate) hands
    // those back with its result, as a module's own failure does.
    let failedArgs: ShownArgs | undefined;
    try {
      // NOTE: 2.19 templates delegate_to first (before when, even for a task it skips), and the
      // connection variables the task sees (ansible_host …) are then the delegate's.
      const delegateKw = delegateKeyword(step);
      if (delegateKw && delegateKw.value !== null) {
        shownDelegate = pyStr(delegateKw.value);
        const d = typeof delegateKw.value === 'string' ? templar.render(shownDelegate, vars, { origin: delegateKw.loc }) : delegateKw.value;
        // a literal '' delegates nowhere, as omit does; a name that fails is shown as written
        if (d !== OMIT && delegateKw.value !== '') shownDelegate = delegatedTo = delegateHostName(d, shownDelegate);
        else shownDelegate = undefined;
        // the delegate's variables are asked for with the play's (see vars-files-read.ts)
        if (delegatedTo !== undefined && this.services.options.verbosity >= VARS_FILES_READ_VERBOSITY) showVarsFilesRead(this.services, this.playVars, delegatedTo);
      }
      connSpec = this.addConnectionVars(host, step, locals, delegatedTo);
      if (delegatedTo === undefined) hostSpec = connSpec;
      vars = this.playVars.forTask(host, step, locals);
      // when
      for (const kw of step.folded.when) {
        for (const [cond, origin] of conditionsOf(kw)) {
          let ok: boolean;
          try {
            ok = templar.evaluateConditional(cond, vars, { origin, lookup: this.services.lookupEnv(step), warn: captured.warn });
          } catch (e) {
            if (loopError !== undefined) throw loopError;
            throw e;
          }
          if (!ok) {
            const skipped = new Map<string, Data>([
              ['changed', false],
              ['skipped', true],
              ['skip_reason', 'Conditional result was False'],
              ['false_condition', cond],
              // NOTE: a skipped result is censored too, by the task's no_log as templated for it.
              ['_ansible_no_log', skippedNoLog(step, vars, templar)],
            ]);
            if (typeof cond === 'string' && templar.isTemplate(cond)) keepTrusted(skipped, 'false_condition', origin);
            return { result: skipped, failKind, ...captured.settle(skipped) };
          }
        }
      }
      if (loopError !== undefined) throw loopError;
      postValidateWhen(step.folded.when, vars, templar);
      const templated = withTemplatedAction(step, vars, templar);
      if (templated !== step) return { ...(await this.executeOnce(host, templated, locals, undefined)), ranAs: templated };

      if (task.action === 'include_tasks' || task.action === 'include_role') {
        // NOTE: an include's play context is validated before it returns: an undefined become_user
        // of its block or play fails it, before any file is loaded.
        postValidatePlayContext(step, vars, templar);
        const args = this.renderIncludeArgs(step, vars);
        if (task.action === 'include_tasks') {
          const file = args.get('_raw_params') ?? args.get('file');
          const includeArgs = new Map(args);
          includeArgs.delete('_raw_params');
          if (file === undefined || file === null || file === '') {
            // NOTE: the include is an action of 2.19's, whatever Volant's action table holds.
            return { result: new Map<string, Data>([['failed', true], ['msg', 'No include file was specified to the include']]), failKind: 'Action' };
          }
          return { result: withNoLog(new Map<string, Data>([['include', file], ['include_args', includeArgs]]), step, vars, templar), failKind, ranArgs: shownArgs(() => includeArgsShown(task.action, args)) };
        }
        return { result: withNoLog(new Map<string, Data>([['include_args', args]]), step, vars, templar), failKind, ranArgs: () => args };
      }

      // NOTE: 2.19 templates the task's keywords (post_validate) before its arguments.
      const keywords = templateTaskKeywords(step, vars, templar, this.services.options);
      const unresolved = unresolvedActionError(task);
      if (unresolved) throw unresolved;
      const rawError = rawParamsError(task);
      // The error points at the action's key (a line of its own when the task has a name first).
      if (rawError) throw new TaskError([{ message: rawError, ...(task.actionLoc ? { origin: task.actionLoc } : {}) }]);
      // 2.19 sets up the connection (its become plugin too) for every action: its error fails even a debug.
      if (hostSpec === undefined && delegatedTo === undefined) this.services.connectionSpec(host, vars, step);
      const args = RAW_ARG_ACTIONS.has(task.action) ? task.args : this.renderArgs(step, vars, host, captured.warn);
      // The args as 2.19's callbacks see them in the result.
      const internals =
        RAW_ARG_ACTIONS.has(task.action) || !passesTaskArgs(task.action, args)
          ? undefined
          : { action: task.action, actionWritten: task.actionWritten, ...keywords, verbosity: this.services.options.verbosity, vars, spec: connSpec };
      // NOTE: without pipelining 2.19 makes the remote tmp dir before it adds the internals: an unreachable host never gets them.
      const sorted = shownArgs(() => sortedArgs(args, task.action));
      const ranArgs = RAW_ARG_ACTIONS.has(task.action) ? undefined : internals ? shownArgs(() => withModuleInternalArgs(sorted(), internals)) : sorted;
      if (!RAW_ARG_ACTIONS.has(task.action)) {
        unreachableArgs = internals && connSpec?.pipelining ? ranArgs : sorted;
        failedArgs = sorted;
      }

      const retriesKw = task.keywords.get('retries');
      const untilKw = task.keywords.get('until');
      let retries = 1;
      const r = keywordWholeInt(templateKw(retriesKw, vars, templar));
      if (r !== undefined) retries += Math.max(0, r);
      else if (untilKw) retries += 3;
      let delay = keywordInt(templateKw(task.keywords.get('delay'), vars, templar)) ?? 5;
      if (delay < 0) delay = 1;
      const register = keywordText(task.keywords.get('register'));

      let result: DataDict = new Map();
      let moduleFailed = false;
      for (let attempt = 1; attempt <= retries; attempt++) {
        result = await this.dispatch(host, step, args, vars, keywords, delegatedTo, warnings, hostSpec);
        const timedOut = timeoutFailure(result);
        if (timedOut !== undefined) {
          timedOut.set('_ansible_no_log', noLogOf(step, vars, templar));
          const error = controllerFailures.get(result);
          return { result: timedOut, failKind, ...(error ? { error } : {}), ...(delegatedTo ? { delegatedTo } : {}), ...(ranArgs ? { ranArgs } : {}) };
        }
        // "Module failed" when the module itself said so; a failure the controller decided is the action's.
        // An action that hands back its module's result (copy, template) failed as the module.
        // A module's exception makes its result the module's error even when it did not fail (failed_when may fail it).
        moduleFailed = (!isAction || MODULE_RESULTS.has(result)) && (truthy(result.get('failed')) || result.has('exception'));
        // A failed module's result carries its exception already when failed_when looks at it.
        if (moduleFailed && !result.has('exception')) result.set('exception', '(traceback unavailable)');
        if (!result.has('failed')) {
          const rc = result.get('rc');
          result.set('failed', rc !== undefined && rc !== 0 && rc !== '0');
        }
        if (retries > 1) result.set('attempts', attempt);
        if (!result.has('changed')) result.set('changed', false);
        if (register) locals.set(register, result);
        const facts = result.get('ansible_facts');
        // set_fact and include_vars results are visible to until/changed_when/failed_when at once.
        if (isDict(facts) && (task.action === 'set_fact' || task.action === 'include_vars')) {
          for (const [k, v] of facts) locals.set(String(k), v);
        }
        const after = this.playVars.forTask(host, step, locals);
        if (!result.has('skipped')) {
          let condname = 'changed';
          try {
            const changedWhen = task.keywords.get('changed_when');
            if (changedWhen && !isEmptyCondition(changedWhen.value)) result.set('changed', this.conditionsHold([changedWhen], after, captured.warn));
            condname = 'failed';
            const failedWhen = task.keywords.get('failed_when');
            if (failedWhen && !isEmptyCondition(failedWhen.value)) {
              const failed = this.conditionsHold([failedWhen], after, captured.warn);
              result.set('failed_when_result', failed);
              result.set('failed', failed);
              if (!failed && result.has('exception')) {
                result.set('failed_when_suppressed_exception', result.get('exception') as Data);
                result.delete('exception');
                // NOTE: a crashed module's "Task failed: …" msg is 2.19's controller's, made only for a failed result.
                if (pyStr(result.get('msg')).startsWith('Task failed: ')) result.delete('msg');
              }
            }
          } catch (e) {
            result.set('failed', true);
            // NOTE: 2.19 stores the error's text, its causes joined as its brief message is.
            result.set(`${condname}_when_result`, briefMessage(linksOf(e).map((l) => l.message)));
          }
        }
        if (retries > 1) {
          const ok = untilKw ? this.conditionsHold([untilKw], after, captured.warn) : !truthy(result.get('failed'));
          if (ok) break;
          if (attempt < retries) {
            result.set('_ansible_retry', true);
            result.set('retries', retries);
            // NOTE: the retried result has no delegated vars yet: the label is `h1 -> h3`, no address.
            this.services.emitRetry({ host, task: this.services.taskInfo(step, host), result, ...(delegatedTo ? { delegatedTo } : {}) });
            await sleep(delay * 1000);
          } else {
            result.set('attempts', retries - 1);
            result.set('failed', true);
          }
        }
      }
      const kind: 'Action' | 'Module' = moduleFailed ? 'Module' : 'Action';
      const controllerFailure = controllerFailures.get(result);
      const notify = keywords.notify;
      if (notify !== undefined && notify !== null) result.set('_ansible_notify', Array.isArray(notify) ? notify : [notify]);
      if (delegatedTo) result.set('_ansible_delegated_vars', this.delegatedVarsOf(host, delegatedTo, step, connSpec));
      if (truthy(result.get('failed'))) {
        // NOTE: 2.19 normalizes a failure's exception last (so it follows changed and attempts),
        // then gives a failure without msg one.
        const exception = result.get('exception') ?? '(traceback unavailable)';
        result.delete('exception');
        result.set('exception', exception);
        if (!result.has('msg')) result.set('msg', `Task failed: ${kind} failed: Unknown error.`);
      } else {
        // NOTE: a result that did not fail keeps a truthy exception as 2.19's error summary (shown above it).
        normalizeException(result);
      }
      // NOTE: 2.19 ors the task's no_log with the one an action set on its result (include_vars of a vaulted file).
      result.set('_ansible_no_log', noLogOf(step, vars, templar) || result.get('_ansible_no_log') === true);
      const messages = captured.settle(result);
      return {
        result,
        failKind: kind,
        ...(controllerFailure ? { error: controllerFailure } : {}),
        ...(delegatedTo ? { delegatedTo } : {}),
        ...messages,
        ...(ranArgs ? { ranArgs } : {}),
      };
    } catch (e) {
      if (e instanceof ConnectionError) {
        const noLog = skippedNoLog(step, vars, templar);
        const chain: ErrorLink[] = [{ message: noLog ? censoredConnectionMessage(e.message) : e.message }];
        const result = new Map<string, Data>([['unreachable', true], ['exception', '(traceback unavailable)'], ['msg', chainMessage(chain)], ['changed', false]]);
        // a loop item unreachable this way is censored and labelled '(censored due to no_log)', as any other
        if (noLog) result.set('_ansible_no_log', true);
        return {
          result,
          error: chain,
          failKind,
          ...(shownDelegate ? { delegatedTo: shownDelegate } : {}),
          ...(unreachableArgs ? { ranArgs: unreachableArgs } : {}),
        };
      }
      if (e instanceof TaskError && e.bare) return bareFailure(e);
      if (e instanceof ActionSkip) {
        return { result: new Map<string, Data>([['skipped', true], ['msg', e.reason], ['changed', false]]), failKind };
      }
      const chain = linksOf(e);
      const result = new Map<string, Data>([
        ['failed', true],
        ['exception', '(traceback unavailable)'],
        ['msg', e instanceof ActionFail ? e.reason : chainMessage(chain)],
        ['changed', false],
      ]);
      if (e instanceof ActionFail && e.result) for (const [k, v] of e.result) if (!result.has(k)) result.set(k, v);
      // NOTE: 2.19 masks the result of a task whose no_log it cannot template, and warns.
      if (e instanceof NoLogError) {
        result.set('_ansible_no_log', true);
        warnings.push(noLogWarning(e));
      } else if (skippedNoLog(step, vars, templar)) {
        // a loop item that failed this way is labelled '(censored due to no_log)', as any other
        result.set('_ansible_no_log', true);
      }
      // what templating warned or deprecated before the failure shows with it (a broken conditional's {{ }})
      return { result, error: chain, failKind, ...(shownDelegate ? { delegatedTo: shownDelegate } : {}), ...captured.settle(result), ...(failedArgs ? { ranArgs: failedArgs } : {}) };
    }
  }

  /** A delegated result's `_ansible_delegated_vars` (only the delegate's name where its connection could not be worked out). */
  private delegatedVarsOf(host: string, delegate: string, step: TaskStep, spec: ConnectionSpec | undefined): DataDict {
    if (spec === undefined) return new Map([['ansible_delegated_host', delegate]]);
    const vars = this.playVars.forTask(delegate, step);
    return delegatedVars({ delegate, host, vars, connection: spec.connection, ...(spec.becomeMethod !== undefined ? { becomeMethod: spec.becomeMethod } : {}), ...(spec.user !== undefined ? { remoteUser: spec.user } : {}) });
  }

  /**
   * ansible's PlayContext.update_vars: the connection's settings become variables (ansible_host,
   * ansible_connection, …) for the task when nothing defines them; a delegated task's are the
   * delegate's. Returns that connection (undefined when it cannot be worked out).
   */
  private addConnectionVars(host: string, step: TaskStep, locals: Map<string, Data>, delegatedTo: string | undefined): ConnectionSpec | undefined {
    const base = this.playVars.forTask(host, step, locals);
    let spec: ConnectionSpec;
    try {
      if (delegatedTo === undefined) spec = this.services.connectionSpec(host, base, step);
      else {
        const delegateVars = this.playVars.forTask(delegatedTo, step);
        spec = this.services.connectionSpec(delegatedTo, delegateVars, step);
        // 2.19 addresses a delegate by its own ansible_host, else by its name (never 127.0.0.1)
        if (!delegateVars.has('ansible_host') && !delegateVars.has('ansible_ssh_host')) spec = { ...spec, address: delegatedTo };
      }
    } catch {
      // dispatch computes it again and fails the task with the error where 2.19 would
      return undefined;
    }
    const set = (name: string, value: Data | undefined): void => {
      if (value !== undefined && !base.has(name) && !locals.has(name)) locals.set(name, value);
    };
    // Each setting under every name 2.19's MAGIC_VARIABLE_MAPPING gives it, where not already set.
    const both = (names: readonly string[], value: Data | undefined): void => {
      for (const name of names) set(name, value);
    };
    both(['ansible_host', 'ansible_ssh_host'], spec.address);
    set('ansible_connection', spec.connection);
    both(['ansible_port', 'ansible_ssh_port'], spec.port);
    both(['ansible_user', 'ansible_ssh_user'], spec.user);
    both(['ansible_timeout', 'ansible_ssh_timeout'], spec.timeout);
    both(['ansible_pipelining', 'ansible_ssh_pipelining'], spec.pipelining);
    both(['ansible_private_key_file', 'ansible_ssh_private_key_file'], spec.privateKeyFile);
    set('ansible_shell_executable', spec.shellExecutable);
    set('ansible_module_compression', spec.moduleCompression);
    return spec;
  }

  /** Templates each argument; a failure names the argument as 2.19 does. */
  private renderArgs(step: TaskStep, vars: VarSource, host: string, warn: CapturedWarnings['warn']): DataDict {
    const task = step.task;
    const out: DataDict = new Map();
    const lookup = this.services.lookupEnv(step);
    const defaults = moduleDefaultArgs(step, vars, this.templar);
    const finalization = finalizationLink(task);
    const splat = argsSplat(step, vars, this.templar, finalization, (event) => this.services.warning?.(host, event));
    const written = defaults.size === 0 && !splat ? task.args : new Map([...defaults, ...(splat ?? []), ...task.args]);
    if (splat) for (const key of splatKeys(task)) written.delete(key);
    for (const [key, value] of written) {
      const source = task.args.has(key) ? task.args : splat?.has(key) ? splat : defaults;
      // A templated args dict is already rendered; assert's `that` is its own (the action resolves it).
      if (source === splat || (task.action === 'assert' && key === 'that')) {
        out.set(key, value);
        continue;
      }
      const origin =
        source === defaults
          ? (valueOrigin(defaults, key) ?? task.argsLoc)
          : (argLocation(task.argsNode, key) ?? argLocation(task.extraArgsNode, key) ?? task.argsLoc);
      try {
        const rendered = stripOmit(this.templar.renderDeep(value, vars, { origin, lookup, warn }));
        if (isOmitted(rendered)) continue;
        out.set(key, rendered);
        // set_fact's facts keep where their values were written.
        copyValueOrigin(source, out, key);
      } catch (e) {
        throw argResolutionError(finalization, key, origin, e);
      }
    }
    return out;
  }

  /** An include's arguments, each templated; a failure names the argument as renderArgs' do. */
  private renderIncludeArgs(step: TaskStep, vars: VarSource): DataDict {
    const task = step.task;
    const out: DataDict = new Map();
    const lookup = this.services.lookupEnv(step);
    for (const [key, value] of task.args) {
      const origin = argLocation(task.argsNode, key) ?? task.argsLoc;
      try {
        const rendered = this.templar.renderDeep(value, vars, { origin, lookup });
        if (!isOmitted(rendered)) out.set(key, rendered);
      } catch (e) {
        // NOTE: 2.19's TaskInclude holds include_tasks' `file` as its `_raw_params`.
        const shown = task.action === 'include_tasks' && key === 'file' ? '_raw_params' : key;
        throw argResolutionError(finalizationLink(task), shown, origin, e);
      }
    }
    return out;
  }

  /** `hostSpec`: the host's connection as addConnectionVars worked it out for these variables. */
  private async dispatch(
    host: string,
    step: TaskStep,
    args: DataDict,
    vars: VarSource,
    keywords: TaskKeywordValues,
    delegatedTo: string | undefined,
    warnings: DisplayEvent[],
    hostSpec?: ConnectionSpec,
  ): Promise<DataDict> {
    const task = step.task;
    const services = this.services;
    const connHost = delegatedTo ?? host;
    // A delegated task connects with the delegate's own variables (its inventory vars, or none for a
    // name outside the inventory, with the play's and task's), as 2.19's delegated vars do.
    const connVars = delegatedTo === undefined || delegatedTo === host ? vars : this.playVars.forTask(delegatedTo, step);
    const spec = (): ConnectionSpec => (delegatedTo === undefined && hostSpec ? hostSpec : services.connectionSpec(connHost, connVars, step));
    let session: Promise<AgentSession> | undefined;
    const getSession = (): Promise<AgentSession> => (session ??= services.transport.session(spec()));
    const { checkMode, diff, noLog } = keywords;
    const environment = this.environment(step, vars, (message) => warnings.push({ message }));
    let tty: boolean | undefined;
    const runModule = async (request: Omit<ModuleRequest, 'checkMode' | 'diff'> & { checkMode?: boolean; diff?: boolean }): Promise<ModuleResult> => {
      const s = await getSession();
      tty ??= modulesUnderTty(spec());
      const result = await s.runModule({
        checkMode,
        diff,
        noLog,
        ...(environment ? { environment } : {}),
        ...(tty ? { tty } : {}),
        ...request,
        args: withRunInternalArgs(request.args, services.options.verbosity),
      });
      checkStrictUtf8(result, request.module);
      MODULE_RESULTS.add(result);
      return result;
    };
    const action = services.actions.get(task.action);
    const timeoutKw = step.folded.scalars.get('timeout');
    const timeout = timeoutKw ? keywordWholeInt(templateKw(timeoutKw, vars, this.templar)) : services.options.taskTimeout;
    // NOTE: 2.19 checks the bounds as it sets the alarm (setitimer's), around the action's run.
    if (timeout !== undefined && (timeout < 0 || timeout > MAX_TASK_TIMEOUT)) throw new TaskError([{ message: `Timeout ${timeout} is invalid, it must be between 0 and ${MAX_TASK_TIMEOUT}.` }]);
    const job = asyncSettings(step, renderKeyword(this.templar, vars), services.options.pollInterval);
    if (job) {
      const unsupported = asyncUnsupported(task.action, action !== undefined);
      if (unsupported) return unsupported;
    }
    if (action) {
      const ctx = (timer?: TaskTimer): ActionContext => ({
        host,
        ...(delegatedTo !== undefined ? { delegatedTo } : {}),
        step,
        action: task.action,
        args,
        rawArgs: task.args,
        vars,
        templar: this.templar,
        lookup: services.lookupEnv(step),
        checkMode,
        diff,
        verbosity: services.options.verbosity,
        ...(services.options.maxDiffSize !== undefined ? { maxDiffSize: services.options.maxDiffSize } : {}),
        noLog,
        ...collectionsOf(services, step),
        session: getSession,
        connection: () => spec().connection,
        resetConnection: async () => {
          session = undefined;
          await services.transport.reset(connHost);
        },
        runModule,
        display: (text, options) => services.display(text, options),
        warn: (event) => warnings.push(event),
        ...(services.prompt ? { prompt: services.prompt } : {}),
        findFile: (name, kind) => services.findFile(step, name, kind),
        ...(timer ? { timer } : {}),
        ...(environment ? { environment } : {}),
      });
      return await withTaskTimeout(timeout, (timer) => action(ctx(timer)));
    }
    if (checkMode && CHECK_MODE_SKIPPED.has(task.action)) throw new ActionSkip(`This action (${task.actionWritten}) does not support check mode.`);
    // NOTE: 2.19 names a module in its argument errors as the task wrote it (ansible.builtin.file)
    const moduleArgs = task.actionWritten === task.action ? args : new Map([...args, ['_ansible_module_name', task.actionWritten]]);
    if (!job) return normalizeModuleResult(await runModule({ module: task.action, args: moduleArgs, ...(timeout ? { timeout } : {}) }));
    const launch = normalizeModuleResult(await runModule({ module: task.action, args: moduleArgs, asyncSeconds: job.seconds }));
    if (job.poll === 0 || truthy(launch.get('skipped')) || truthy(launch.get('failed'))) return launch;
    const emit = (kind: 'poll' | 'ok' | 'failed', result: DataDict): void =>
      services.emitAsync?.(kind, { host, task: services.taskInfo(step, host), result });
    const final = await pollAsyncJob(launch, job, {
      status: async (statusArgs) => normalizeModuleResult(await runModule({ module: 'async_status', args: statusArgs })),
      onPoll: (r) => emit('poll', r),
      sleep,
    });
    emit(truthy(final.get('failed')) ? 'failed' : 'ok', final);
    return final;
  }

  private environment(step: TaskStep, vars: VarSource, warn: (message: string) => void): Map<string, string> | undefined {
    if (step.folded.environment.length === 0) return undefined;
    const env = new Map<string, string>();
    for (const kw of step.folded.environment) {
      // An `environment:` left empty is not set; an omitted entry is skipped.
      if (kw.value === null) continue;
      let value: Data;
      try {
        value = this.environmentLayer(kw.value, vars, kw.loc, step.task.action);
      } catch (e) {
        // 2.19 templates the keyword's whole list (every layer) and names it with no origin of its own.
        const written = pyRepr(step.folded.environment.flatMap((layer) => (Array.isArray(layer.value) ? layer.value : [layer.value])));
        throw new TaskError([{ message: "Error processing keyword 'environment'.", context: `Origin: <unknown>\n\n${written}` }, ...linksOf(e)]);
      }
      // a written list's items are entries; what a template renders (a list, a tuple) is one
      const list = Array.isArray(kw.value) && Array.isArray(value) && !isTuple(value) ? value : [value];
      for (const entry of list) {
        if (entry === OMIT) continue;
        if (isDict(entry)) for (const [k, v] of entry) env.set(String(k), pyStr(v));
        // NOTE: 2.19 names every layer as written (play's first), not the one it skips.
        else warn(`could not parse environment value, skipping: ${pyRepr(step.folded.environment.flatMap((layer) => (Array.isArray(layer.value) ? layer.value : [layer.value])))}`);
      }
    }
    return env;
  }

  /**
   * One layer of `environment` templated: a mapping key by key, where 2.19 drops a key whose value
   * needs the still undefined `ansible_env` facts (any task) or `ansible_facts.env` (fact gathering).
   */
  private environmentLayer(value: Data, vars: VarSource, origin: SourceLocation | undefined, action: string): Data {
    const options = origin ? { origin } : {};
    if (!isDict(value)) return this.templar.renderDeep(value, vars, options);
    const out: DataDict = new Map();
    for (const [k, v] of value) {
      try {
        const one: DataDict = new Map([[k, v]]);
        copyValueOrigin(value, one, k);
        for (const [key, rendered] of this.templar.renderDeep(one, vars, options) as DataDict) out.set(key, rendered);
      } catch (e) {
        if (!(e instanceof VolantError && e.code === 'template-undefined' && needsEnvFacts(e.message, action))) throw e;
      }
    }
    return out;
  }
}

/** An undefined-variable error 2.19 forgives in `environment` until facts give `ansible_env`. */
function needsEnvFacts(message: string, action: string): boolean {
  return message.includes('ansible_env') || (GATHER_ACTIONS.has(action) && message.includes('ansible_facts.env'));
}
const GATHER_ACTIONS: ReadonlySet<string> = new Set(['gather_facts', 'ansible.builtin.gather_facts', 'ansible.legacy.gather_facts', 'setup', 'ansible.builtin.setup', 'ansible.legacy.setup']);

/** Modules whose 2.19 action plugin skips the task in check mode before the module (and its argument check) runs. */
const CHECK_MODE_SKIPPED = new Set(['uri']);

/** Results the agent's modules returned, so a failure passed through an action reads "Module failed". */
const MODULE_RESULTS = new WeakSet<object>();

/** What ansible's normal action adds to a module's result on the controller. */
export function normalizeModuleResult(result: DataDict): DataDict {
  // The agent names the Python exception behind a failure here; it is shown, never returned.
  const cause = result.get('_volant_cause');
  if (cause !== undefined) {
    result.delete('_volant_cause');
    moduleCauses.set(result, pyStr(cause));
  }
  for (const stream of ['stdout', 'stderr']) {
    const text = result.get(stream);
    if (typeof text === 'string' && !result.has(`${stream}_lines`)) result.set(`${stream}_lines`, splitLines(text));
  }
  return result;
}

/** Python's str.splitlines(). */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  // eslint-disable-next-line no-control-regex -- Python's splitlines() breaks on these separators
  const lines = text.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function bareFailure(e: unknown): ExecOutcome {
  const chain = linksOf(e);
  const result = new Map<string, Data>([
    ['failed', true],
    ['exception', '(traceback unavailable)'],
    ['msg', briefMessage(chain.map((l) => l.message))],
  ]);
  return { result, error: chain, failKind: 'Action', bare: true };
}

function isUndefinedError(e: unknown): boolean {
  return e instanceof Error && /is undefined|has no attribute|has no element/.test(e.message);
}

function noLogOf(step: TaskStep, vars: VarSource, templar: TemplateRenderer): boolean {
  return keywordBool(templateKw(step.folded.scalars.get('no_log'), vars, templar)) ?? false;
}

/** A skipped task's no_log; one that cannot be templated masks the result, as for a task that ran. */
/** NOTE: 2.19's ssh connection leaves ssh's own words out of its failure under no_log. */
function censoredConnectionMessage(message: string): string {
  const prefix = 'Failed to connect to the host via ssh:';
  return message.startsWith(prefix) ? `${prefix} <error censored due to no log>` : message;
}

function skippedNoLog(step: TaskStep, vars: VarSource, templar: TemplateRenderer): boolean {
  try {
    return noLogOf(step, vars, templar);
  } catch {
    return true;
  }
}

/**
 * Where the action's key was written. NOTE: a file read as JSON has no positions (line 0), and 2.19
 * tags no mapping key read by json.loads: the key shows as `Origin: <unknown>` and itself.
 */
function actionKeyOrigin(task: TaskStep['task']): Pick<ErrorLink, 'origin' | 'context'> {
  const at = task.actionLoc ?? task.loc;
  if (task.actionLoc !== undefined && task.actionLoc.line === 0) return { context: `Origin: <unknown>\n\n${task.actionWritten}` };
  return { origin: at };
}

/** An include's result carries its no_log, so a looped include's `included:` line censors the item. */
function withNoLog(result: DataDict, step: TaskStep, vars: VarSource, templar: TemplateRenderer): DataDict {
  if (skippedNoLog(step, vars, templar)) result.set('_ansible_no_log', true);
  return result;
}

function ensureChanged(result: DataDict): void {
  if (!result.has('changed')) result.set('changed', false);
}

function isEmptyCondition(value: Data): boolean {
  return value === null || (Array.isArray(value) && value.length === 0);
}

function fqcn(action: string): string {
  return action.includes('.') ? action : `ansible.builtin.${action}`;
}

/** Where one argument's value is written (its YAML node), for error origins. */
function argLocation(node: YamlNode | undefined, key: DictKey): SourceLocation | undefined {
  if (!node || node.kind !== 'map') return undefined;
  for (const pair of node.pairs) {
    if (pair.key.kind === 'scalar' && pair.key.value === key) return pair.value.loc;
  }
  return undefined;
}

/** The outermost link of an error in templating a task's args. */
function finalizationLink(task: TaskStep['task']): ErrorLink {
  return { message: `Finalization of task args for '${fqcn(task.action)}' failed.`, ...actionKeyOrigin(task) };
}

/** "Error while resolving value for 'key'" under the finalization of the task's args. */
function argResolutionError(finalization: ErrorLink, key: DictKey, origin: SourceLocation | undefined, e: unknown): TaskError {
  const [first, ...rest] = linksOf(e);
  // NOTE: a cause raised elsewhere (a variable's own template) stays a link of its own, at its
  // origin; so does one whose origin is unknown (shown in its context).
  if (raisedElsewhere(first?.origin, origin) || (first?.origin === undefined && first?.context?.startsWith('Origin: <unknown>'))) {
    return new TaskError([finalization, { message: `Error while resolving value for '${pyStr(key)}'.`, origin }, first, ...rest]);
  }
  const inner: ErrorLink = { message: `Error while resolving value for '${pyStr(key)}': ${first?.message ?? 'unknown error'}`, origin: first?.origin ?? origin };
  return new TaskError([finalization, inner, ...rest]);
}

function isOmitted(value: Data): boolean {
  return value === OMIT;
}

/** `omit` inside a rendered list or dict disappears from it, as 2.19 finalizes values. */
function stripOmit(value: Data): Data {
  if (Array.isArray(value)) {
    if (!value.some((v) => v === OMIT || isDict(v) || Array.isArray(v))) return value;
    return value.filter((v) => v !== OMIT).map(stripOmit);
  }
  if (isDict(value)) {
    let changed = false;
    for (const v of value.values()) if (v === OMIT || isDict(v) || Array.isArray(v)) changed = true;
    if (!changed) return value;
    const out: DataDict = new Map();
    for (const [k, v] of value) if (v !== OMIT) out.set(k, stripOmit(v));
    return out;
  }
  return value;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * NOTE: 2.19's task timeout is an exception out of the attempt loop: no retries, no attempts,
 * no changed_when/failed_when, and the result in the exception's key order.
 */
function timeoutFailure(result: DataDict): DataDict | undefined {
  const timedout = result.get('timedout');
  if (!controllerFailures.has(result) || !isDict(timedout)) return undefined;
  return new Map<string, Data>([
    ['timedout', timedout],
    ['failed', true],
    ['exception', '(traceback unavailable)'],
    ['msg', result.get('msg') ?? null],
    ['changed', false],
  ]);
}

/** The task's delegate_to keyword; 2.19's ModuleArgsParser makes local_action's localhost win. */
function delegateKeyword(step: TaskStep): Keyword | undefined {
  if (step.task.localAction) return step.task.delegateTo;
  return step.folded.scalars.get('delegate_to') ?? step.task.delegateTo;
}

/** The task's delegate_to as written (a template unrendered), or undefined without one. */
function delegateWritten(step: TaskStep): string | undefined {
  const kw = delegateKeyword(step);
  return kw && kw.value !== null ? pyStr(kw.value) : undefined;
}
