import { readFileSync } from 'node:fs';
import { loadYaml } from './load-yaml.js';
import type { LoadedYaml } from './load-yaml.js';

/** Reads and loads a YAML file; the path is kept as given, for error origins. */
export function loadYamlFile(path: string): LoadedYaml {
  return loadYaml(readFileSync(path, 'utf8'), path);
}
