/**
 * The actions a play's compiled tasks and handlers name, each once, in the order they first
 * appear: what a transport may get its agents ready for (Transport.expectActions). Tasks that
 * dynamic includes load later are not known yet and are not in it.
 */
import type { CompiledPlay } from '../compile/program.js';

export function playActions(compiled: CompiledPlay): string[] {
  const actions = new Set<string>();
  for (const program of [compiled.program, compiled.handlers]) {
    for (const step of program.steps) if (step.kind === 'task') actions.add(step.task.action);
  }
  return [...actions];
}
