/**
 * The order in which the linear strategy offers steps: the program's steps, with the steps of
 * included files inserted after the include that brought them in. Each turn takes the first
 * step, from where the last turn left off (wrapping round once), that some host is waiting at.
 */
import type { Step } from '../compile/program.js';

export class LinearOrder {
  private readonly order: Step[];
  private position = 0;

  constructor(steps: readonly Step[]) {
    this.order = [...steps];
  }

  /** The next step any of the hosts waits at; `fallback` when none is in the order. */
  next(wanted: ReadonlySet<number>, fallback: Step): Step {
    let index = -1;
    for (let pass = 0; pass < 2 && index < 0; pass++) {
      for (let i = pass === 0 ? this.position : 0; i < this.order.length; i++) {
        if (wanted.has((this.order[i] as Step).id)) {
          index = i;
          break;
        }
      }
    }
    if (index < 0) {
      // A step only reachable through an include not in the order (should not happen).
      this.order.push(fallback);
      index = this.order.length - 1;
    }
    this.position = index + 1;
    return this.order[index] as Step;
  }

  /** The step after the one just taken: what a host may run ahead to. */
  following(): Step | undefined {
    return this.order[this.position];
  }

  /** Steps of files the last step included come right after it. */
  insert(included: readonly Step[]): void {
    if (included.length > 0) this.order.splice(this.position, 0, ...included);
  }
}
