/**
 * PyYAML's implicit resolution of plain scalars (yaml.resolver.Resolver, YAML 1.1) and the
 * SafeConstructor's conversion of the text to a Python value.
 */
import { PyDate, PyFloat, intFromDigits, strRepr } from '../core/data.js';
import type { Data } from '../core/data.js';
import { PyDateRangeError, pyTimestamp, TIMESTAMP_RESOLVER } from './timestamp.js';

/** A Python error in a constructor (int(), float(), a table lookup): PyYAML raises it without a mark. */
export class PythonValueError extends Error {}

export type ScalarTag = 'null' | 'bool' | 'int' | 'float' | 'timestamp' | 'merge' | 'value' | 'str';

// NOTE: YAML 1.1 as PyYAML has it: `y`/`n` are strings, `0o755` is a string, `1e3` is a
// string (a float needs a dot), `-.5` is a string, `08` is a string, `1:20` is the int 80.
const BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const FLOAT =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const INT =
  /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const NULL = /^(?:~|null|Null|NULL|)$/;

/** The tag PyYAML's resolver gives a plain scalar. Resolvers are tried in PyYAML's order. */
export function resolvePlainTag(text: string): ScalarTag {
  if (text === '') return 'null';
  const first = text[0] ?? '';
  if ('yYnNtTfFoO'.includes(first) && BOOL.test(text)) return 'bool';
  if ('-+0123456789.'.includes(first)) {
    if (FLOAT.test(text)) return 'float';
    if (INT.test(text)) return 'int';
  }
  if (text === '<<') return 'merge';
  if ('~nN'.includes(first) && NULL.test(text)) return 'null';
  if ('0123456789'.includes(first) && TIMESTAMP_RESOLVER.test(text)) return 'timestamp';
  if (text === '=') return 'value';
  return 'str';
}

const BOOL_WORDS = ['yes', 'no', 'true', 'false', 'on', 'off'];

export function constructBool(text: string): boolean {
  return ['yes', 'true', 'on'].includes(text.toLowerCase());
}

function sexagesimal(digits: string, parse: (part: string) => number): number {
  let value = 0;
  for (const part of digits.split(':')) value = value * 60 + parse(part);
  return value;
}

/** SafeConstructor.construct_yaml_int. Throws on text that is no int (an explicit `!!int`). */
export function constructInt(raw: string): number | bigint {
  let text = raw.replace(/_/g, '');
  let sign = 1;
  if (text.startsWith('-')) sign = -1;
  if (text.startsWith('-') || text.startsWith('+')) text = text.slice(1);
  let value: number | bigint;
  const digits = (body: string, radix: 2 | 8 | 10 | 16, valid: RegExp): number | bigint => (valid.test(body) ? intFromDigits(body, radix) : NaN);
  if (text === '0') value = 0;
  else if (text.startsWith('0b')) value = digits(text.slice(2), 2, /^[01]+$/);
  else if (text.startsWith('0x')) value = digits(text.slice(2), 16, /^[0-9a-fA-F]+$/);
  // NOTE: Python's int(text, 8) also takes a `0o` prefix, so `!!int 0o17` is 15.
  else if (text.startsWith('0')) value = /^0(?:o)?[0-7]+$/.test(text) ? intFromDigits(text.replace(/^0o?/, ''), 8) : NaN;
  else if (text.includes(':')) value = sexagesimal(text, (part) => parseInt(part, 10));
  else value = digits(text, 10, /^[0-9]+$/);
  if (Number.isNaN(value)) throw new PythonValueError(`invalid literal for int() with base 10: '${raw}'`);
  if (typeof value === 'bigint') return sign < 0 ? -value : value;
  // Python ints have no negative zero.
  return value === 0 ? 0 : sign * value;
}

/** SafeConstructor.construct_yaml_float. */
export function constructFloat(raw: string): PyFloat {
  let text = raw.replace(/_/g, '').toLowerCase();
  let sign = 1;
  if (text.startsWith('-')) sign = -1;
  if (text.startsWith('-') || text.startsWith('+')) text = text.slice(1);
  if (text === '.inf') return new PyFloat(sign * Infinity);
  if (text === '.nan') return new PyFloat(NaN);
  if (text.includes(':')) return new PyFloat(sign * sexagesimal(text, (part) => parseFloat(part)));
  const value = Number(text);
  if (Number.isNaN(value)) throw new PythonValueError(`could not convert string to float: '${raw}'`);
  return new PyFloat(sign * value);
}

export interface ResolvedScalar {
  readonly value: Data;
}

/** Builds the value for a scalar of the given tag. Throws for `merge`/`value` (no constructor). */
export function constructScalar(tag: ScalarTag, text: string): ResolvedScalar {
  switch (tag) {
    case 'null':
      return { value: null };
    case 'bool':
      // PyYAML looks the word up in its table: another word is a KeyError, shown as the key's repr.
      if (!BOOL_WORDS.includes(text.toLowerCase())) throw new PythonValueError(strRepr(text.toLowerCase()));
      return { value: constructBool(text) };
    case 'int':
      return { value: constructInt(text) };
    case 'float':
      return { value: constructFloat(text) };
    case 'timestamp': {
      let stamp;
      try {
        stamp = pyTimestamp(text);
      } catch (error) {
        // NOTE: Python's ValueError has no mark.
        if (error instanceof PyDateRangeError) throw new PythonValueError(error.message);
        throw error;
      }
      // PyYAML's regular expression does not match, and it asks None for its groups.
      if (stamp === undefined) throw new PythonValueError("'NoneType' object has no attribute 'groupdict'");
      return { value: new PyDate(stamp.kind, stamp.text) };
    }
    case 'merge':
    case 'value':
      throw new Error(`could not determine a constructor for the tag 'tag:yaml.org,2002:${tag}'`);
    case 'str':
      return { value: text };
  }
}

/** A plain scalar as PyYAML reads it. */
export function resolvePlainScalar(text: string): ResolvedScalar {
  return constructScalar(resolvePlainTag(text), text);
}
