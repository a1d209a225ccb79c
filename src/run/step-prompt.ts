/**
 * --step: before a task runs, ansible asks whether to run it. `y` runs it, `c` runs it and stops
 * asking for the rest of the play, anything else skips it. The question is shown again as a
 * banner once answered.
 */
import type { Terminal } from './terminal.js';

export type StepAnswer = 'yes' | 'no' | 'continue';

/** `label` is the task as ansible's str(task) shows it: `TASK: name`, its name not templated. */
export async function askStep(terminal: Terminal, label: string, host?: string): Promise<StepAnswer> {
  const question = `Perform task: ${label} ${host === undefined ? '' : `on ${host} `}(N)o/(y)es/(c)ontinue: `;
  const answer = await terminal.readLine(question);
  // NOTE: ansible reads with Python's input(), which raises at the end of input; the run stops.
  if (answer === undefined) throw new Error('EOF when reading a line');
  const reply = answer.toLowerCase();
  const verdict: StepAnswer = reply === 'y' || reply === 'yes' ? 'yes' : reply === 'c' || reply === 'continue' ? 'continue' : 'no';
  terminal.banner(question);
  return verdict;
}
