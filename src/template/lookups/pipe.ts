/** `pipe` (a command's stdout, right-stripped) and `lines` (its stdout, line by line). */
import { spawnSync } from 'node:child_process';
import type { Data } from '../../core/data.js';
import type { LookupFn, PluginContext } from '../plugin.js';
import { pluginError, toText } from '../filters/ansible-args.js';
import { decodeSurrogateEscape } from '../filters/ansible-python-text.js';
import { pyStrip } from './file.js';

// NOTE: the command's stderr goes nowhere: 2.19 runs lookups in a worker whose stdio is /dev/null.
function run(ctx: PluginContext, command: string, name: string): string {
  const r = spawnSync('/bin/sh', ['-c', command], { cwd: ctx.lookup?.baseDir, stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 30 });
  if (r.error) throw pluginError(`lookup_plugin.${name}(${command}) returned ${String(r.error)}`);
  const code = r.status ?? 1;
  if (code !== 0) throw pluginError(`lookup_plugin.${name}(${command}) returned ${code}`);
  return decodeSurrogateEscape(r.stdout);
}

/** Python's str.splitlines(). */
export function splitLines(text: string): string[] {
  // eslint-disable-next-line no-control-regex -- str.splitlines() breaks on these separators too
  const lines = text.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export const pipe: LookupFn = (ctx, terms) => terms.map((t): Data => pyStrip(run(ctx, toText(t), 'pipe'), false, true));

export const lines: LookupFn = (ctx, terms) => terms.flatMap((t): Data[] => splitLines(run(ctx, toText(t), 'lines')));
