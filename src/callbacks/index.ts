/**
 * The report stage: callbacks that turn the runner's events into ansible-core 2.19's output.
 * `createCallback('default' | 'minimal' | 'oneline' | 'json', options)` is what the CLI calls.
 */
import type { Callback } from '../run/events.js';
import { UsageError } from '../core/errors.js';
import type { CallbackOptions } from './callback-options.js';
import { combineCallbacks } from './composite-callback.js';
import { CALLBACKS, NOTIFICATION_CALLBACKS } from './registry.js';

export type { CallbackOptions } from './callback-options.js';
export { DefaultCallback } from './default-callback.js';
export { Display } from './display.js';
export { CALLBACKS, NOTIFICATION_CALLBACKS, registerCallback, type CallbackFactory } from './registry.js';
export { combineCallbacks } from './composite-callback.js';
export { formatErrorBlock, type ErrorBlockOptions } from './format/error-block.js';

function shortName(name: string): string {
  return name.replace(/^ansible\.(builtin|legacy|posix)\./, '').replace(/^community\.general\./, '');
}

/** ansible-core's own stdout callbacks, in the order its plugin loader lists them. */
const BUILTIN_STDOUT = ['default', 'minimal', 'oneline'];

/** The builtin stdout callbacks 2.19 says (at -vv) it skips because another is the stdout callback. */
export function skippedStdoutCallbacks(stdoutName: string): string[] {
  const chosen = stdoutName.replace(/^ansible\.(builtin|legacy)\./, '');
  return BUILTIN_STDOUT.filter((name) => name !== chosen);
}

/**
 * The stdout callback and the enabled notification callbacks (callbacks_enabled) as one Callback.
 * Unknown enabled names are skipped with ansible's warning.
 */
export function createCallbacks(stdoutName: string, enabled: readonly string[], options: CallbackOptions): Callback {
  const stdout = createCallback(stdoutName, options);
  const others: Callback[] = [];
  for (const name of enabled) {
    const factory = NOTIFICATION_CALLBACKS.get(shortName(name.trim()));
    if (factory) others.push(factory(options));
    else if (name.trim()) stdout.warning?.(`Skipping callback plugin '${name.trim()}', unable to load`);
  }
  return combineCallbacks(stdout, others);
}

/** A stdout callback by name (`ansible.builtin.default` and `default` alike). */
export function createCallback(name: string, options: CallbackOptions): Callback {
  const factory = CALLBACKS.get(shortName(name));
  // ansible-playbook exits 1 after printing this as an [ERROR] (formatErrorBlock).
  if (!factory) throw new UsageError('CALLBACK_UNKNOWN', `Could not load '${name}' callback plugin.`);
  return factory(options);
}
export { formatPlaybookListing, type ListedPlay, type ListedTask, type ListingWhat } from './format/playbook-listing.js';
export { formatBanner, displayColumns } from './format/banner.js';
export { colorEnabled, colorOverrides, configBoolean, COLOR_SETTING_KEYS } from './color-settings.js';
export { callbackSettings, type CallbackSettings, type ConfigLookup } from './callback-settings.js';
