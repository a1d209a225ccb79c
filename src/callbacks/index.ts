/**
 * The report stage: callbacks that turn the runner's events into ansible-core 2.19's output.
 * `createCallback('default' | 'minimal' | 'oneline' | 'json', options)` is what the CLI calls.
 */
import type { Callback } from '../run/events.js';
import { UsageError } from '../core/errors.js';
import type { CallbackOptions } from './callback-options.js';
import { CALLBACKS } from './registry.js';

export type { CallbackOptions } from './callback-options.js';
export { DefaultCallback } from './default-callback.js';
export { Display } from './display.js';
export { CALLBACKS, registerCallback, type CallbackFactory } from './registry.js';
export { formatErrorBlock, type ErrorBlockOptions } from './format/error-block.js';

/** A stdout callback by name (`ansible.builtin.default` and `default` alike). */
export function createCallback(name: string, options: CallbackOptions): Callback {
  const short = name.replace(/^ansible\.(builtin|legacy|posix)\./, '').replace(/^community\.general\./, '');
  const factory = CALLBACKS.get(short);
  // ansible-playbook exits 1 after printing this as an [ERROR] (formatErrorBlock).
  if (!factory) throw new UsageError('CALLBACK_UNKNOWN', `Could not load '${name}' callback plugin.`);
  return factory(options);
}
export { formatPlaybookListing, type ListedPlay, type ListedTask, type ListingWhat } from './format/playbook-listing.js';
export { formatBanner, displayColumns } from './format/banner.js';
export { colorEnabled, colorOverrides, configBoolean, COLOR_SETTING_KEYS } from './color-settings.js';
export { callbackSettings, type CallbackSettings, type ConfigLookup } from './callback-settings.js';
