import { loadYaml, yamlWarningsBefore } from './load-yaml.js';
import type { LoadedYaml, YamlWarning } from './load-yaml.js';
import { readYamlText } from './read-yaml-text.js';

/**
 * Reads and loads a YAML (or JSON) file; the path is kept as given, for error origins.
 * NOTE: ansible-core reads every file it loads (playbooks, task files, vars, inventory) as
 * exactly one document, so that is the default here; `{ single: false }` reads them all.
 */
export function loadYamlFile(path: string, options: { single?: boolean } = {}): LoadedYaml {
  const text = readYamlText(path);
  try {
    return reportYamlWarnings(loadYaml(text, path, { single: options.single ?? true }));
  } catch (error) {
    for (const d of yamlWarningsBefore(error)) fileWarning(d);
    throw error;
  }
}

/** Shows the warnings (duplicate keys …) of a file loaded elsewhere (include_vars, decrypted first). */
export function reportYamlWarnings(loaded: LoadedYaml): LoadedYaml {
  for (const d of loaded.diagnostics) fileWarning(d);
  return loaded;
}

/** Where the warnings of files read here (roles' files …) go: set once by the CLI. */
let fileWarning: (w: YamlWarning) => void = () => undefined;

export function setYamlFileWarningSink(sink: (w: YamlWarning) => void): void {
  fileWarning = sink;
}
