/** inventory_hostnames, config and unvault: lookups that ask the controller for something. */
import { readFileSync } from 'node:fs';
import type { Data } from '../../core/data.js';
import type { LookupFn } from '../plugin.js';
import { defined, pluginError, toText } from '../filters/ansible-args.js';
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

export const config: LookupFn = (ctx, terms, kwargs) => {
  const onMissing = toText(defined(kwargs.get('on_missing') ?? 'error'));
  if (!['error', 'warn', 'skip'].includes(onMissing)) throw pluginError('"on_missing" must be a string and one of "error", "warn" or "skip", not ' + onMissing);
  const out: Data[] = [];
  for (const term of terms) {
    const name = toText(term);
    const value = ctx.lookup?.config?.(name);
    if (value === undefined) {
      if (onMissing === 'error') throw pluginError(`No config definition exists for '${name}'.`);
      continue;
    }
    out.push(value);
  }
  return out;
};

export const unvault: LookupFn = (ctx, terms) =>
  terms.map((term): Data => {
    const name = toText(term);
    const path = findFileOrWarn(ctx, 'files', name);
    if (path === undefined) throw pluginError(`Unable to find file matching "${name}"`);
    const text = readFileSync(path, 'utf8');
    if (!isVaultText(text)) return text;
    const vault = ctx.lookup?.vault;
    if (!vault) throw pluginError('A vault password must be specified to decrypt data.');
    return vault.decrypt(text);
  });
