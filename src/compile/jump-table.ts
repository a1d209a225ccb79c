/**
 * Where a host goes after a step. Blocks are spans over the flat step list (block section, then
 * rescue, then always); these tables replace ansible's PlayIterator state machine.
 */
import type { Section, Span, Step } from './program.js';

/** Where a failure sends a host: into a rescue, into an always (failure pending), or out of the program. */
export interface FailTarget {
  /** Next step index; `steps.length` means the host leaves the program failed (unless `rescue`). */
  readonly target: number;
  /** The span whose rescue the host enters: its failure is cleared there. */
  readonly rescueSpan?: number;
  /** The span whose always the host enters with the failure still pending. */
  readonly pendingSpan?: number;
  /** No enclosing block handles it: the host has failed. */
  readonly hostFailed: boolean;
}

export interface JumpTable {
  /** After step i succeeds or is skipped. */
  readonly next: readonly number[];
  /** Spans (innermost first) left when moving from i to next[i]: a pending failure fires there. */
  readonly exits: readonly (readonly number[])[];
  /** After step i fails. */
  readonly fail: readonly FailTarget[];
  /** When span s ends with a failure pending (its always is done). */
  readonly spanFail: readonly FailTarget[];
  /** Ansible counts a failure as `rescued` when some enclosing block of the step has a rescue. */
  readonly rescuable: readonly boolean[];
  /**
   * The play's own block around step i (its outermost, when not imported) has a rescue: 2.19 counts
   * a handler failing in a flush there as rescued, from any section of that block.
   */
  readonly playBlockRescues: readonly boolean[];
}

export function sectionOf(span: Span, index: number): Section {
  if (index < span.rescueStart) return 'block';
  if (index < span.alwaysStart) return 'rescue';
  return 'always';
}

function contains(span: Span, index: number): boolean {
  return index >= span.blockStart && index < span.end;
}

function chain(spans: readonly Span[], start: number): number[] {
  const out: number[] = [];
  for (let s = start; s >= 0; s = (spans[s] as Span).parent) out.push(s);
  return out;
}

/** Walks outward from a failure in `section` of span `s` to the block that handles it. */
function failFrom(spans: readonly Span[], end: number, s: number, section: Section, hasRescue: readonly boolean[]): FailTarget {
  while (s >= 0) {
    const span = spans[s] as Span;
    if (section === 'block' && hasRescue[s]) {
      return { target: span.rescueStart, rescueSpan: s, hostFailed: false };
    }
    if ((section === 'block' || section === 'rescue') && span.alwaysStart < span.end) {
      return { target: span.alwaysStart, pendingSpan: s, hostFailed: false };
    }
    // The whole span failed: it is a failure at its own position in the parent.
    const parent = span.parent;
    section = parent >= 0 ? sectionOf(spans[parent] as Span, span.blockStart) : 'none';
    s = parent;
  }
  return { target: end, hostFailed: true };
}

/**
 * `kept`: the steps --tags leaves in the play. 2.19 filters a block's sections before the play
 * runs, so a rescue whose tasks are all left out is no rescue: the failure stands.
 */
export function buildJumpTable(steps: readonly Step[], spans: readonly Span[], kept?: (step: Step) => boolean): JumpTable {
  const end = steps.length;
  const hasRescue = spans.map((span) => span.rescueStart < span.alwaysStart && (kept === undefined || steps.slice(span.rescueStart, span.alwaysStart).some(kept)));
  const next: number[] = [];
  const exits: number[][] = [];
  const fail: FailTarget[] = [];
  const rescuable: boolean[] = [];
  const playBlockRescues: boolean[] = [];
  for (let i = 0; i < end; i++) {
    const step = steps[i] as Step;
    const enclosing = chain(spans, step.span);
    let j = i + 1;
    for (const s of enclosing) {
      const span = spans[s] as Span;
      // Success at the end of a block section skips the rescue.
      if (i < span.rescueStart && j === span.rescueStart) j = span.alwaysStart;
    }
    next.push(j);
    exits.push(enclosing.filter((s) => !contains(spans[s] as Span, j)));
    fail.push(failFrom(spans, end, step.span, step.section, hasRescue));
    rescuable.push(enclosing.some((s) => i < (spans[s] as Span).rescueStart && hasRescue[s] === true));
    const outermostIndex = enclosing[enclosing.length - 1] ?? -1;
    const outermost = spans[outermostIndex];
    playBlockRescues.push(outermost !== undefined && !outermost.imported && hasRescue[outermostIndex] === true);
  }
  const spanFail = spans.map((span) => {
    const parent = span.parent;
    const section = parent >= 0 ? sectionOf(spans[parent] as Span, span.blockStart) : 'none';
    return failFrom(spans, end, parent, section, hasRescue);
  });
  return { next, exits, fail, spanFail, rescuable, playBlockRescues };
}
