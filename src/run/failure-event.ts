/**
 * The DisplayEvent of a failed task, shaped as ansible-core 2.19 raises it: "Task failed." at the
 * task, caused by "Action failed." / "Module failed." and the result's msg, or by the controller
 * error chain (a template that failed, with its own origin).
 */
import { pyStr, type DataDict } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';
import type { DisplayEvent } from './events.js';
import type { ErrorLink } from './task-error.js';

function chainEvent(links: readonly ErrorLink[]): DisplayEvent | undefined {
  let event: DisplayEvent | undefined;
  for (let i = links.length - 1; i >= 0; i--) {
    const link = links[i] as ErrorLink;
    event = { message: link.message, ...(link.origin ? { origin: link.origin } : {}), ...(event ? { cause: event } : {}) };
  }
  return event;
}

export function failureEvent(
  taskLoc: SourceLocation,
  result: DataDict,
  error: readonly ErrorLink[] | undefined,
  failKind: 'Action' | 'Module',
): DisplayEvent {
  const cause = error
    ? chainEvent(error)
    : { message: `${failKind} failed.`, cause: { message: result.has('msg') ? pyStr(result.get('msg')) : 'unknown error' } };
  return { message: 'Task failed.', origin: taskLoc, ...(cause ? { cause } : {}) };
}
