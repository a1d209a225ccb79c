/**
 * Where ansible-core 2.19 sends a builtin module name it no longer ships (its
 * ansible_builtin_runtime.yml): the modules that moved to collections in 2.10 keep their short,
 * `ansible.builtin.` and `ansible.legacy.` names as redirects, and a few are tombstoned. With only
 * ansible-core installed, loading a redirected name fails with the import error of its collection
 * (a warning before "couldn't resolve module/action"), and a tombstoned one fails with its words.
 */
import { ROUTED_RENAMED, ROUTED_SAME_NAME, TOMBSTONED } from './builtin-module-routing.js';

let routes: Map<string, string> | undefined;

function routeTable(): Map<string, string> {
  if (routes === undefined) {
    routes = new Map(Object.entries(ROUTED_RENAMED));
    for (const [collection, names] of Object.entries(ROUTED_SAME_NAME)) {
      for (const name of names.split(' ')) routes.set(name, `${collection}.${name}`);
    }
  }
  return routes;
}

const builtinShortName = (written: string): string | undefined => {
  const match = /^(?:ansible\.(?:builtin|legacy)\.)?([^.]+)$/.exec(written);
  return match?.[1];
};

/** The collection module a builtin name is routed to (`ini_file` → `community.general.ini_file`). */
export function builtinModuleRoute(written: string): string | undefined {
  const name = builtinShortName(written);
  return name === undefined ? undefined : routeTable().get(name);
}

/** 2.19's error for a builtin name it tombstoned, or undefined. */
export function builtinModuleRemoved(written: string): string | undefined {
  const name = builtinShortName(written);
  const tombstone = name === undefined ? undefined : new Map(Object.entries(TOMBSTONED)).get(name);
  if (name === undefined || tombstone === undefined) return undefined;
  return `The 'ansible.builtin.${name}' module has been removed. ${tombstone.text} This feature was removed from ansible-core in a release after ${tombstone.removalDate}.`;
}
