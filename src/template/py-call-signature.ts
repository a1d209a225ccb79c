/**
 * Python's argument binding errors for a filter or test call, from its signature as written in
 * plugin-signatures.ts: too many or missing arguments, unknown or repeated keywords, in the words
 * (and the order of checks) of CPython 3.13, which runs ansible-core 2.19.
 */
import { typeError } from './runtime/py-exception.js';
import { closestName } from './py-suggestion.js';

type ParamKind = 'implicit' | 'positional' | 'keyword-only' | 'varargs' | 'varkw';

interface Param {
  readonly name: string;
  readonly kind: ParamKind;
  readonly hasDefault: boolean;
}

/** How the function is implemented: its errors differ. */
type Style = 'python' | 'positional-only' | 'clinic';

export interface CallSignature {
  readonly name: string;
  readonly style: Style;
  readonly params: readonly Param[];
}

export function parseSignature(text: string): CallSignature {
  const clinic = text.startsWith('$');
  const open = text.indexOf('(');
  const name = text.slice(clinic ? 1 : 0, open);
  const parts = text.slice(open + 1, -1).split(',').map((p) => p.trim()).filter((p) => p !== '');
  const style: Style = clinic ? 'clinic' : parts.at(-1) === '/' ? 'positional-only' : 'python';
  const params: Param[] = [];
  let keywordOnly = false;
  for (const part of parts) {
    if (part === '/') continue;
    if (part === '*') {
      keywordOnly = true;
      continue;
    }
    const hasDefault = part.endsWith('=');
    const bare = hasDefault ? part.slice(0, -1) : part;
    if (bare.startsWith('**')) params.push({ name: bare.slice(2), kind: 'varkw', hasDefault });
    else if (bare.startsWith('*')) {
      params.push({ name: bare.slice(1), kind: 'varargs', hasDefault });
      keywordOnly = true;
    } else if (bare.startsWith('@')) params.push({ name: bare.slice(1), kind: 'implicit', hasDefault });
    else params.push({ name: bare, kind: keywordOnly ? 'keyword-only' : 'positional', hasDefault });
  }
  return { name, style, params };
}

/**
 * The names of the parameters the template's own positional arguments fill (after those Jinja
 * passes and the value), in order; none for C functions.
 */
export function positionalNames(sig: CallSignature): string[] {
  if (sig.style !== 'python') return [];
  return sig.params.filter((p) => p.kind === 'positional').slice(1).map((p) => p.name);
}

/**
 * Throws Python's TypeError when `value | name(args…, kwargs…)` (or `value is name(…)`) does not
 * bind to the signature; the value is the first argument the template writes.
 */
export function checkCall(sig: CallSignature, argCount: number, kwargNames: readonly string[]): void {
  if (sig.style === 'positional-only') checkPositionalOnly(sig, 1 + argCount, kwargNames);
  else if (sig.style === 'clinic') checkClinic(sig, argCount, kwargNames);
  else checkPython(sig, argCount, kwargNames);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** C functions taking positional arguments only (len, abs, operator.eq …). */
function checkPositionalOnly(sig: CallSignature, given: number, kwargNames: readonly string[]): void {
  if (kwargNames.length > 0) throw typeError(`${sig.name}() takes no keyword arguments`);
  const want = sig.params.length;
  if (given === want) return;
  // NOTE: METH_O functions name themselves with their module; the others by their short name.
  if (want === 1) throw typeError(`${sig.name}() takes exactly one argument (${given} given)`);
  throw typeError(`${sig.name.replace(/^.*\./, '')} expected ${plural(want, 'argument')}, got ${given}`);
}

/** C functions with named parameters (Argument Clinic): itertools, str.split, os.path.normpath. */
function checkClinic(sig: CallSignature, argCount: number, kwargNames: readonly string[]): void {
  const named = sig.params.filter((p) => p.kind === 'positional' || p.kind === 'keyword-only');
  const boundSelf = sig.params[0]?.kind === 'implicit';
  const positional = argCount + (boundSelf ? 0 : 1);
  if (!sig.params.some((p) => p.kind === 'varargs')) {
    const given = positional + kwargNames.length;
    if (given > named.length) throw typeError(`${sig.name}() takes at most ${plural(named.length, 'argument')} (${given} given)`);
    named.forEach((p, i) => {
      if (!p.hasDefault && i >= positional && !kwargNames.includes(p.name)) {
        throw typeError(`${sig.name}() missing required argument '${p.name}' (pos ${i + 1})`);
      }
    });
  }
  const unknown = kwargNames.find((k) => !named.some((p) => p.name === k));
  if (unknown === undefined) return;
  // NOTE: itertools.zip_longest does not name the keyword it refuses.
  if (sig.name === 'zip_longest') throw typeError('zip_longest() got an unexpected keyword argument');
  throw typeError(`${sig.name}() got an unexpected keyword argument '${unknown}'`);
}

/** A function written in Python: CPython's initialize_locals, check by check. */
function checkPython(sig: CallSignature, argCount: number, kwargNames: readonly string[]): void {
  const positional = sig.params.filter((p) => p.kind === 'implicit' || p.kind === 'positional');
  const keywordOnly = sig.params.filter((p) => p.kind === 'keyword-only');
  const varargs = sig.params.some((p) => p.kind === 'varargs');
  const varkw = sig.params.some((p) => p.kind === 'varkw');
  const implicit = positional.filter((p) => p.kind === 'implicit').length;
  const given = implicit + 1 + argCount;
  let keywordOnlyGiven = 0;
  for (const k of kwargNames) {
    const at = positional.findIndex((p) => p.name === k);
    if (at >= 0 && at < given) throw typeError(`${sig.name}() got multiple values for argument '${k}'`);
    if (at >= 0) continue;
    if (keywordOnly.some((p) => p.name === k)) {
      keywordOnlyGiven++;
      continue;
    }
    if (varkw) continue;
    const suggestion = closestName(k, [...positional, ...keywordOnly].map((p) => p.name));
    throw typeError(`${sig.name}() got an unexpected keyword argument '${k}'${suggestion !== undefined ? `. Did you mean '${suggestion}'?` : ''}`);
  }
  if (given > positional.length && !varargs) throw typeError(tooManyPositional(sig.name, positional, given, keywordOnlyGiven));
  const missing = positional.filter((p, i) => !p.hasDefault && i >= given && !kwargNames.includes(p.name)).map((p) => p.name);
  if (missing.length > 0) throw typeError(`${sig.name}() missing ${plural(missing.length, 'required positional argument')}: ${nameList(missing)}`);
  const missingKw = keywordOnly.filter((p) => !p.hasDefault && !kwargNames.includes(p.name)).map((p) => p.name);
  if (missingKw.length > 0) throw typeError(`${sig.name}() missing ${plural(missingKw.length, 'required keyword-only argument')}: ${nameList(missingKw)}`);
}

function tooManyPositional(name: string, positional: readonly Param[], given: number, keywordOnlyGiven: number): string {
  const defaults = positional.filter((p) => p.hasDefault).length;
  const takes = defaults > 0 ? `from ${positional.length - defaults} to ${positional.length} positional arguments` : plural(positional.length, 'positional argument');
  const kwNote = keywordOnlyGiven > 0 ? ` positional argument${given === 1 ? '' : 's'} (and ${plural(keywordOnlyGiven, 'keyword-only argument')})` : '';
  return `${name}() takes ${takes} but ${given}${kwNote} ${given === 1 && keywordOnlyGiven === 0 ? 'was' : 'were'} given`;
}

/** 'a' / 'a' and 'b' / 'a', 'b', and 'c', as CPython lists missing names. */
function nameList(names: readonly string[]): string {
  const quoted = names.map((n) => `'${n}'`);
  if (quoted.length === 1) return quoted[0] as string;
  if (quoted.length === 2) return `${quoted[0]} and ${quoted[1]}`;
  return `${quoted.slice(0, -1).join(', ')}, and ${quoted.at(-1)}`;
}
