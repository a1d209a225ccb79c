/**
 * One entry of a play's `vars_files` as 2.19 reads it: a name, or a list of names of which the
 * first file found counts; a name that is not text stops the run, and an entry whose name needs an
 * undefined variable is skipped with a warning.
 */
import { pyStr, pyTypeName, type Data, type DataDict } from '../core/data.js';
import { TemplateError, VolantError } from '../core/errors.js';
import type { SourceLocation } from '../core/source-location.js';
import type { WarningDetail } from '../inventory/warning-detail.js';
import type { Keyword } from '../playbook/model.js';
import type { YamlNode } from '../yaml/node.js';

export interface VarsFilesEntry {
  readonly value: Data;
  /** Where the entry was written; each name's own place for a list. */
  readonly location?: SourceLocation;
  readonly nameLocations: readonly (SourceLocation | undefined)[];
}

/** The entries of the `vars_files` keyword, each with where it was written. */
export function varsFilesEntries(keyword: Keyword | undefined): VarsFilesEntry[] {
  const value = keyword?.value;
  if (value === undefined || value === null) return [];
  const node = keyword?.node;
  const list = Array.isArray(value) ? value : [value];
  return list.map((entry, i) => {
    const entryNode = Array.isArray(value) ? itemNode(node, i) : node;
    const location = entryNode?.loc ?? (Array.isArray(value) ? undefined : keyword?.loc);
    const names = Array.isArray(entry) ? entry : [entry];
    const nameLocations = names.map((_, j) => (Array.isArray(entry) ? itemNode(entryNode, j)?.loc : location));
    return { value: entry, ...(location ? { location } : {}), nameLocations };
  });
}

function itemNode(node: YamlNode | undefined, index: number): YamlNode | undefined {
  return node?.kind === 'seq' ? node.items[index] : undefined;
}

/**
 * Loads an entry: the first of its names whose file `load` finds (undefined: not found). Returns
 * undefined when none is, or when a name needs an undefined variable (then `warn` is told; when
 * `strict`, that stops the run instead).
 */
export function loadVarsFilesEntry<T extends object = DataDict>(
  entry: VarsFilesEntry,
  load: (name: string) => T | undefined,
  warn: (detail: WarningDetail) => void,
  strict = false,
): T | undefined {
  const names = Array.isArray(entry.value) ? entry.value : [entry.value];
  let at = 0;
  try {
    for (const [i, name] of names.entries()) {
      at = i;
      // NOTE: None carries no origin in 2.19, so its error has none.
      if (typeof name !== 'string') throw invalidName(name, name === null ? undefined : entry.nameLocations[i]);
      const data = load(name);
      if (data) return data;
    }
  } catch (error) {
    // a name that fails to template otherwise (a syntax error) is blamed where it was written
    const nameAt = entry.nameLocations[at];
    if (error instanceof TemplateError && error.code !== 'template-undefined' && error.location === undefined && nameAt !== undefined) {
      throw new TemplateError(error.code, error.message, { location: nameAt });
    }
    if (!(error instanceof TemplateError && error.code === 'template-undefined')) throw error;
    if (strict) {
      // the undefined name is blamed where it was written (the entry itself for a single name)
      const nameLocation = error.location ?? entry.nameLocations[at];
      const cause = new TemplateError(error.code, error.message, nameLocation ? { location: nameLocation } : {});
      throw new VolantError('VARS_FILES_UNDEFINED', `an undefined variable was found when attempting to template the vars_files item '${pyStr(entry.value)}'`, {
        ...(entry.location ? { location: entry.location } : {}),
        cause,
      });
    }
    warn({ message: 'skipping vars_files item due to an undefined variable', ...(entry.location ? { location: entry.location } : {}) });
  }
  return undefined;
}

function invalidName(name: Data, location: SourceLocation | undefined): VolantError {
  const error = new VolantError('VARS_FILES_INVALID', `Invalid \`vars_files\` value of type '${pyTypeName(name)}'.`, {
    ...(location ? { location } : {}),
    hint: 'A `vars_files` value should either be a string or list of strings.',
  });
  return Object.assign(error, { exitCode: 4 });
}
