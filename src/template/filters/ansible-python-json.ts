/**
 * Python's `json.loads` error words on top of core/json.ts: `Expecting value: line 1 column 1
 * (char 0)`, as from_json reports them.
 */
import { parseJson } from '../../core/json.js';
import type { Data } from '../../core/data.js';
import { pluginError } from './ansible-args.js';

export function loadsJson(text: string): Data {
  try {
    return parseJson(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const m = /^(.*) at position (\d+)$/.exec(error.message);
    if (!m) throw pluginError(error.message, error);
    const what = m[1] ?? '';
    const pos = Number(m[2]);
    const before = text.slice(0, pos);
    const line = before.split('\n').length;
    const column = pos - (before.lastIndexOf('\n') + 1) + 1;
    throw pluginError(`${what}: line ${line} column ${column} (char ${pos})`, error);
  }
}
