/**
 * When the task debugger opens on a result, as ansible's TaskResult.needs_debugger decides: the
 * `debugger:` keyword (always, never, on_failed, on_unreachable, on_skipped) wins over the global
 * switch (strategy debug, enable_task_debugger), which opens on failures and unreachable hosts.
 */
import type { Verdict } from '../result-processor.js';

export interface DebuggerSettings {
  /** ANSIBLE_ENABLE_TASK_DEBUGGER: the debugger opens on every failure. */
  readonly enabled: boolean;
  /** ANSIBLE_TASK_DEBUGGER_IGNORE_ERRORS (default true): a failure ignore_errors ignores is none. */
  readonly ignoreErrors: boolean;
}

export function needsDebugger(keyword: string | undefined, globally: boolean, verdict: Verdict, ignoreErrors: boolean, settings?: DebuggerSettings): boolean {
  const failed = verdict === 'failed' || verdict === 'ignored';
  const ignored = (settings?.ignoreErrors ?? true) && ignoreErrors;
  const unreachable = verdict === 'unreachable';
  switch (keyword) {
    case 'always':
      return true;
    case 'never':
      return false;
    case 'on_failed':
      if (failed && !ignored) return true;
      break;
    case 'on_unreachable':
      if (unreachable) return true;
      break;
    case 'on_skipped':
      if (verdict === 'skipped') return true;
      break;
  }
  return globally && ((failed && !ignored) || unreachable);
}
