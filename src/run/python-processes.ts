/**
 * The Python processes 2.19 templates in, as far as a plugin can tell them apart: the controller,
 * and one worker per task and host, forked from it. NOTE: a worker's stdio is /dev/null and its
 * sys.stderr a buffer; what lands there (a RuntimeWarning, `true is file`) comes back after the
 * task as a warning naming the worker. Python's warnings module shows a warning once per place
 * and process, and a fork inherits what its parent has already shown.
 */
import type { PythonProcess } from '../template/api.js';
import type { DisplayEvent } from './events.js';

/** WorkerProcess quotes this much of what a task wrote to stderr. */
const QUOTED_CHARS = 256;

export class ControllerProcess implements PythonProcess {
  readonly detachedStdio = false;
  private readonly shown = new Set<string>();

  /** `write` puts a line on the real stderr, where the controller's sys.stderr goes. */
  constructor(private readonly write: (line: string) => void) {}

  readonly pythonWarning = (line: string): void => {
    if (this.shown.has(line)) return;
    this.shown.add(line);
    this.write(line);
  };

  /** Whether the controller has shown the warning (a worker forked now would not show it again). */
  hasShown(line: string): boolean {
    return this.shown.has(line);
  }

  /** A task's worker for one host. */
  worker(): WorkerProcess {
    return new WorkerProcess(this);
  }
}

export class WorkerProcess implements PythonProcess {
  readonly detachedStdio = true;
  private readonly shown = new Set<string>();
  private stderr = '';

  constructor(private readonly parent: ControllerProcess) {}

  readonly pythonWarning = (line: string): void => {
    if (this.shown.has(line) || this.parent.hasShown(line)) return;
    this.shown.add(line);
    this.stderr += `${line}\n`;
  };

  /** 2.19's warning once the task is done, when it wrote anything; `task` gives str(task) (`TASK: name`). */
  report(host: string, task: () => string): DisplayEvent | undefined {
    if (this.stderr === '') return undefined;
    const quoted = this.stderr.slice(0, QUOTED_CHARS).replace(/^(?=.*\S)/gm, '    ');
    return { message: `WorkerProcess for [${host}/${task()}] errantly sent data directly to stderr instead of using Display:\n${quoted}\n` };
  }
}
