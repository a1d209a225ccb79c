/**
 * YAML (or JSON) text → Volant data, as ansible's DataLoader reads a data file: one
 * document, PyYAML's YAML 1.1 (src/yaml). The one place the inventory and vars stages read
 * data files.
 */
import type { Data } from '../core/data.js';
import { loadYaml, type YamlWarning } from '../yaml/load-yaml.js';
import type { YamlNode } from '../yaml/node.js';
import { toData } from '../yaml/to-data.js';

/**
 * The document, located (undefined for an empty file); a second document fails as ansible's
 * single-document load does. Throws YamlError in ansible's words; duplicate-key and similar
 * warnings (message, location, hint) are appended to `warnings`.
 */
export function loadYamlNode(text: string, file: string, warnings?: YamlWarning[]): YamlNode | undefined {
  const loaded = loadYaml(text, file, { single: true });
  if (warnings) warnings.push(...loaded.diagnostics);
  return loaded.documents[0];
}

/** The first document's data (null for an empty file); see loadYamlNode. */
export function loadYamlData(text: string, file: string, warnings?: YamlWarning[]): Data {
  const node = loadYamlNode(text, file, warnings);
  return node ? toData(node) : null;
}
