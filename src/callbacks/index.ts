/**
 * The report stage: callbacks that turn the runner's events into ansible-core 2.19's output.
 * `createCallback('default' | 'minimal' | 'oneline' | 'json', options)` is what the CLI calls.
 */
import type { Callback, DeprecationEvent } from '../run/events.js';
import { VolantError } from '../core/errors.js';
import type { CallbackOptions } from './callback-options.js';
import { combineCallbacks } from './composite-callback.js';
import { CALLBACKS, NOTIFICATION_CALLBACKS } from './registry.js';
import { DefaultCallback } from './default-callback.js';
import { missingCollectionWarning } from '../core/missing-collection-warning.js';
import { callbackLoads, collectionInstalled, type CollectionInstalled } from './collection-callbacks.js';

export type { CallbackOptions } from './callback-options.js';
export { DefaultCallback } from './default-callback.js';
export { Display } from './display.js';
export { CALLBACKS, NOTIFICATION_CALLBACKS, registerCallback, type CallbackFactory } from './registry.js';
export { combineCallbacks } from './composite-callback.js';
export { collectionInstalled, type CollectionInstalled } from './collection-callbacks.js';
export { formatErrorBlock, type ErrorBlockOptions } from './format/error-block.js';

function shortName(name: string): string {
  return name.replace(/^ansible\.(builtin|legacy|posix)\./, '').replace(/^community\.general\./, '');
}

/** ansible-core's own stdout callbacks, in the order its plugin loader lists them. */
const BUILTIN_STDOUT = ['default', 'minimal', 'oneline'];

/** The callbacks ansible-core ships, by file name: 2.19 goes through them as it loads callbacks. */
const BUILTIN_CALLBACKS = ['default', 'junit', 'minimal', 'oneline', 'tree'];

/** The builtin callbacks 2.19 says (at -vvvvv) it attempts to use: all but the stdout callback it loaded first. */
export function attemptedCallbacks(stdoutName: string): string[] {
  const chosen = stdoutName.replace(/^ansible\.(builtin|legacy)\./, '');
  return BUILTIN_CALLBACKS.filter((name) => name !== chosen);
}

/** The builtin stdout callbacks 2.19 says (at -vv) it skips because another is the stdout callback. */
export function skippedStdoutCallbacks(stdoutName: string): string[] {
  const chosen = stdoutName.replace(/^ansible\.(builtin|legacy)\./, '');
  return BUILTIN_STDOUT.filter((name) => name !== chosen);
}

/**
 * The stdout callback and the enabled notification callbacks (callbacks_enabled) as one Callback.
 * Unknown enabled names are left out: enabledCallbackWarnings says what ansible warns of them.
 * `installed` says which collections are there (a collection's callbacks load only then).
 */
export function createCallbacks(stdoutName: string, enabled: readonly string[], options: CallbackOptions, installed: CollectionInstalled = collectionInstalled): Callback {
  const stdout = createCallback(stdoutName, options, installed);
  const others: Callback[] = [];
  for (const name of enabled) {
    const short = shortName(name.trim());
    if (short === shortName(stdoutName.trim())) continue;
    const factory = NOTIFICATION_CALLBACKS.get(short);
    if (factory && callbackLoads(short, installed)) others.push(factory(options));
  }
  return combineCallbacks(stdout, others);
}

/**
 * A warning, deprecation or -vv line (`display`) ansible prints while it loads the callbacks. An
 * enabled builtin callback's deprecation names it (`callback`): 2.19 prints it as its loop over the
 * builtin callbacks, in name order, reaches it (among the stdout callbacks it skips).
 */
export type CallbackLoadNotice =
  | { readonly warning: string }
  | { readonly deprecation: DeprecationEvent; readonly callback?: string }
  | { readonly display: string };

/** The -vv line of ansible's plugin loader for a builtin name routed to a collection. */
function redirectNotice(name: string): CallbackLoadNotice[] {
  const routed = routedCallbackName(name);
  return routed ? [{ display: `redirecting (type: callback) ansible.builtin.${name.replace(/^ansible\.builtin\./, '')} to ${routed}` }] : [];
}

/** Callbacks that announce their own removal when they are created (oneline, tree). */
const DEPRECATED_CALLBACKS = new Set(['oneline', 'tree']);

function removalNotice(name: string): CallbackLoadNotice {
  return { deprecation: { message: `The ${name} callback plugin is deprecated.`, version: '2.23', collection: 'ansible.builtin' } };
}

/**
 * What 2.19 prints when it loads the callbacks (after the inventory and the playbook), in its
 * order: the stdout callback's creation, the enabled names it cannot load, then the enabled
 * callbacks' creation.
 */
export function callbackLoadNotices(stdoutName: string, enabled: readonly string[], installed: CollectionInstalled = collectionInstalled): CallbackLoadNotice[] {
  const stdout = shortName(stdoutName.trim());
  const notices: CallbackLoadNotice[] = [...redirectNotice(stdoutName.trim())];
  if (DEPRECATED_CALLBACKS.has(stdout)) notices.push(removalNotice(stdout));
  for (const name of enabled.map((n) => n.trim()).filter(Boolean)) {
    notices.push(...redirectNotice(name), ...enabledCallbackWarnings([name], installed).map((warning) => ({ warning })));
  }
  for (const name of new Set(enabled.map((n) => shortName(n.trim())))) {
    if (name !== stdout && DEPRECATED_CALLBACKS.has(name) && NOTIFICATION_CALLBACKS.has(name)) notices.push({ ...removalNotice(name), callback: name });
  }
  return notices;
}

/**
 * The warnings 2.19 prints, in order, when it loads callbacks_enabled (after the inventory and the
 * playbook): a name it cannot load is skipped. A stdout callback's name loads (and is not used).
 */
export function enabledCallbackWarnings(enabled: readonly string[], installed: CollectionInstalled = collectionInstalled): string[] {
  const warnings: string[] = [];
  for (const name of enabled.map((n) => n.trim()).filter(Boolean)) {
    const short = shortName(name);
    if ((NOTIFICATION_CALLBACKS.has(short) || CALLBACKS.has(short)) && callbackLoads(short, installed)) continue;
    const importWarning = callbackLoadWarning(name);
    if (importWarning) warnings.push(importWarning);
    warnings.push(`Skipping callback plugin '${name}', unable to load`);
  }
  return warnings;
}

/**
 * Builtin callback names ansible-core 2.19 routes to collections (its ansible_builtin_runtime.yml):
 * loading one that is not installed warns before the load error.
 */
const ROUTED_TO: Record<string, readonly string[]> = {
  'community.general': ['actionable', 'cgroup_memory_recap', 'context_demo', 'counter_enabled', 'dense', 'full_skip', 'hipchat', 'jabber', 'log_plays', 'logdna', 'logentries', 'logstash', 'mail', 'nrdp', 'null', 'osx_say', 'say', 'selective', 'slack', 'splunk', 'stderr', 'sumologic', 'syslog_json', 'unixy', 'yaml'],
  'ansible.posix': ['cgroup_perf_recap', 'debug', 'json', 'profile_roles', 'profile_tasks', 'skippy', 'timer'],
  'community.grafana': ['grafana_annotations'],
  'amazon.aws': ['aws_resource_actions'],
  'theforeman.foreman': ['foreman'],
};

/** The collection plugin a builtin callback name is routed to (`yaml` → `community.general.yaml`). */
export function routedCallbackName(name: string): string | undefined {
  const routed = Object.entries(ROUTED_TO).find(([, names]) => names.includes(name.replace(/^ansible\.builtin\./, '')));
  return routed ? `${routed[0]}.${name.replace(/^ansible\.builtin\./, '')}` : undefined;
}

/** The warning 2.19 prints when a callback's collection is not installed (none for builtins). */
export function callbackLoadWarning(name: string): string | undefined {
  return missingCollectionWarning(routedCallbackName(name) ?? name);
}

/** A stdout callback by name (`ansible.builtin.default` and `default` alike). */
export function createCallback(name: string, options: CallbackOptions, installed: CollectionInstalled = collectionInstalled): Callback {
  const short = shortName(name);
  const loads = callbackLoads(short, installed);
  const factory = loads ? CALLBACKS.get(short) : undefined;
  if (factory) return factory(options);
  // NOTE: ansible takes any callback plugin as the stdout one: a notification callback (tree,
  // junit …) then does only its own work; nothing prints the run, warnings and -v text still show.
  const notification = loads ? NOTIFICATION_CALLBACKS.get(short) : undefined;
  // ansible-playbook exits 1 after printing this as an [ERROR] (formatErrorBlock).
  if (!notification) throw new VolantError('CALLBACK_UNKNOWN', `Could not load '${name}' callback plugin.`);
  const display = new DefaultCallback(options);
  const displayOnly: Callback = {
    warning: (w) => display.warning(w),
    deprecation: (d) => display.deprecation(d),
    display: (text, o) => display.display(text, o),
  };
  return combineCallbacks(displayOnly, [notification(options)]);
}
export { formatPlaybookListing, playbookListingParts, type ListedPlay, type ListedTask, type ListingWhat } from './format/playbook-listing.js';
export { formatBanner, displayColumns } from './format/banner.js';
export { colorEnabled, colorOverrides, configBoolean, COLOR_SETTING_KEYS } from './color-settings.js';
export { callbackSettings, type CallbackSettings, type ConfigLookup } from './callback-settings.js';
