/**
 * YAML (or JSON) text → Volant data, as ansible's DataLoader reads a data file: the first
 * document, PyYAML's YAML 1.1 (src/yaml), positions dropped. The one place the inventory and
 * vars stages read data files.
 */
import type { Data } from '../core/data.js';
import { loadYaml, type YamlWarning } from '../yaml/load-yaml.js';
import { toData } from '../yaml/to-data.js';

/**
 * The first document's data (null for an empty file). Throws YamlError in ansible's words;
 * duplicate-key and similar warnings (message, location, hint) are appended to `warnings`.
 */
export function loadYamlData(text: string, file: string, warnings?: YamlWarning[]): Data {
  const loaded = loadYaml(text, file);
  if (warnings) warnings.push(...loaded.diagnostics);
  const first = loaded.documents[0];
  return first ? toData(first) : null;
}
