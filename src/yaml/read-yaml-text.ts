import { readFileSync } from 'node:fs';
import { YamlError } from '../core/errors.js';

/** The length of the valid UTF-8 sequence starting at `i`, or -1 when none starts there. */
function utf8SequenceAt(bytes: Uint8Array, i: number): number {
  const b = bytes[i] as number;
  const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
  if (need < 0) return -1;
  // The second byte's range excludes overlong forms and surrogates (Python's decoder rejects them).
  const low = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
  const high = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
  for (let k = 1; k <= need; k++) {
    const c = bytes[i + k];
    if (c === undefined || c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) return -1;
  }
  return need + 1;
}

/** The first byte that does not start a valid UTF-8 sequence, or -1 when all of them do. */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const length = utf8SequenceAt(bytes, i);
    if (length < 0) return i;
    i += length;
  }
  return -1;
}

/**
 * A YAML file's text. NOTE: ansible-core 2.19 decodes a file that is not UTF-8 with escapes (and a
 * deprecation), then libyaml refuses the escaped text: the load fails with Python's encode error,
 * whose position counts characters, and an origin without a line.
 */
export function readYamlText(path: string): string {
  const bytes = readFileSync(path);
  const bad = firstInvalidUtf8Byte(bytes);
  if (bad < 0) return bytes.toString('utf8');
  let position = 0;
  for (let i = 0; i < bad; i++) if (((bytes[i] as number) & 0xc0) !== 0x80) position++;
  // Each byte of the undecodable run became one escape; Python's encode error names the whole run.
  let end = bad + 1;
  while (end < bytes.length && utf8SequenceAt(bytes, end) < 0) end++;
  const what =
    end - bad === 1 ? `character '\\udc${(bytes[bad] as number).toString(16)}' in position ${position}` : `characters in position ${position}-${position + end - bad - 1}`;
  return failUndecodable(path, what);
}

function failUndecodable(path: string, what: string): never {
  throw new YamlError('YAML_PARSE', `YAML parsing failed: 'utf-8' codec can't encode ${what}: surrogates not allowed`, {
    location: { file: path, line: 0, column: 0 },
    deprecations: [
      {
        message: `File '${path}' could not be decoded as 'utf-8'. Invalid content has been escaped.`,
        version: '2.23',
        collection: 'ansible.builtin',
        help: 'This file must be UTF-8 encoded.',
      },
    ],
  });
}
