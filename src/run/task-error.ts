/**
 * A task failure raised on the controller (a template that failed, a bad argument), carried as
 * the chain of messages 2.19 prints: "Task failed: A: B" on one line, then each link with its
 * own Origin and code frame under `<<< caused by >>>`.
 */
import { TemplateError, VolantError } from '../core/errors.js';
import type { SourceLocation } from '../core/source-location.js';
import type { Data } from '../core/data.js';
import { OMIT_SCALAR } from '../template/index.js';

export interface ErrorLink {
  readonly message: string;
  readonly origin?: SourceLocation;
  readonly help?: string;
  /**
   * Raised while handling another error (Python's implicit `__context__`): ansible does not show
   * that error, and never folds this link into the one before it.
   */
  readonly whileHandling?: boolean;
  /** Shown in place of an origin's code frame: a template ansible wrote itself has no origin. */
  readonly context?: string;
}

export class TaskError extends Error {
  /**
   * `bare`: raised before the task ran (a bad `loop` value), so ansible shows it as it is, not
   * under "Task failed.".
   */
  constructor(
    readonly chain: readonly ErrorLink[],
    readonly bare = false,
  ) {
    super(chain.map((l) => l.message).join(': '));
  }

  /** Wraps a failure with the step that was running ("Finalization of task args … failed"). */
  static wrap(outer: ErrorLink, cause: unknown): TaskError {
    return new TaskError([outer, ...linksOf(cause)]);
  }
}

/**
 * ansible's AnsibleActionFail: an action gave up on its own. Its message is the result's `msg`
 * as it is (no "Task failed: " before it); `whileHandling` when it replaced a caught error.
 */
export class ActionFail extends TaskError {
  readonly reason: string;

  /**
   * `origin`: the value the action blames (ansible's `obj=`), shown under "caused by"; `result`:
   * what the action had put in its result before it gave up (ansible's `result=`).
   */
  constructor(
    reason: string,
    whileHandling = false,
    origin?: SourceLocation,
    readonly result?: ReadonlyMap<string, Data>,
  ) {
    // NOTE: ansible strips an error's message, so its trailing newlines go too.
    super([{ message: reason.trim(), ...(whileHandling ? { whileHandling } : {}), ...(origin ? { origin } : {}) }]);
    this.reason = reason.trim();
  }
}

/** ansible's AnsibleActionSkip: the action skips itself; its result has no `failed` key. */
export class ActionSkip extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export function linksOf(error: unknown): ErrorLink[] {
  if (error instanceof TaskError) return [...error.chain];
  if (error instanceof VolantError) {
    const context = error instanceof TemplateError ? error.context : undefined;
    const whileHandling = (error as VolantError & { whileHandling?: boolean }).whileHandling === true;
    const links: ErrorLink[] = [
      { message: error.message, ...(error.location ? { origin: error.location } : {}), ...(error.hint ? { help: error.hint } : {}), ...(context !== undefined ? { context } : {}), ...(whileHandling ? { whileHandling } : {}) },
    ];
    if (error.cause !== undefined) links.push(...linksOf(error.cause));
    return links;
  }
  if (error instanceof Error) return [{ message: error.message }];
  return [{ message: String(error) }];
}

/**
 * The one-line form ansible puts in the result's `msg` (its `format_event_brief_message`):
 * outermost first, joined with ": ", a cause already ending the message not repeated.
 */
export function briefMessage(parts: readonly string[]): string {
  const reversed = [...parts].reverse();
  let message = reversed[0] ?? '';
  for (const part of reversed.slice(1)) {
    message = part.endsWith(message) ? part : `${part.replace(/[. ]+$/, '')}: ${message}`;
  }
  return message;
}

export function chainMessage(chain: readonly ErrorLink[]): string {
  return briefMessage(['Task failed.', ...chain.map((l) => l.message)]);
}

/** A value that must not be omitted templated to omit: 2.19 refuses it where it was written. */
export function omitScalarError(origin: SourceLocation | undefined): TaskError {
  return new TaskError([{ message: OMIT_SCALAR.message, ...(origin ? { origin } : {}), help: OMIT_SCALAR.help }], true);
}
