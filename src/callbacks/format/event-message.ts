import type { DeprecationEvent, DisplayEvent } from '../../run/events.js';
import { formatSourceContext, type SourceReader } from './source-context.js';

const DEFAULT_REASON = '<<< caused by >>>';

/** Joins a message and its cause as ansible's `concat_message`: "Task failed." + "boom" → "Task failed: boom". */
function concatMessage(left: string, right: string): string {
  return `${left.replace(/[. ]+$/, '')}: ${right}`;
}

/** ansible's `deduplicate_message_parts`: outermost first, a cause already ending the message is not repeated. */
function joinMessageParts(parts: readonly string[]): string {
  const reversed = [...parts].reverse();
  let message = reversed[0] ?? '';
  for (const part of reversed.slice(1)) {
    message = part.endsWith(message) ? part : concatMessage(part, message);
  }
  return message;
}

/** The one-line message of an event and all its causes: "Task failed: Action failed: boom". */
export function briefMessage(event: DisplayEvent): string {
  const parts: string[] = [];
  for (let e: DisplayEvent | undefined = event; e; e = e.cause) parts.push(e.message);
  return joinMessageParts(parts);
}

function contextOf(event: DisplayEvent, read: SourceReader): string | undefined {
  if (event.context !== undefined) return event.context;
  return event.origin ? formatSourceContext(event.origin, read) : undefined;
}

function messageLines(message: string, help: string | undefined, context: string | undefined): string[] {
  // NOTE: ansible keeps help on the message's line when there is nothing else to show.
  if (help && context === undefined && !message.includes('\n') && !help.includes('\n')) return [`${message} ${help}`];
  const lines = [message];
  if (context !== undefined) lines.push(context);
  if (help) lines.push('', help);
  return lines;
}

function sameOrigin(a: DisplayEvent, b: DisplayEvent, read: SourceReader): boolean {
  return contextOf(a, read) === contextOf(b, read) && a.help === b.help;
}

function formatChildren(label: string, children: readonly string[]): string {
  let out = '\n';
  children.forEach((child, i) => {
    out += `+--[ ${label} ${i + 1} of ${children.length} ]---\n`;
    out += `\n${child}\n`
      .split(/(?<=\n)/)
      .map((line) => `| ${line}`)
      .join('');
  });
  return out + `+--[ End ${label} ]---\n`;
}

/**
 * ansible's `format_event_verbose_message`: causes without their own origin or help fold into
 * one message; a cause with its own origin starts a new segment after `<<< caused by >>>`, and
 * then the whole brief message is printed first.
 */
function verboseMessage(event: DisplayEvent, read: SourceReader): string {
  const segments: string[] = [];
  let current: DisplayEvent | undefined = event;
  while (current) {
    const messages = [current.message];
    let cause: DisplayEvent | undefined = current.cause;
    let reason = current.causeReason ?? DEFAULT_REASON;
    while (cause) {
      if (cause.events && cause.events.length > 0) break;
      // NOTE: ansible stops folding at a cause whose own (unshown) chain has another reason.
      if (cause.whileHandling) break;
      if ((cause.origin || cause.context !== undefined || cause.help) && !sameOrigin(cause, current, read)) break;
      if (cause.cause && (cause.causeReason ?? DEFAULT_REASON) !== reason) break;
      messages.push(cause.message);
      reason = cause.causeReason ?? DEFAULT_REASON;
      cause = cause.cause;
    }
    let segment = messageLines(joinMessageParts(messages), current.help, contextOf(current, read)).join('\n') + '\n';
    if (current.events && current.events.length > 0) {
      segment += formatChildren(
        'Sub-Event',
        current.events.map((child) => verboseMessage(child, read)),
      );
    }
    segments.push(segment);
    if (cause) segments.push(`\n${reason}\n\n`);
    current = cause;
  }
  if (segments.length > 1) segments.unshift(briefMessage(event) + '\n\n');
  return segments.join('');
}

/** The words a traceback puts between an event and its cause (ansible's EventChain.traceback_reason). */
function tracebackReason(event: DisplayEvent, cause: DisplayEvent): string {
  if (cause.whileHandling) return 'During handling of the above exception, another exception occurred:';
  // NOTE: "Action failed." and "Module failed." wrap an error captured in the action or on the target.
  const captured = event.message === 'Action failed.' ? 'action' : event.message === 'Module failed.' ? 'target' : undefined;
  return captured
    ? `The above ${captured} exception was the direct cause of the following controller exception:`
    : 'The above exception was the direct cause of the following exception:';
}

/**
 * ansible's `format_event_traceback`: innermost cause first, each event's traceback (Volant has
 * none: "(traceback missing)") joined by why it caused the next (the junit callback's error text).
 */
export function eventTraceback(event: DisplayEvent): string {
  const segments: string[] = [];
  for (let current: DisplayEvent | undefined = event; current; current = current.cause) {
    let segment = '(traceback missing)\n';
    if (current.events && current.events.length > 0) segment += formatChildren('Sub-Traceback', current.events.map(eventTraceback));
    segments.push(segment);
    if (current.cause) segments.push(`\n${tracebackReason(current, current.cause)}\n\n`);
  }
  return segments.reverse().join('');
}

/**
 * An event as the text after `[ERROR]: ` / `[WARNING]: `: one line ends in a newline, several
 * lines end in a blank line (ansible's `format_event`).
 */
export function formatEvent(event: DisplayEvent, read: SourceReader): string {
  const msg = verboseMessage(event, read).trim();
  return msg.includes('\n') ? `${msg}\n\n` : `${msg}\n`;
}

/** "This feature will be removed from ansible-core version 2.23." appended to a deprecation's message. */
export function deprecationMessage(event: DeprecationEvent): string {
  const collection = event.collection;
  const parts = ['This feature will be removed'];
  if (collection) {
    parts.push('from');
    if (event.plugin) parts.push(event.plugin, 'in');
    parts.push(collection === 'ansible.builtin' ? 'ansible-core' : `collection '${collection}'`);
    if (event.date) parts.push(`in a release after ${event.date}`);
    else if (event.version) parts.push(`version ${event.version}`);
    else parts.push('in a future release');
  } else {
    parts.push('in the future');
  }
  return joinSentences(event.message, parts.join(' ') + '.');
}

function joinSentences(first: string, second: string): string {
  let a = first.trim();
  let b = second.trim();
  if (a && !/[!?.]$/.test(a)) a += '.';
  if (b && !/[!?.]$/.test(b)) b += '.';
  if (a && !b) return a;
  if (!a && b) return b;
  return `${a} ${b}`;
}
