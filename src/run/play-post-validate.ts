/**
 * 2.19's Play.post_validate: before a play runs — and for each play of --syntax-check and the
 * listings too — the play's own keywords are templated with its variables and converted, in its
 * attributes' order (name, hosts, gather_facts, gather_subset, gather_timeout, force_handlers,
 * max_fail_percentage, strategy, order). The first that fails stops the run (exit code 4).
 */
import { PyFloat, isStringLike, pyRepr, pyStr, pyTypeName, strRepr, type Data } from '../core/data.js';
import { ParseError, VolantError } from '../core/errors.js';
import { raisedElsewhere, type SourceLocation } from '../core/source-location.js';
import type { PlayNode } from '../playbook/model.js';
import { isStrictBool } from './keyword-values.js';
import { IntOverflow, keywordIntValue } from '../core/python-int.js';
import { asciiNumeral } from '../core/python-numerals.js';
import { isOmit } from '../template/index.js';

/** The play's name and host pattern, templated. */
export interface ValidatedPlay {
  readonly name: string;
  readonly pattern: string;
  /** hosts as a list (2.19's 'list' type: a single pattern is a list of one). */
  readonly hosts: readonly string[];
}

export function postValidatePlay(play: PlayNode, render: (value: Data) => Data): ValidatedPlay {
  const nameKw = play.keywords.get('name');
  const named = nameKw !== undefined && nameKw.value !== null;
  let written: string | undefined;
  try {
    const value = named ? render(nameKw.value) : undefined;
    // NOTE: omit leaves the name at its default, '', and an empty name is the hosts' (Play.get_name).
    written = value === undefined || isOmit(value) || pyStr(value) === '' ? undefined : pyStr(value);
  } catch (e) {
    throw playKeywordError('name', e, nameKw?.loc);
  }
  const hostsKw = play.keywords.get('hosts');
  // NOTE: 2.19 checks that hosts is there only now, so the plays before one without it run.
  if (hostsKw === undefined) throw Object.assign(new ParseError('PLAY_HOSTS_REQUIRED', "The field 'hosts' is required but was not set.", { location: play.loc }), { exitCode: 4 });
  let hosts: string[];
  try {
    const value = hostsKw.value;
    const items: Data[] = [];
    for (const h of value === null ? [] : Array.isArray(value) ? value : [value]) {
      const r = render(h);
      // NOTE: hosts templated to omit is None, which the inventory reads as the pattern 'None';
      // an item of a list that is omit drops out of it.
      if (!isOmit(r)) items.push(r);
      else if (!Array.isArray(value)) items.push(null);
    }
    hosts = items.flatMap((h) => (Array.isArray(h) ? h.map(pyStr) : [pyStr(h)]));
  } catch (e) {
    // NOTE: an unnamed play's name is its hosts, so their error is the name's.
    throw playKeywordError(named ? 'hosts' : 'name', e, hostsKw.loc);
  }
  const checks: ReadonlyArray<readonly [string, (value: Data, loc: SourceLocation | undefined) => void]> = [
    ['gather_facts', (v, loc) => checkPlayBool('gather_facts', v, loc)],
    ['gather_subset', (v, loc) => checkStringList('gather_subset', v, loc)],
    ['gather_timeout', (v, loc) => checkInt('gather_timeout', v, loc)],
    ['force_handlers', (v, loc) => checkPlayBool('force_handlers', v, loc)],
    ['max_fail_percentage', checkPercent],
    ['strategy', () => undefined],
    ['order', () => undefined],
  ];
  for (const [keyword, check] of checks) {
    const kw = play.keywords.get(keyword);
    if (kw === undefined || kw.value === null) continue;
    let value: Data;
    try {
      value = render(kw.value);
    } catch (e) {
      throw playKeywordError(keyword, e, kw.loc);
    }
    // omit leaves the keyword at its default (none of these has one but None)
    if (value !== null && !isOmit(value)) check(value, kw.loc);
  }
  const pattern = hosts.join(',');
  // NOTE: an unnamed play is named as it loads: its hosts as written (a list joined), templated
  // now; a template that gives a list names it with the list's repr.
  const unnamed = (): string => {
    // NOTE: a list's joined text is new text, no trusted template: it is never templated.
    if (Array.isArray(hostsKw.value)) return hostsKw.value.map(pyStr).join(',');
    const value = render(hostsKw.value);
    return isOmit(value) ? '' : pyStr(value);
  };
  return { name: written ?? unnamed(), pattern, hosts };
}

/**
 * A play keyword that failed to template: the run stops before the play (exit code 4). NOTE: a
 * vars_files file the play's variables could not read fails before any template, as itself.
 */
export function playKeywordError(keyword: string, cause: unknown, location: SourceLocation | undefined): VolantError {
  if (cause instanceof VolantError && cause.code === 'VARS_FILE_INVALID') return cause;
  if (raisedElsewhere(cause instanceof VolantError ? cause.location : undefined, location)) {
    return Object.assign(new VolantError('PLAY_KEYWORD', `Error processing keyword '${keyword}'.`, { location, cause }), { exitCode: 4 });
  }
  const error = new VolantError('PLAY_KEYWORD', `Error processing keyword '${keyword}': ${cause instanceof Error ? cause.message : String(cause)}`, {
    ...(location ? { location } : {}),
  });
  return Object.assign(error, { exitCode: 4 });
}

/** A play's bool keyword: a value that does not convert stops the run, the conversion shown as the cause. */
export function checkPlayBool(keyword: string, value: Data, location: SourceLocation | undefined): void {
  if (!isOmit(value) && !isStrictBool(value)) throw playConversionError(keyword, value, 'bool', location);
}

/** max_fail_percentage as 2.19's 'percent' type: a number, or text Python's float() reads once '%' is removed. */
export function checkPercent(value: Data, location: SourceLocation | undefined): void {
  if (value === null || isOmit(value) || typeof value === 'number' || typeof value === 'boolean' || value instanceof PyFloat) return;
  const text = asciiNumeral(pyStr(value)).replace(/%/g, '').trim();
  if (/^[+-]?((\d+(_\d+)*)?\.?\d+(_\d+)*([eE][+-]?\d+)?|\d+\.|inf(inity)?|nan)$/i.test(text)) return;
  throw playConversionError('max_fail_percentage', value, 'percent', location);
}

/** 2.19's 'int' type: a whole number, as decimal.Decimal reads it (see keywordIntValue). */
function checkInt(keyword: string, value: Data, location: SourceLocation | undefined): void {
  try {
    keywordIntValue(value);
  } catch (e) {
    throw e instanceof IntOverflow ? playKeywordError(keyword, e, location) : playConversionError(keyword, value, 'int', location);
  }
}

/** A list of strings; a single value counts as a list of one. */
function checkStringList(keyword: string, value: Data, location: SourceLocation | undefined): void {
  for (const item of Array.isArray(value) ? value : [value]) {
    if (isStringLike(item)) continue;
    throw playKeywordError(keyword, new Error(`Keyword '${keyword}' items must be of type 'str', not '${pyTypeName(item)}'.`), location);
  }
}

function playConversionError(keyword: string, value: Data, type: string, location: SourceLocation | undefined): VolantError {
  const at = location ? { location } : {};
  const shown = isStringLike(value) ? strRepr(pyStr(value)) : pyRepr(value);
  const cause = Object.assign(new VolantError('PLAY_KEYWORD', `The value ${shown} could not be converted to '${type}'.`, at), { whileHandling: true });
  return Object.assign(new VolantError('PLAY_KEYWORD', `Error processing keyword '${keyword}'.`, { ...at, cause }), { exitCode: 4 });
}
