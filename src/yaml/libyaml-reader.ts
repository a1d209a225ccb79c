/**
 * libyaml's reader refuses characters YAML does not allow in a stream (C0 and C1 controls, DEL,
 * U+FFFE/U+FFFF) before it scans anything: the first 16 KiB it reads at once, so in practice the
 * whole of a playbook. PyYAML hands it Python's str encoded as UTF-8, named "<unicode string>",
 * and the position is the offending character's byte offset in that encoding.
 */
import { YamlError } from '../core/errors.js';

const NOT_ALLOWED = /[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

/** ansible's error for the first character libyaml's reader refuses in `source`, if any. */
export function readerError(source: string, file: string): YamlError | undefined {
  const found = NOT_ALLOWED.exec(source);
  if (found === null) return undefined;
  const code = found[0].codePointAt(0) ?? 0;
  const position = Buffer.byteLength(source.slice(0, found.index), 'utf8');
  // NOTE: PyYAML's ReaderError puts the stream's name on a line of its own; ansible's message joins it.
  const message = `unacceptable character #x${code.toString(16).padStart(4, '0')}: control characters are not allowed in "<unicode string>", position ${position}`;
  return new YamlError('YAML_PARSE', `YAML parsing failed: ${message}`, { location: { file, line: 0, column: 0 } });
}
