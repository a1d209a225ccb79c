/**
 * `module_defaults`, checked and normalized while loading as 2.19 does: a mapping or a list of
 * mappings whose keys name actions (or `group/…` action groups). Each key is rewritten to the
 * name the action resolves to, so a task finds its defaults by that one name however either
 * side spelled it (`command`, `ansible.legacy.command`, `ansible.builtin.command`).
 */
import type { Data, DataDict } from '../core/data.js';
import { ParseError } from '../core/errors.js';
import { libraryModules } from '../core/library-modules.js';
import { missingCollectionWarning } from '../core/missing-collection-warning.js';
import { localCollections } from '../core/local-collections.js';
import { setValueOrigin } from '../core/value-origins.js';
import type { YamlNode } from '../yaml/node.js';
import { toData } from '../yaml/to-data.js';
import { BUILTIN_REDIRECTS, builtinActionName } from './builtin-actions.js';
import { builtinModuleRoute } from './builtin-module-route.js';

const NOT_DICTS =
  "The field 'module_defaults' is supposed to be a dictionary or list of dictionaries, the keys of which must be static action, module, or group names. Only the values may contain templates. For example: {'ping': \"{{ ping_defaults }}\"}";

/** The name a task's action resolves to: `ansible.builtin.x` for builtins, `ansible.legacy.x` for library modules. */
export function resolvedActionName(action: string): string {
  if (action.includes('.')) return action;
  if (builtinActionName(action) !== undefined) return `ansible.builtin.${BUILTIN_REDIRECTS.get(action) ?? action}`;
  return `ansible.legacy.${action}`;
}

/** A module_defaults key as the action it names; an action that resolves nowhere fails the load. */
function resolveKey(key: string): string {
  const written = key.split('.').length < 3 ? `ansible.legacy.${key}` : key;
  const builtin = builtinActionName(written);
  if (builtin !== undefined) return `ansible.builtin.${BUILTIN_REDIRECTS.get(builtin) ?? builtin}`;
  if (libraryModules.find(written) !== undefined) return written;
  // A key in a collection that is not installed first warns of the failed import, as 2.19 does.
  const warning = missingCollectionWarning(builtinModuleRoute(written) ?? written);
  throw new ParseError('MODULE_DEFAULTS_UNRESOLVED', `Could not resolve action ${written} in module_defaults`, warning === undefined ? {} : { warnings: [warning] });
}

/**
 * The legacy cloud groups 2.19's ansible_builtin_runtime.yml defines, which only extend groups of
 * collections (none installed here, so they hold no action). Its two test groups are left out.
 */
const BUILTIN_ACTION_GROUPS = new Map<string, readonly string[]>(
  ['aws', 'acme', 'azure', 'cpm', 'docker', 'gcp', 'k8s', 'os', 'ovirt', 'vmware'].map((name) => [`ansible.builtin.${name}`, []]),
);

function actionGroup(qualified: string): readonly string[] | undefined {
  return localCollections.actionGroup(qualified) ?? BUILTIN_ACTION_GROUPS.get(qualified);
}

/**
 * A `group/…` key as the fully qualified group it names: an action group of a local collection's
 * meta/runtime.yml or of ansible.builtin's; any other fails as 2.19 fails a group it cannot find.
 */
function resolveGroup(key: string): string {
  const name = key.slice('group/'.length);
  const qualified = name.split('.').length < 3 ? `ansible.builtin.${name}` : name;
  if (actionGroup(qualified) !== undefined) return `group/${qualified}`;
  throw new ParseError('MODULE_DEFAULTS_GROUP', `Error loading module_defaults: could not resolve the module_defaults group ${qualified}`);
}

/** Whether the action (as resolvedActionName names it) is one of the group's (`group/ns.coll.name`). */
export function groupHasAction(groupKey: string, action: string): boolean {
  return actionGroup(groupKey.slice('group/'.length))?.includes(action) ?? false;
}

/** The keyword's value as a list of dicts keyed by resolved action names; null when left empty. */
export function moduleDefaultsValue(node: YamlNode): Data {
  if (node.kind === 'scalar' && node.value === null) return null;
  const items = node.kind === 'seq' ? node.items : [node];
  return items.map((item) => {
    if (item.kind !== 'map') throw new ParseError('MODULE_DEFAULTS_NOT_DICT', NOT_DICTS, { location: item.loc });
    const out: DataDict = new Map();
    for (const pair of item.pairs) {
      const key = String(toData(pair.key));
      const action = key.startsWith('group/') ? resolveGroup(key) : resolveKey(key);
      out.set(action, toData(pair.value));
      setValueOrigin(out, action, pair.value.loc);
    }
    return out;
  });
}
