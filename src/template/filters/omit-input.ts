/**
 * What a filter raises when omit is its input. NOTE: omit is an object of its own in 2.19 (no str
 * subclass), so a filter that calls a str method, or a Python builtin that wants a str or a
 * number, fails on it in that code's own words; Volant's omit is a str, so those words are here.
 */
import { pluginError, raisedWhileHandling } from './ansible-args.js';

const OMIT_INPUT_ERRORS: Record<string, string> = {
  comment: "'_OmitType' object has no attribute 'replace'",
  urldecode: "'_OmitType' object has no attribute 'replace'",
  urlsplit: "'_OmitType' object has no attribute 'decode'",
  wordwrap: "'_OmitType' object has no attribute 'splitlines'",
  split: "descriptor 'split' for 'str' objects doesn't apply to a '_OmitType' object",
  strftime: 'strftime() argument 1 must be str, not _OmitType',
  to_datetime: 'strptime() argument 1 must be str, not _OmitType',
  from_json: 'the JSON object must be str, bytes or bytearray, not _OmitType',
  indent: "unsupported operand type(s) for +=: '_OmitType' and 'str'",
  filesizeformat: "float() argument must be a string or a real number, not '_OmitType'",
  last: "'_OmitType' object is not reversible",
  random: 'random can only be used on sequences and integers',
  flatten: "'_OmitType' object is not iterable",
};

/** Throws the filter's own failure on omit, when it has one; other filters read omit as '<<Omit>>'. */
export function refuseOmitInput(filter: string): void {
  const name = filter.startsWith('ansible.builtin.') ? filter.slice('ansible.builtin.'.length) : filter;
  if (Object.hasOwn(OMIT_INPUT_ERRORS, name)) throw pluginError(OMIT_INPUT_ERRORS[name] as string);
  // reverse raises its own error while handling the TypeError.
  if (name === 'reverse') throw pluginError('argument must be iterable', raisedWhileHandling("'_OmitType' object is not iterable"));
}
