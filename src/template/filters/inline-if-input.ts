/**
 * What a filter makes of an inline if's Undefined (`('a' if false) | f`). NOTE: that value is
 * Jinja's own lenient Undefined, not 2.19's marker, so 2.19 calls the filter with it and the
 * filter's Python takes it as that class behaves: str() of it is '' (to_text, hashing, quoting),
 * iterating it gives nothing, it is false; reading an attribute of it, int() or float() of it,
 * or `+=` on it raises its hint; a builtin that type-checks names the class `Undefined`. Each
 * entry was seen under ansible-core 2.19; a filter not listed here gets the value itself.
 */
import type { Data } from '../../core/data.js';
import { JINJA_UNDEFINED_CLASS, pluginError, raisedWhileHandling } from './ansible-args.js';
import { undefinedError, type PlainUndefined } from '../runtime/undefined.js';

/** Filters that read it as text: to_text(Undefined) is ''. */
const AS_TEXT: ReadonlySet<string> = new Set([
  'regex_replace', 'regex_search', 'regex_escape', 'b64encode', 'b64decode', 'to_uuid', 'hash', 'md5', 'sha1', 'checksum', 'quote',
  'human_to_bytes',
  // NOTE: not seen: the reference has no passlib (it fails first); passlib reads the secret as text
  'password_hash',
]);

/** Filters that iterate it: it holds nothing. */
const AS_ITEMS: ReadonlySet<string> = new Set([
  'unique', 'flatten', 'shuffle', 'zip', 'product', 'combinations', 'permutations',
  'intersect', 'difference', 'union', 'symmetric_difference', 'rekey_on_member', 'random', 'last',
]);

/** Filters whose code reads it as a value (an attribute, int(), float(), `+=`): its hint. */
const READ: ReadonlySet<string> = new Set(['int', 'float', 'dictsort', 'xmlattr', 'wordwrap', 'indent', 'filesizeformat']);

const NOT_A_PATH = 'expected str, bytes or os.PathLike object, not Undefined';

/** Filters that refuse it in their own (or a Python builtin's) words. */
const REFUSED: Readonly<Record<string, string>> = {
  basename: NOT_A_PATH, dirname: NOT_A_PATH, expanduser: NOT_A_PATH, expandvars: NOT_A_PATH, realpath: NOT_A_PATH,
  splitext: NOT_A_PATH, relpath: NOT_A_PATH, win_basename: NOT_A_PATH, win_dirname: NOT_A_PATH,
  normpath: '_path_normpath: path should be string, bytes or os.PathLike, not Undefined',
  path_join: `|path_join expects string or sequence, got ${JINJA_UNDEFINED_CLASS} instead.`,
  commonpath: `|commonpath expects sequence, got ${JINJA_UNDEFINED_CLASS} instead.`,
  split: "descriptor 'split' for 'str' objects doesn't apply to a 'Undefined' object",
  from_json: 'the JSON object must be str, bytes or bytearray, not Undefined',
  tojson: 'Object of type Undefined is not JSON serializable',
  to_yaml: "('cannot represent an object', Undefined)",
  to_nice_yaml: "('cannot represent an object', Undefined)",
  to_datetime: 'strptime() argument 1 must be str, not Undefined',
  dict2items: `dict2items requires a dictionary, got ${JINJA_UNDEFINED_CLASS} instead.`,
  items2dict: `items2dict requires a list, got ${JINJA_UNDEFINED_CLASS} instead.`,
  subelements: 'obj must be a list of dicts or a nested dict',
  vault: `Can only vault strings, instead we got ${JINJA_UNDEFINED_CLASS}.`,
  unvault: `Vault should be in the form of a string, instead we got ${JINJA_UNDEFINED_CLASS}.`,
};

/** The input the filter works on in its place (see above), or undefined to hand it the value; throws where the filter fails. */
export function inlineIfInput(filter: string, value: PlainUndefined): Data | undefined {
  const name = filter.startsWith('ansible.builtin.') ? filter.slice('ansible.builtin.'.length) : filter;
  if (AS_TEXT.has(name)) return '';
  if (AS_ITEMS.has(name)) return [];
  if (name === 'ternary') return false;
  if (READ.has(name)) throw undefinedError(value);
  // attr's getattr fails inside Jinja's own `except`: shown as a cause of its own
  if (name === 'attr') throw raisedWhileHandling(value.hint);
  const refused = Object.hasOwn(REFUSED, name) ? REFUSED[name] : undefined;
  if (refused !== undefined) throw pluginError(refused);
  return undefined;
}
