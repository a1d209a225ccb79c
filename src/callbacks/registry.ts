import type { Callback } from '../run/events.js';
import type { CallbackOptions } from './callback-options.js';
import { DefaultCallback } from './default-callback.js';
import { JsonCallback } from './json-callback.js';
import { JunitCallback } from './junit-callback.js';
import { MinimalCallback } from './minimal-callback.js';
import { OnelineCallback } from './oneline-callback.js';
import { ProfileTasksCallback } from './profile-tasks-callback.js';
import { TimerCallback } from './timer-callback.js';
import { TreeCallback } from './tree-callback.js';

export type CallbackFactory = (options: CallbackOptions) => Callback;

/** Built-in stdout callbacks by the names ANSIBLE_STDOUT_CALLBACK accepts (short and FQCN). */
export const CALLBACKS = new Map<string, CallbackFactory>([
  ['default', (o) => new DefaultCallback(o)],
  ['minimal', (o) => new MinimalCallback(o)],
  ['oneline', (o) => new OnelineCallback(o)],
  ['json', (o) => new JsonCallback(o)],
]);

/** Callbacks that run beside the stdout one (ANSIBLE_CALLBACKS_ENABLED / callbacks_enabled). */
export const NOTIFICATION_CALLBACKS = new Map<string, CallbackFactory>([
  ['timer', (o) => new TimerCallback(o)],
  ['junit', (o) => new JunitCallback(o)],
  ['tree', (o) => new TreeCallback(o)],
  ['profile_tasks', (o) => new ProfileTasksCallback(o)],
]);

export function registerCallback(name: string, factory: CallbackFactory): void {
  CALLBACKS.set(name, factory);
}
