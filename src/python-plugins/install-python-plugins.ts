/**
 * The CLI's one call: the configured plugin paths (ANSIBLE_FILTER_PLUGINS / [defaults]
 * filter_plugins, and the test and lookup ones, with ansible-core's defaults) and the user's
 * Python plugins made the template engine's. Nothing starts until a template needs a plugin.
 */
import { PLUGIN_KINDS, pluginDirectories } from '../core/plugin-directories.js';
import { setUserPlugins } from '../template/plugin.js';
import { loadHelperSources } from './helper-sources.js';
import { pythonPlugins } from './python-plugins.js';

/** A setting's text as ansible.cfg and the environment give it (AnsibleConfig.get). */
export type SettingReader = (envName: string, section: string, key: string) => string | undefined;

export async function installPythonPlugins(setting: SettingReader, warn: (message: string) => void): Promise<void> {
  for (const kind of PLUGIN_KINDS) {
    const written = setting(`ANSIBLE_${kind.toUpperCase()}_PLUGINS`, 'defaults', `${kind}_plugins`);
    pluginDirectories.configure(kind, (written ?? `~/.ansible/plugins/${kind}:/usr/share/ansible/plugins/${kind}`).split(':'));
  }
  setUserPlugins(pythonPlugins({ sources: await loadHelperSources(), warn }));
}
