import { isDict, pyStr, truthy, type DataDict } from '../core/data.js';
import type { DeprecationEvent, DisplayEvent, HostResult } from '../run/events.js';
import { deprecationFromDict } from '../run/deprecation-dicts.js';
import type { CallbackOptions } from './callback-options.js';
import { Display } from './display.js';
import { callbackView, isDebugAction } from './format/callback-view.js';
import { hostLabel } from './format/labels.js';
import { dumpResult } from './format/dump-result.js';

/** Keys debug keeps next to `msg` (ansible's _DEBUG_ALLOWED_KEYS). */
const DEBUG_ALLOWED = new Set(['msg', 'exception', 'warnings', 'deprecations']);
/** Keys debug hides next to `var` output (ansible's CallbackBase._hide_in_debug). */
const HIDE_IN_DEBUG = ['changed', 'failed', 'skipped', 'invocation', 'skip_reason', 'ansible_loop_var', 'ansible_index_var', 'ansible_loop'];

/** A result being shown: the callback's own copy of the dict (it is mutated), and its event. */
export interface Shown {
  readonly r: HostResult;
  readonly result: DataDict;
}

/** What ansible's CallbackBase gives every stdout callback: result views, dumping, warnings. */
export abstract class CallbackBase {
  protected readonly screen: Display;
  protected readonly options: CallbackOptions;

  constructor(options: CallbackOptions) {
    this.options = options;
    this.screen = new Display(options);
  }

  protected get verbosity(): number {
    return this.screen.verbosity;
  }

  /** display_failed_stderr is the default callback's option: minimal and oneline print errors on stdout. */
  protected get failedToStderr(): boolean {
    return false;
  }

  protected view(r: HostResult): Shown {
    return { r, result: callbackView(r.result, r.task.actionWritten || r.task.action, r.task.noLog) };
  }

  protected label(s: Shown): string {
    return hostLabel(s.r.host, s.r.delegatedTo ?? s.r.task.delegateTo, s.result);
  }

  protected isLoop(s: Shown): boolean {
    return (s.r.task.loop ?? looksLikeLoopResult(s.result)) && s.result.has('results');
  }

  protected isVerbose(s: Shown, level = 0): boolean {
    return (this.verbosity > level || s.result.get('_ansible_verbose_always') === true) && s.result.get('_ansible_verbose_override') !== true;
  }

  protected dump(s: Shown, indent?: number): string {
    return dumpResult(s.result, {
      verbosity: this.verbosity,
      indent,
      resultFormat: this.options.resultFormat,
      prettyResults: this.options.prettyResults,
    });
  }

  /** Shows the task's warnings, deprecations and error (ansible's _handle_warnings_and_exception), removing them from the result. */
  protected warningsAndError(s: Shown): void {
    const warnings = s.result.get('warnings');
    s.result.delete('warnings');
    if (truthy(warnings ?? null)) {
      const events: readonly (string | DisplayEvent)[] = s.r.warnings ?? (Array.isArray(warnings) ? warnings.map((w) => pyStr(w)) : []);
      for (const w of events) this.screen.warning(w);
    }
    const deprecations = s.result.get('deprecations');
    s.result.delete('deprecations');
    // Deprecations templating raised while the task ran come as events only (the result has no key for them).
    if (truthy(deprecations ?? null) || (s.r.deprecations?.length ?? 0) > 0) {
      const events = s.r.deprecations ?? (Array.isArray(deprecations) ? deprecations.map(deprecationFromDict) : []);
      for (const d of events) this.screen.deprecated(d);
    }
    const exception = s.result.get('exception');
    s.result.delete('exception');
    if (s.r.error && (exception === undefined || truthy(exception))) this.screen.error(s.r.error, this.failedToStderr);
  }

  /** debug shows only what it was asked for (ansible's _clean_results). */
  protected cleanResults(s: Shown): void {
    if (!isDebugAction(s.r.task.actionWritten || s.r.task.action)) return;
    const result = s.result;
    if (result.has('msg')) {
      for (const key of [...result.keys()]) {
        if (typeof key === 'string' && !DEBUG_ALLOWED.has(key) && !key.startsWith('_')) result.delete(key);
      }
    } else {
      for (const key of HIDE_IN_DEBUG) result.delete(key);
    }
  }

  warning(message: string | DisplayEvent): void {
    this.screen.warning(message);
  }

  deprecation(message: string | DeprecationEvent): void {
    this.screen.deprecated(message);
  }

  display(text: string, options: { stderr?: boolean; verbosity?: number; host?: string } = {}): void {
    const msg = options.host === undefined ? text : `<${options.host}> ${text}`;
    if ((options.verbosity ?? 0) > this.verbosity) {
      const logVerbosity = this.options.logVerbosity ?? 0;
      if (logVerbosity > this.verbosity && logVerbosity >= (options.verbosity ?? 0)) this.screen.display(msg, { logOnly: true });
      return;
    }
    const verbose = (options.verbosity ?? 0) > 0;
    this.screen.display(msg, { stderr: options.stderr ?? (verbose && this.options.verboseToStderr), color: verbose ? 'verbose' : undefined });
  }
}

function looksLikeLoopResult(result: DataDict): boolean {
  const results = result.get('results');
  return Array.isArray(results) && results.some((item) => isDict(item) && item.has('ansible_loop_var'));
}
