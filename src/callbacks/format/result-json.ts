import { dumpJson } from '../../core/json.js';
import { truthy, type Data, type DataDict } from '../../core/data.js';
import { stripInternalKeys } from './callback-view.js';

export interface DumpOptions {
  readonly verbosity: number;
  /** Force an indent (ansible's `_dump_results(indent=…)`). */
  readonly indent?: number;
  readonly keepInvocation?: boolean;
}

/**
 * ansible's `_dump_results` with result_format json: internal keys, and (below -vvv) the
 * invocation and diff, removed; exception/warnings/deprecations removed (already shown); sorted
 * keys, non-ASCII kept; indented by 4 for debug-like results (`_ansible_verbose_always`) or -vvv.
 */
export function dumpResult(result: DataDict, options: DumpOptions): string {
  let indent = options.indent;
  if (!indent && (truthy(result.get('_ansible_verbose_always')) || options.verbosity > 2)) indent = 4;
  const abridged = stripInternalKeys(result) as DataDict;
  if (!options.keepInvocation && options.verbosity < 3) abridged.delete('invocation');
  if (options.verbosity < 3) abridged.delete('diff');
  abridged.delete('exception');
  abridged.delete('warnings');
  abridged.delete('deprecations');
  // NOTE: indent 0 is not "one line" in Python: it breaks lines and drops the space after commas.
  return dumpJson(abridged, { indent, sortKeys: true, ensureAscii: false });
}

/** Any value dumped the callback way (custom stats). */
export function dumpValue(value: Data, indent?: number): string {
  return dumpJson(value, { indent, sortKeys: true, ensureAscii: false });
}
