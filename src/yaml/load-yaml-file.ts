import { loadYaml } from './load-yaml.js';
import type { LoadedYaml } from './load-yaml.js';
import { readYamlText } from './read-yaml-text.js';

/**
 * Reads and loads a YAML (or JSON) file; the path is kept as given, for error origins.
 * NOTE: ansible-core reads every file it loads (playbooks, task files, vars, inventory) as
 * exactly one document, so that is the default here; `{ single: false }` reads them all.
 */
export function loadYamlFile(path: string, options: { single?: boolean } = {}): LoadedYaml {
  return loadYaml(readYamlText(path), path, { single: options.single ?? true });
}
