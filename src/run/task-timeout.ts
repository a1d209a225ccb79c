/**
 * A task's `timeout:`, as 2.19's TaskExecutor applies it: an alarm around the whole action run,
 * controller-side actions (pause) included; past it the task fails with TaskTimeoutError's result.
 */
import { PyFloat, type Data, type DataDict } from '../core/data.js';
import { controllerFailures } from './async-job.js';
import { DeprecatedText } from '../core/deprecated-values.js';

const TIMEOUT_HELP = 'Configure `DISPLAY_TRACEBACK` to see a traceback on timeout errors.';

/** What a controller-side action sees of its task's timeout. */
export interface TaskTimer {
  /** Aborts when the timeout expires: an action that waits stops waiting. */
  readonly signal: AbortSignal;
  /**
   * Set while the action waits inside a Python `except` (pause without a terminal sleeps in the
   * handler of its non-interactive prompt): 2.19 shows a timeout then as raised while handling.
   */
  inExcept: boolean;
}

/**
 * The result 2.19 registers for a task that ran past its `timeout:`; `whileHandling` when the
 * alarm went off inside an `except` (the error is shown in full, not folded into one line).
 */
export function timeoutResult(seconds: number, whileHandling = false): DataDict {
  const timedout = new Map<string, Data>([
    ['frame', new DeprecatedText(TIMEOUT_HELP, { message: 'The `timedout.frame` task result key is deprecated.', version: '2.23', help: TIMEOUT_HELP })],
    ['period', Number.isInteger(seconds) ? seconds : new PyFloat(seconds)],
  ]);
  const result = new Map<string, Data>([
    ['changed', false],
    ['failed', true],
    ['msg', `Task failed: Timed out after ${seconds} second(s).`],
    ['timedout', timedout],
  ]);
  // The controller's own error (2.19's TaskTimeoutError), shown as it is, not as the module's failure.
  controllerFailures.set(result, [{ message: `Timed out after ${seconds} second(s).`, ...(whileHandling ? { whileHandling } : {}) }]);
  return result;
}

/**
 * Runs a controller-side action under the task's timeout (none when 0 or unset). When it expires the
 * timer's signal aborts (pause stops waiting) and the task gets the timeout's result.
 */
export async function withTaskTimeout(seconds: number | undefined, run: (timer?: TaskTimer) => Promise<DataDict> | DataDict): Promise<DataDict> {
  if (seconds === undefined || seconds <= 0 || !timerFits(seconds)) return run();
  const controller = new AbortController();
  const taskTimer: TaskTimer = { signal: controller.signal, inExcept: false };
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<DataDict>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(timeoutResult(seconds, taskTimer.inExcept));
    }, seconds * 1000);
  });
  try {
    return await Promise.race([Promise.resolve(run(taskTimer)), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether Node can wait that long (setTimeout holds a signed 32-bit count of milliseconds, about
 * 24.8 days, and fires at once past it). A longer timeout never expires within a run.
 */
export function timerFits(seconds: number): boolean {
  return seconds * 1000 <= 0x7fffffff;
}
