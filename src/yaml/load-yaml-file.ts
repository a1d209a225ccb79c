import { readFileSync } from 'node:fs';
import { loadYaml } from './load-yaml.js';
import type { LoadedYaml } from './load-yaml.js';

/**
 * Reads and loads a YAML file; the path is kept as given, for error origins. Pass
 * `{ single: true }` for a playbook, which ansible-core reads as exactly one document.
 */
export function loadYamlFile(path: string, options: { single?: boolean } = {}): LoadedYaml {
  return loadYaml(readFileSync(path, 'utf8'), path, options);
}
