// One task compiled alone into a step, for unit tests of what the runner decides about a step.
import { ProgramBuilder, type CompileLoader } from '../../src/compile/compile-play.js';
import { EMPTY_FOLD } from '../../src/compile/fold-keywords.js';
import type { TaskStep } from '../../src/compile/program.js';
import type { Data } from '../../src/core/data.js';
import type { TaskNode } from '../../src/playbook/model.js';

const loc = { file: 'play.yml', line: 1, column: 1 };

export function taskStep(action: string, args: Record<string, Data>, keywords: Record<string, Data> = {}): TaskStep {
  const task: TaskNode = {
    kind: 'task', loc, actionWritten: action, action, args: new Map(Object.entries(args)), argsLoc: loc,
    keywords: new Map(Object.entries(keywords).map(([k, v]) => [k, { value: v, loc }])), isHandler: false,
  };
  const b = new ProgramBuilder({} as CompileLoader);
  b.addList([task], EMPTY_FOLD, { baseDir: '.' });
  return b.build().steps[0] as TaskStep;
}
