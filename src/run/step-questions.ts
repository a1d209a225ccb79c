/**
 * --step for one play: whether to ask before each task, until the user answers `c` (continue)
 * for the rest of the serial batch.
 */
import { pyStr } from '../core/data.js';
import type { TaskStep } from '../compile/program.js';
import { askStep } from './step-prompt.js';
import type { Terminal } from './terminal.js';

export class StepQuestions {
  /** On until the user answers `c`, for the rest of the serial batch. */
  private asking = false;

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
    if (!this.asking || !terminal) return true;
    const answer = await askStep(terminal, `${isHandler ? 'HANDLER' : 'TASK'}: ${taskGetName(step)}`, host);
    if (answer === 'continue') this.asking = false;
    return answer !== 'no';
  }
}

/**
 * ansible's task.get_name(), untemplated: `role : name` (`role : action` when unnamed). NOTE: an
 * include_role names itself (its name, else `include_role : the role`) without its own role.
 */
function taskGetName(step: TaskStep): string {
  const task = step.task;
  const nameKw = task.keywords.get('name');
  const name = nameKw && nameKw.value !== null && nameKw.value !== '' ? pyStr(nameKw.value) : undefined;
  if (task.action === 'include_role') return name ?? `${task.actionWritten} : ${pyStr(task.args.get('name') ?? null)}`;
  return `${step.role ? `${step.role.def.name} : ` : ''}${name ?? task.actionWritten}`;
}
