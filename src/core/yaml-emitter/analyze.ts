/**
 * libyaml's view of a scalar before it is written (yaml_emitter_analyze_scalar): which styles may
 * carry it, and whether PyYAML's resolver would read its plain form back as a str. Ansible dumps
 * with CSafeDumper, so the character classes are libyaml's: NEL and astral characters are not
 * printable, and CR counts as a line break.
 */
export interface Analysis {
  readonly empty: boolean;
  readonly multiline: boolean;
  readonly allowFlowPlain: boolean;
  readonly allowBlockPlain: boolean;
  readonly allowSingleQuoted: boolean;
  /** A `|` block may carry it. */
  readonly allowBlock: boolean;
}

export function isBreak(ch: string | undefined): boolean {
  return ch === '\n' || ch === '\r' || ch === '\x85' || ch === '\u2028' || ch === '\u2029';
}

function isBlankOrEnd(ch: string | undefined): boolean {
  return ch === undefined || ch === '\0' || ch === ' ' || ch === '\t' || isBreak(ch);
}

/** libyaml's IS_PRINTABLE: its UTF-8 test stops at three-byte sequences, and leaves out NEL. */
export function isPrintable(code: number): boolean {
  return (
    code === 0x0a || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd && code !== 0xfeff)
  );
}

/** Words with no indicator, space or special character: every style is allowed. */
const SIMPLE_WORD = /^[A-Za-z0-9_][A-Za-z0-9_./@+=-]*$/;
const SIMPLE: Analysis = { empty: false, multiline: false, allowFlowPlain: true, allowBlockPlain: true, allowSingleQuoted: true, allowBlock: true };
const EMPTY: Analysis = { empty: true, multiline: false, allowFlowPlain: false, allowBlockPlain: true, allowSingleQuoted: true, allowBlock: false };

export function analyze(scalar: string, allowUnicode: boolean): Analysis {
  if (SIMPLE_WORD.test(scalar)) return SIMPLE;
  if (!scalar) return EMPTY;
  let blockIndicators = scalar.startsWith('---') || scalar.startsWith('...');
  let flowIndicators = blockIndicators;
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  const chars = [...scalar];
  let precededByWhitespace = true;
  let previousSpace = false;
  let previousBreak = false;
  for (let index = 0; index < chars.length; index++) {
    const ch = chars[index] as string;
    const followedByWhitespace = isBlankOrEnd(chars[index + 1]);
    if (index === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) flowIndicators = blockIndicators = true;
      if (ch === '?' || ch === ':') {
        flowIndicators = true;
        if (followedByWhitespace) blockIndicators = true;
      }
      if (ch === '-' && followedByWhitespace) flowIndicators = blockIndicators = true;
    } else {
      if (',?[]{}'.includes(ch)) flowIndicators = true;
      if (ch === ':') {
        flowIndicators = true;
        if (followedByWhitespace) blockIndicators = true;
      }
      if (ch === '#' && precededByWhitespace) flowIndicators = blockIndicators = true;
    }
    const code = ch.codePointAt(0) as number;
    if (!isPrintable(code) || (!allowUnicode && code > 0x7e)) special = true;
    if (ch === ' ') {
      if (index === 0) leadingSpace = true;
      if (index === chars.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(ch)) {
      lineBreaks = true;
      if (index === 0) leadingBreak = true;
      if (index === chars.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankOrEnd(ch);
  }
  let allowFlowPlain = true;
  let allowBlockPlain = true;
  let allowSingleQuoted = true;
  let allowBlock = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) allowFlowPlain = allowBlockPlain = false;
  if (trailingSpace) allowBlock = false;
  if (breakSpace) allowFlowPlain = allowBlockPlain = allowSingleQuoted = false;
  if (spaceBreak || special) allowFlowPlain = allowBlockPlain = allowSingleQuoted = allowBlock = false;
  if (lineBreaks) allowFlowPlain = allowBlockPlain = false;
  if (flowIndicators) allowFlowPlain = false;
  if (blockIndicators) allowBlockPlain = false;
  return { empty: false, multiline: lineBreaks, allowFlowPlain, allowBlockPlain, allowSingleQuoted, allowBlock };
}

// ---- PyYAML's implicit resolvers: would this text, written plain, read back as something other than str? ----

const IMPLICIT: readonly (readonly [string, RegExp])[] = [
  ['yYnNtTfFoO', /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/],
  [
    '-+0123456789.',
    /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/,
  ],
  ['-+0123456789', /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/],
  ['<', /^(?:<<)$/],
  ['~nN', /^(?:~|null|Null|NULL)$/],
  [
    '0123456789',
    /^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$/,
  ],
  ['=', /^(?:=)$/],
];

/**
 * A plain `text` reads back as a str (the scalar event's plain_implicit). Text that could never be
 * written plain (empty, multi-line, starting with an indicator) is not asked about.
 */
export function plainIsStr(text: string): boolean {
  if (text === '') return false;
  const first = text[0] as string;
  return !IMPLICIT.some(([firsts, re]) => firsts.includes(first) && re.test(text));
}
