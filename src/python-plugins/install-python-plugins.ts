/**
 * The CLI's one call: the configured plugin paths (DEFAULT_FILTER_PLUGIN_PATH …: ANSIBLE_FILTER_PLUGINS
 * / [defaults] filter_plugins, and the test and lookup ones) and the user's Python plugins made the
 * template engine's. Nothing starts until a template needs a plugin.
 */
import { PLUGIN_KINDS, pluginDirectories } from '../core/plugin-directories.js';
import { setUserPlugins } from '../template/plugin.js';
import { loadHelperSources } from './helper-sources.js';
import { pythonPlugins, type PluginDisplay } from './python-plugins.js';

/** A setting by ansible's name (the `config` lookup's reader); the plugin paths are lists of paths. */
export type SettingReader = (name: string) => unknown;

export async function installPythonPlugins(setting: SettingReader, display: PluginDisplay): Promise<void> {
  for (const kind of PLUGIN_KINDS) {
    const paths = setting(`DEFAULT_${kind.toUpperCase()}_PLUGIN_PATH`);
    pluginDirectories.configure(kind, Array.isArray(paths) ? paths.map(String) : []);
  }
  setUserPlugins(pythonPlugins({ ...display, sources: await loadHelperSources() }));
}
