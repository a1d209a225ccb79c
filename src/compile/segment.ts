/**
 * A program is built in stretches: 2.19 loads a play's parts in one order (roles, handlers,
 * pre_tasks, post_tasks, tasks) and runs them in another (pre_tasks, roles, tasks, post_tasks), so
 * each part is filled when it loads into a segment laid out where it runs.
 */
import type { Span, Step } from './program.js';

/** One of 2.19's Blocks while its steps are added: where it ends, and whether it is one of the play's own. */
export interface Container {
  end: number;
  readonly playLevel: boolean;
}

/** A stretch of steps; its indices (spans, containers, empty roles) count from its own start. */
export interface Segment {
  readonly steps: Step[];
  readonly spans: Span[];
  /** The innermost Block around each step. */
  readonly containerOf: (Container | undefined)[];
  /** See Program.emptyRoles. */
  readonly emptyRoles: number[];
}

export function emptySegment(): Segment {
  return { steps: [], spans: [], containerOf: [], emptyRoles: [] };
}

/** The segments one after another, each one's indices moved to where it now starts. */
export function layOut(segments: readonly Segment[]): { steps: Step[]; spans: Span[]; emptyRoles: number[] } {
  const steps: Step[] = [];
  const spans: Span[] = [];
  const emptyRoles: number[] = [];
  for (const segment of segments) {
    const at = steps.length;
    const spanAt = spans.length;
    const spanIndex = (span: number): number => (span < 0 ? span : span + spanAt);
    for (const span of segment.spans) {
      spans.push({
        ...span,
        parent: spanIndex(span.parent),
        blockStart: span.blockStart + at,
        rescueStart: span.rescueStart + at,
        alwaysStart: span.alwaysStart + at,
        end: span.end + at,
      });
    }
    segment.steps.forEach((step, i) => {
      const placed = spanAt === 0 ? step : { ...step, span: spanIndex(step.span) };
      const container = segment.containerOf[i];
      if (placed.kind !== 'task' || !container) steps.push(placed);
      else steps.push({ ...placed, reviveAt: container.end + at, ...(container.playLevel ? { playBlock: true as const } : {}) });
    });
    for (const index of segment.emptyRoles) emptyRoles.push(index + at);
  }
  return { steps, spans, emptyRoles };
}
