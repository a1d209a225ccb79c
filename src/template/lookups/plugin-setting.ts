/**
 * The `config` lookup's plugin_type/plugin_name form: one option of one of ansible-core's own
 * plugins, as 2.19's ConfigManager reads it for a running task: its variables, else its
 * environment variables, else its ansible.cfg entries (the last one set wins in each), else its
 * default. Plugins of other types, or not ansible-core's, do not load.
 */
import type { Data } from '../../core/data.js';
import type { PluginContext } from '../plugin.js';
import { pluginError } from '../filters/ansible-args.js';
import { typedSetting } from './config-fallback.js';
import { PLUGIN_SETTINGS } from './plugin-settings.js';

/** The option's value, or undefined when the plugin has no such option. */
export function pluginSetting(ctx: PluginContext, pluginType: string, pluginName: string, name: string): Data | undefined {
  const plugins = PLUGIN_SETTINGS[pluginType];
  const loadName = pluginName.replace(/^ansible\.(builtin|legacy)\./, '');
  if (plugins?.[loadName] === undefined && !(pluginType === 'connection' && loadName === 'paramiko')) {
    throw pluginError(`Unable to load ${pluginType} plugin '${pluginName}'.`);
  }
  // NOTE: 2.19 loads the plugin by any of its names but reads the options under the name given:
  // a plugin named by its FQCN or an alias (paramiko) has none.
  const row = plugins?.[pluginName]?.[name];
  if (row === undefined) return undefined;
  const [type, fallback, envs, ini, vars] = row;
  let raw: unknown;
  for (const v of vars) {
    if (!ctx.vars.has(v)) continue;
    const value = ctx.vars.get(v);
    if (value === null || value === undefined) continue;
    // NOTE: the variable as written: 2.19 does not template it here.
    raw = value;
  }
  if (raw === undefined) for (const env of envs) raw = ctx.lookup?.configRaw?.(env, '', '') ?? raw;
  if (raw === undefined) for (const [section, key] of ini) raw = ctx.lookup?.configRaw?.('', section, key) ?? raw;
  return typedSetting(ctx, type, raw, fallback);
}
