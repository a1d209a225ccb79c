/** inventory_hostnames, config and unvault: lookups that ask the controller for something. */
import { readFileSync } from 'node:fs';
import { isStringLike, textOf, type Data } from '../../core/data.js';
import type { LookupFn } from '../plugin.js';
import { pluginError, pyClass, toText } from '../filters/ansible-args.js';
import { repr } from '../runtime/py-values.js';
import { lookupOptions, strTerm } from './lookup-options.js';
import { configSetting } from './config-fallback.js';
import { pluginSetting } from './plugin-setting.js';
import { isVaultText } from '../filters/ansible-vault-format.js';
import { findFileOrWarn } from './search-path.js';

export const inventory_hostnames: LookupFn = (ctx, terms) => {
  const find = ctx.lookup?.inventoryHostnames;
  if (!find) throw pluginError('inventory_hostnames needs the inventory, which this template has no access to');
  const seen = new Set<string>();
  const out: Data[] = [];
  for (const term of terms) {
    for (const host of find.call(ctx.lookup, toText(term))) {
      if (!seen.has(host)) {
        seen.add(host);
        out.push(host);
      }
    }
  }
  return out;
};

const CONFIG_OPTIONS = {
  on_missing: { type: 'string', default: 'error', choices: ['error', 'warn', 'skip'] },
  plugin_type: { type: 'string', choices: ['become', 'cache', 'callback', 'cliconf', 'connection', 'httpapi', 'inventory', 'lookup', 'netconf', 'shell', 'vars'] },
  plugin_name: { type: 'string' },
  show_origin: { type: 'bool' },
} as const;

export const config: LookupFn = (ctx, terms, kwargs) => {
  const { on_missing: onMissing, plugin_type: pluginType, plugin_name: pluginName } = lookupOptions('config', kwargs, CONFIG_OPTIONS);
  if ((pluginType || pluginName) && !(pluginType && pluginName)) throw pluginError('Both plugin_type and plugin_name are required, cannot use one without the other.');
  const out: Data[] = [];
  for (const term of terms) {
    if (!isStringLike(term)) throw pluginError(`Invalid setting identifier, ${repr(term)} is not a <class 'str'>, its a ${pyClass(term)}.`);
    const name = textOf(term);
    const value = pluginName ? pluginSetting(ctx, toText(pluginType), toText(pluginName), name) : (ctx.lookup?.config?.(name) ?? configSetting(ctx, name));
    if (value === undefined) {
      const missing = `No config definition exists for '${name}'${pluginName ? ` for '${toText(pluginName)}' ${toText(pluginType)} plugin` : ''}.`;
      if (onMissing === 'error') throw pluginError(missing);
      if (onMissing === 'warn') ctx.warn?.({ kind: 'warning', message: `Skipping ${name}: ${missing}` });
      continue;
    }
    out.push(value);
  }
  return out;
};

export const unvault: LookupFn = (ctx, terms) =>
  terms.map((term): Data => {
    const name = strTerm(term, 'startswith');
    const path = findFileOrWarn(ctx, 'files', name);
    if (path === undefined) throw pluginError(`Unable to find file matching "${name}"`);
    const text = readFileSync(path, 'utf8');
    if (!isVaultText(text)) return text;
    const vault = ctx.lookup?.vault;
    if (!vault) throw pluginError('A vault password must be specified to decrypt data.');
    return vault.decrypt(text, path);
  });
