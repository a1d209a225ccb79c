import { isDict, pyStr, type Data } from '../../core/data.js';
import { dumpJson } from '../../core/json.js';
import type { ColorRole } from './colors.js';
import { splitLinesKeepEnds, unifiedDiff } from './unified-diff.js';
import { dumpYaml } from './yaml-dump.js';

type Paint = (line: string, color: ColorRole) => string;

export interface DiffFormat {
  /** callback_result_format: a dict before/after is serialized as JSON or YAML. */
  readonly resultFormat?: 'json' | 'yaml';
  readonly prettyResults?: boolean;
}

/** ansible's `_serialize_diff` for a dict side, else the text itself. */
function side(value: Data | undefined, format: DiffFormat): string {
  if (value === undefined || value === null) return '';
  if (!isDict(value)) return pyStr(value);
  if (format.resultFormat === 'yaml') {
    const yaml = dumpYaml(value, { indent: 4, lossy: format.prettyResults !== false });
    return (
      splitLinesKeepEnds(yaml)
        .map((line) => (line.trim() ? '    ' + line : line))
        .join('') + '\n'
    );
  }
  return dumpJson(value, { sortKeys: true, indent: 4, separators: [',', ': '] }) + '\n';
}

/**
 * ansible's `_get_diff`: one or more diff dicts (`before`/`after` with headers, binary and size
 * notes, `prepared`) as the text `--diff` prints, diff lines coloured add/remove/hunk.
 */
export function formatDiff(diff: Data, paint: Paint, context = 3, format: DiffFormat = {}): string {
  const list = Array.isArray(diff) ? diff : [diff];
  const out: string[] = [];
  for (const d of list) {
    if (!isDict(d)) continue;
    if (d.has('dst_binary')) out.push('diff skipped: destination file appears to be binary\n');
    if (d.has('src_binary')) out.push('diff skipped: source file appears to be binary\n');
    if (d.has('dst_larger')) out.push(`diff skipped: destination file size is greater than ${pyStr(d.get('dst_larger') as Data)}\n`);
    if (d.has('src_larger')) out.push(`diff skipped: source file size is greater than ${pyStr(d.get('src_larger') as Data)}\n`);
    if (d.has('before') && d.has('after')) {
      const beforeHeader = d.has('before_header') ? `before: ${pyStr(d.get('before_header') as Data)}` : 'before';
      const afterHeader = d.has('after_header') ? `after: ${pyStr(d.get('after_header') as Data)}` : 'after';
      const before = splitLinesKeepEnds(side(d.get('before'), format));
      const after = splitLinesKeepEnds(side(d.get('after'), format));
      const noEol = (lines: string[]): void => {
        const i = lines.length - 1;
        if (i >= 0 && !(lines[i] as string).endsWith('\n')) lines[i] += '\n\\ No newline at end of file\n';
      };
      noEol(before);
      noEol(after);
      const lines = unifiedDiff(before, after, beforeHeader, afterHeader, context);
      for (const line of lines) {
        if (line.startsWith('+')) out.push(paint(line, 'diffAdd'));
        else if (line.startsWith('-')) out.push(paint(line, 'diffRemove'));
        else if (line.startsWith('@@')) out.push(paint(line, 'diffLines'));
        else out.push(line);
      }
      if (lines.length > 0) out.push('\n');
    }
    if (d.has('prepared')) out.push(pyStr(d.get('prepared') as Data));
  }
  return out.join('');
}
