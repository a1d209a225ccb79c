import type { Callback } from '../run/events.js';

type Hook = keyof Callback;

const HOOKS: readonly Hook[] = [
  'playbookStart',
  'playStart',
  'taskStart',
  'handlerTaskStart',
  'noHostsMatched',
  'noHostsRemaining',
  'runnerStart',
  'runnerOk',
  'runnerFailed',
  'runnerSkipped',
  'runnerUnreachable',
  'itemOk',
  'itemFailed',
  'itemSkipped',
  'runnerRetry',
  'asyncPoll',
  'asyncOk',
  'asyncFailed',
  'include',
  'handlerNotified',
  'warning',
  'deprecation',
  'display',
  'fileDiff',
  'stats',
];

/**
 * Several callbacks as one: every event goes to each in turn, the stdout callback first and then
 * the enabled ones in configuration order, as ansible's TaskQueueManager sends them.
 * Free text, warnings and deprecations are the stdout callback's alone (ansible shows them once).
 */
export function combineCallbacks(stdout: Callback, others: readonly Callback[]): Callback {
  if (others.length === 0) return stdout;
  const all = [stdout, ...others];
  const combined: Record<string, (...args: unknown[]) => void> = {};
  for (const hook of HOOKS) {
    const targets = hook === 'display' || hook === 'warning' || hook === 'deprecation' ? [stdout] : all;
    const handlers = targets.map((cb) => cb[hook]?.bind(cb) as ((...args: unknown[]) => void) | undefined).filter((h) => h !== undefined);
    if (handlers.length === 0) continue;
    combined[hook] = (...args: unknown[]) => {
      for (const h of handlers) h(...args);
    };
  }
  return combined as Callback;
}
