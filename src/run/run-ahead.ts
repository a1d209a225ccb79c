/**
 * Volant's cross-host run-ahead (opt-in: VOLANT_RUNAHEAD=1, or `runahead = True` under
 * `[volant]` in ansible.cfg). Under the linear strategy a host that has finished a step waits for
 * the slowest host before it starts the next one. With run-ahead, a host that finished a step
 * starts its next step at once, if run-ahead-policy.ts says neither step depends on the other
 * hosts; the early execution's output is held back and printed at the step's turn, in host order,
 * exactly where linear prints it. Results are applied (register, stats, handlers, the host's place
 * in the play) only at the step's turn, so a host is at most one step ahead of the others.
 */
import type { Step, TaskStep } from '../compile/program.js';
import { captureOutput, type CapturedOutput } from './output-capture.js';
import type { ExecOutcome } from './task-executor.js';
import { Slots } from './slots.js';

interface Early {
  readonly output: CapturedOutput;
  /** Undefined when the step turned out to depend on the others: it runs at its turn. */
  readonly outcome: Promise<ExecOutcome | undefined>;
}

export class RunAhead {
  private readonly early = new Map<string, Early>();
  readonly slots: Slots;
  /** How many steps ran early (for tests and traces). */
  started = 0;

  constructor(forks: number) {
    this.slots = new Slots(forks);
  }

  private static key(host: string, step: Step): string {
    return `${host}\u0000${step.id}`;
  }

  /** Starts `step` on `host` now, its output held back until taken. */
  start(host: string, step: TaskStep, run: () => Promise<ExecOutcome | undefined>): void {
    const output: CapturedOutput = [];
    const outcome = captureOutput(output, () => this.slots.use(run)).then((o) => {
      if (o !== undefined) this.started++;
      return o;
    });
    // A failure is reported when the step's turn takes the outcome, as it would have been then.
    outcome.catch(() => undefined);
    this.early.set(RunAhead.key(host, step), { output, outcome });
  }

  /** The early execution of `step` on `host`, if there is one; it is taken only once. */
  take(host: string, step: Step): Early | undefined {
    const key = RunAhead.key(host, step);
    const found = this.early.get(key);
    this.early.delete(key);
    return found;
  }

  /** Early executions nobody took (the play ended first) still finish before the play does. */
  async settle(): Promise<void> {
    const pending = [...this.early.values()];
    this.early.clear();
    await Promise.allSettled(pending.map((e) => e.outcome));
  }
}
