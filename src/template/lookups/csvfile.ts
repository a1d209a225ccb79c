/** The `csvfile` lookup: column `col` of the row whose `keycol` equals the key. */
import { readFileSync } from 'node:fs';
import type { Data } from '../../core/data.js';
import type { LookupFn } from '../plugin.js';
import { defined, pluginError, pyClass, toText } from '../filters/ansible-args.js';
import { readCsv } from './csv-reader.js';
import { parseKv } from './kv-args.js';
import { findFileOrWarn } from './search-path.js';
import { lookupOption } from './lookup-options.js';

const DEFAULTS: Record<string, Data> = { file: 'ansible.csv', col: '1', keycol: '0', delimiter: 'TAB', default: null, encoding: 'utf-8' };

/** The file's text in a Python codec's name (the WHATWG label when they agree). */
function decodeAs(bytes: Buffer, encoding: string): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding.toLowerCase().replaceAll('_', '-'));
  } catch {
    throw pluginError(`unknown encoding: ${encoding}`);
  }
  return decoder.decode(bytes);
}

export const csvfile: LookupFn = (ctx, terms, kwargs) => {
  const options = new Map<string, Data>(Object.entries(DEFAULTS));
  // NOTE: unknown keyword options are ignored (2.19 checks only the inline ones).
  for (const [k, v] of kwargs) if (options.has(k)) options.set(k, defined(v));
  for (const name of ['col', 'keycol'] as const) options.set(name, lookupOption('csvfile', name, kwargs.get(name), { type: 'int', default: DEFAULTS[name] ?? null }));
  if (terms.length === 0) throw pluginError('Search key is required but was not found');
  const out: Data[] = [];
  for (const term of terms) {
    const kv = parseKv(toText(term));
    const key = kv.get('_raw_params');
    if (key === undefined) throw pluginError('Search key is required but was not found');
    for (const [k, v] of kv) {
      if (k === '_raw_params') continue;
      if (!options.has(k)) throw pluginError(`'${k}' is not a valid option`);
      options.set(k, v);
    }
    let delimiter = toText(options.get('delimiter') ?? 'TAB');
    if (delimiter === 'TAB') delimiter = '\t';
    const file = findFileOrWarn(ctx, 'files', toText(options.get('file') ?? ''));
    if (file === undefined) throw pluginError(`expected str, bytes or os.PathLike object, not ${pyClass(null).replace(/^<class '(.*)'>$/, '$1')}`);
    const col = Number(toText(options.get('col') ?? '1'));
    const keycol = Number(toText(options.get('keycol') ?? '0'));
    let found: Data = options.get('default') ?? null;
    for (const row of readCsv(decodeAs(readFileSync(file), toText(options.get('encoding') ?? 'utf-8')), delimiter)) {
      if (row.length > 0 && row[keycol] === key) {
        if (col >= row.length) throw pluginError('list index out of range');
        found = row[col] as string;
        break;
      }
    }
    if (found !== null) out.push(found);
  }
  return out;
};
