/**
 * What a vars_files file may hold (ansible's preprocess_vars): nothing, a dict of variables, or a
 * list of dicts merged in order; anything else stops the run before the play starts.
 */
import { isDict, type DataDict } from '../core/data.js';
import { ParseError } from '../core/errors.js';
import { copyValueOrigin } from '../core/value-origins.js';
import type { YamlNode } from '../yaml/node.js';
import { toData } from '../yaml/to-data.js';
import { copyKeyOrigin } from '../core/key-origins.js';
import { setKeyOriginsFromNode } from '../yaml/key-origins-from-node.js';

const HINT = 'Variable files must contain either a dictionary of variables, or a list of dictionaries.';

export function varsFileContents(document: YamlNode | undefined): DataDict {
  if (document === undefined) return new Map();
  const data = toData(document);
  if (data === null) return new Map();
  if (isDict(data)) {
    setKeyOriginsFromNode(data, document);
    return data;
  }
  const entries = document.kind === 'seq' && Array.isArray(data) ? data : [data];
  const merged: DataDict = new Map();
  entries.forEach((entry, index) => {
    if (!isDict(entry)) {
      const node = document.kind === 'seq' ? (document.items[index] ?? document) : document;
      throw new ParseError('VARS_FILE_CONTENTS', 'Invalid variable file contents.', { location: node.loc, hint: HINT });
    }
    if (document.kind === 'seq') setKeyOriginsFromNode(entry, document.items[index]);
    for (const [key, value] of entry) {
      // as dict.update: a name keeps the place (and origin) where it was first written
      if (!merged.has(key)) copyKeyOrigin(entry, merged, key);
      merged.set(key, value);
      copyValueOrigin(entry, merged, key);
    }
  });
  return merged;
}
