/**
 * --step for one play: whether to ask before each task, until the user answers `c` (continue)
 * for the rest of the serial batch.
 */
import type { TaskStep } from '../compile/program.js';
import { askStep } from './step-prompt.js';
import { taskGetName } from './task-get-name.js';
import type { Terminal } from './terminal.js';

export class StepQuestions {
  /** On until the user answers `c`, for the rest of the serial batch. */
  private asking = false;
  /** The step the last question was answered `no` about. */
  private declinedStep: number | undefined;

  constructor(
    private readonly enabled: boolean,
    private readonly terminal: Terminal | undefined,
  ) {}

  get on(): boolean {
    return this.asking;
  }

  /** A serial batch starts: ansible makes a new strategy for it, asking again. */
  startBatch(): void {
    this.asking = this.enabled && this.terminal !== undefined;
  }

  /** Asks whether to run the task (once per task, for every host at it under linear). */
  async confirm(step: TaskStep, isHandler: boolean, host?: string): Promise<boolean> {
    const terminal = this.terminal;
    this.declinedStep = undefined;
    if (!this.asking || !terminal) return true;
    const answer = await askStep(terminal, `${isHandler ? 'HANDLER' : 'TASK'}: ${taskGetName(step)}`, host);
    if (answer === 'continue') this.asking = false;
    if (answer === 'no') this.declinedStep = step.id;
    return answer !== 'no';
  }

  /** Whether the last question, about this step, was answered `no`. */
  declined(step: TaskStep): boolean {
    return this.declinedStep === step.id;
  }
}

