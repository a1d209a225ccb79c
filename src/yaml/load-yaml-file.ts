import { readFileSync } from 'node:fs';
import { loadYaml } from './load-yaml.js';
import type { LoadedYaml } from './load-yaml.js';

/**
 * Reads and loads a YAML (or JSON) file; the path is kept as given, for error origins.
 * NOTE: ansible-core reads every file it loads (playbooks, task files, vars, inventory) as
 * exactly one document, so that is the default here; `{ single: false }` reads them all.
 */
export function loadYamlFile(path: string, options: { single?: boolean } = {}): LoadedYaml {
  return loadYaml(readFileSync(path, 'utf8'), path, { single: options.single ?? true });
}
