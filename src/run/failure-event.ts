/**
 * The DisplayEvent of a failed task, shaped as ansible-core 2.19 raises it: "Task failed." at the
 * task, caused by "Action failed." / "Module failed." and the result's msg, or by the controller
 * error chain (a template that failed, with its own origin).
 */
import { pyStr, type DataDict } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';
import type { DisplayEvent } from './events.js';
import type { ErrorLink } from './task-error.js';
import { moduleCauses, resultSubEvents } from './module-causes.js';

export function chainEvent(links: readonly ErrorLink[]): DisplayEvent | undefined {
  let event: DisplayEvent | undefined;
  for (let i = links.length - 1; i >= 0; i--) {
    const link = links[i] as ErrorLink;
    event = { message: link.message, ...(link.origin ? { origin: link.origin } : {}), ...(link.help ? { help: link.help } : {}), ...(link.whileHandling ? { whileHandling: true } : {}), ...(link.context !== undefined ? { context: link.context } : {}), ...(event ? { cause: event } : {}) };
  }
  return event;
}

/** `taskLoc` undefined: a task ansible made itself, whose failures name no origin. */
export function failureEvent(
  taskLoc: SourceLocation | undefined,
  result: DataDict,
  error: readonly ErrorLink[] | undefined,
  failKind: 'Action' | 'Module',
  bare = false,
): DisplayEvent {
  if (error && bare) return chainEvent(error) ?? { message: 'Unknown error.' };
  // A result that failed without a msg was given the whole brief message as its msg.
  const prefix = `Task failed: ${failKind} failed: `;
  let msg = result.has('msg') ? pyStr(result.get('msg')) : 'Unknown error.';
  if (msg.startsWith(prefix)) msg = msg.slice(prefix.length);
  else if (msg === `Task failed: ${failKind} failed.`) msg = ''; // an exception without a message
  const exception = moduleCauses.get(result);
  const subEvents = resultSubEvents.get(result);
  const inner: DisplayEvent = exception
    ? { message: msg, cause: { message: exception } }
    : subEvents
      ? { message: msg, events: subEvents.map((message) => ({ message })) }
      : { message: msg };
  const cause = error ? chainEvent(error) : { message: `${failKind} failed.`, cause: inner };
  return { message: 'Task failed.', ...(taskLoc ? { origin: taskLoc } : {}), ...(cause ? { cause } : {}) };
}
