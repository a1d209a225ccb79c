import { dumpJson } from '../../core/json.js';
import { truthy, type Data, type DataDict } from '../../core/data.js';
import { stripInternalKeys } from './callback-view.js';
import { splitLinesKeepEnds } from './unified-diff.js';
import { dumpYaml } from './yaml-dump.js';

export interface DumpOptions {
  readonly verbosity: number;
  /** callback_result_format (default json). */
  readonly resultFormat?: 'json' | 'yaml';
  /** callback_format_pretty: unset, true (always indent) or false (never). */
  readonly prettyResults?: boolean;
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
  const format = options.resultFormat ?? 'json';
  const pretty = options.prettyResults;
  let indent = options.indent;
  const indentConditions =
    truthy(result.get('_ansible_verbose_always') ?? null) || (pretty === undefined && format !== 'json') || pretty === true || options.verbosity > 2;
  if (!indent && indentConditions) indent = 4;
  if (pretty === false) indent = undefined;
  const abridged = stripInternalKeys(result) as DataDict;
  if (!options.keepInvocation && options.verbosity < 3) abridged.delete('invocation');
  if (options.verbosity < 3) abridged.delete('diff');
  abridged.delete('exception');
  abridged.delete('warnings');
  abridged.delete('deprecations');
  if (format === 'yaml') {
    const lossy = pretty !== false;
    if (lossy) {
      // NOTE: the pretty YAML view drops the *_lines lists when the text itself is there.
      if (abridged.has('stdout') && abridged.has('stdout_lines')) abridged.set('stdout_lines', '<omitted>');
      if (abridged.has('stderr') && abridged.has('stderr_lines')) abridged.set('stderr_lines', '<omitted>');
    }
    const yaml = dumpYaml(abridged, { indent, lossy });
    return '\n' + indentLines(yaml, ' '.repeat(indent || 4));
  }
  // NOTE: indent 0 is not "one line" in Python: it breaks lines and drops the space after commas.
  return dumpJson(abridged, { indent, sortKeys: true, ensureAscii: false, noneKey: 'None' });
}

/** Python's textwrap.indent: the prefix on every line that is not only whitespace. */
function indentLines(text: string, prefix: string): string {
  return splitLinesKeepEnds(text)
    .map((line) => (line.trim() ? prefix + line : line))
    .join('');
}

/** Any value dumped the callback way (custom stats). */
export function dumpValue(value: Data, indent?: number): string {
  return dumpJson(value, { indent, sortKeys: true, ensureAscii: false, noneKey: 'None' });
}
