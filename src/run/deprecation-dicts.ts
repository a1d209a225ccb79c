/**
 * A deprecation as an event (what the display shows) and as the dict a task result carries (what
 * a playbook sees when it registers the result). NOTE: 2.19 turns every deprecation a task raised
 * — by templating, by its action, by its module — into one DeprecationSummary and gives playbooks
 * `{msg, collection_name, version | date, deprecator: {resolved_name, type}}`, help text left out.
 */
import { isDict, pyStr, type Data, type DataDict } from '../core/data.js';
import type { DeprecationEvent } from './events.js';

/** A module's deprecation dict (`msg`, `version`/`date`, `collection_name`, `deprecator`) as an event. */
export function deprecationFromDict(value: Data): DeprecationEvent {
  if (!isDict(value)) return { message: pyStr(value) };
  const text = (k: string): string | undefined => {
    const v = value.get(k);
    return v === undefined || v === null ? undefined : pyStr(v);
  };
  const out: DeprecationEvent = { message: text('msg') ?? '' };
  const plugin = deprecatorPlugin(value.get('deprecator'));
  return {
    ...out,
    ...(text('version') ? { version: text('version') } : {}),
    ...(text('date') ? { date: text('date') } : {}),
    ...(text('collection_name') ? { collection: text('collection_name') } : {}),
    ...(plugin ? { plugin } : {}),
    ...(text('help_text') ? { help: text('help_text') } : {}),
  };
}

/** A deprecation's `deprecator` (`{resolved_name: ansible.legacy.x, type: module}`) as "module 'x'". */
function deprecatorPlugin(deprecator: Data | undefined): string | undefined {
  if (!isDict(deprecator)) return undefined;
  const type = deprecator.get('type');
  const name = deprecator.get('resolved_name');
  if (typeof type !== 'string' || typeof name !== 'string') return undefined;
  return `${type} '${name.split('.').slice(2).join('.') || name}'`;
}

/** The event as 2.19 puts it in a task result (its brief message: the text and its causes). */
export function deprecationAsDict(event: DeprecationEvent): DataDict {
  const collection = event.collection ?? null;
  // "lookup plugin 'template'" or "module 'x'" names a plugin of the collection; without one, the collection deprecates.
  const plugin = event.plugin === undefined || collection === null ? null : /^(\w+)(?: plugin)? '([^']+)'$/.exec(event.plugin);
  const name = plugin?.[2];
  const deprecator = new Map<string, Data>([
    ['resolved_name', name === undefined ? collection : name.split('.').length > 2 ? name : `${collection}.${name}`],
    ['type', plugin?.[1] ?? null],
  ]);
  return new Map<string, Data>([
    ['msg', briefMessage(event)],
    ['collection_name', collection],
    event.date !== undefined ? ['date', event.date] : ['version', event.version ?? null],
    ['deprecator', deprecator],
  ]);
}

/** An event's text with its causes, as a result's `warnings` strings carry it. */
export function briefMessage(event: { readonly message: string; readonly cause?: { readonly message: string } }): string {
  return event.cause ? `${event.message.replace(/\.$/, '')}: ${event.cause.message}` : event.message;
}
