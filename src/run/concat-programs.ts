import { buildJumpTable } from '../compile/jump-table.js';
import type { Program, Span, Step } from '../compile/program.js';

/** Several included programs run back to back (a looped include): one program, spans shifted. */
export function concatPrograms(programs: readonly Program[]): Program {
  const steps: Step[] = [];
  const spans: Span[] = [];
  const emptyRoles: number[] = [];
  for (const p of programs) {
    const offset = steps.length;
    for (const at of p.emptyRoles ?? []) emptyRoles.push(at + offset);
    const spanOffset = spans.length;
    for (const span of p.spans) {
      spans.push({
        ...span,
        parent: span.parent < 0 ? -1 : span.parent + spanOffset,
        loc: span.loc,
        blockStart: span.blockStart + offset,
        rescueStart: span.rescueStart + offset,
        alwaysStart: span.alwaysStart + offset,
        end: span.end + offset,
      });
    }
    for (const step of p.steps) {
      const shifted = { ...step, span: step.span < 0 ? -1 : step.span + spanOffset };
      if (shifted.kind === 'task' && shifted.reviveAt !== undefined) steps.push({ ...shifted, reviveAt: shifted.reviveAt + offset });
      else steps.push(shifted as Step);
    }
  }
  return { steps, spans, jumps: buildJumpTable(steps, spans), ...(emptyRoles.length > 0 ? { emptyRoles } : {}) };
}
