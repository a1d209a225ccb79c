/**
 * A loop's warnings as the events they were raised as. ansible's final loop result carries every
 * item's warnings again, as the same objects its display already showed (and so does not repeat);
 * Volant keeps them as events in the same order so the callback can recognise them too.
 */
import { pyStr, type Data, type DataDict } from '../core/data.js';
import type { DisplayEvent } from './events.js';

/** The text an event takes in a result's `warnings` list (with its cause, when it has one). */
function asText(event: DisplayEvent): string[] {
  return event.cause ? [event.message, `${event.message.replace(/\.$/, '')}: ${event.cause.message}`] : [event.message];
}

/** One item's warnings: its events where it has them, the result's other strings as plain events. */
export function itemWarningEvents(result: DataDict, events: readonly DisplayEvent[] = []): DisplayEvent[] {
  const strings = result.get('warnings');
  if (!Array.isArray(strings)) return [...events];
  const unused = [...events];
  const out: DisplayEvent[] = [];
  for (const text of strings.map((w: Data) => pyStr(w))) {
    const at = unused.findIndex((e) => asText(e).includes(text));
    out.push(at < 0 ? { message: text } : (unused.splice(at, 1)[0] as DisplayEvent));
  }
  return [...out, ...unused];
}
