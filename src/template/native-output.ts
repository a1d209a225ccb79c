/**
 * How a template's output nodes become its value: Ansible 2.19's native concat, and the text of
 * each node as Ansible's finalize prints it.
 */
import type { Value } from './runtime/py-object.js';
import { PyBytes } from './runtime/py-bytes.js';
import { str, finalizeContainer } from './runtime/py-values.js';
import { PlainUndefined, Undefined, undefinedError } from './runtime/undefined.js';
import { OMIT_PLACEHOLDER } from './runtime/omit.js';

/** Converts an output node to text: None prints as '' (Ansible's finalize), Undefined fails. */
export function outputText(v: Value): string {
  if (typeof v === 'string') return v;
  if (v === null) return '';
  if (v instanceof Undefined) throw undefinedError(v);
  // NOTE: finalize turns tuples into lists and drops omit before printing: `x{{ (1, omit) }}` is 'x[1]'.
  if (Array.isArray(v) || v instanceof Map) return str(finalizeContainer(v));
  // NOTE: finalize decodes bytes (surrogateescape), where `~` and `| string` print their repr.
  if (v instanceof PyBytes) return v.toText();
  return str(v);
}

/**
 * NOTE: Ansible 2.19's native concat: one output node is the value itself, none is None; None
 * nodes drop out before that rule applies. A conditional expression's missing else is a node
 * (`{{ 'a' if false }}{{ 5 }}` is the text '5'), printed as nothing; alone it is the Undefined
 * variable storage refuses. Templates and macro bodies both end this way.
 */
export function nativeConcat(out: Value[]): Value {
  if (out.length === 1) return out[0] as Value;
  let plain = out.length > 1;
  for (let i = 0; i < out.length && plain; i++) {
    const v = out[i];
    if (v === null || v instanceof Undefined) plain = false;
  }
  if (plain) return joinOutput(out);
  const kept = out.filter((v) => v !== null);
  if (kept.length === 1) return kept[0] as Value;
  if (kept.length === 0) return null;
  return joinOutput(kept);
}

/** A conditional expression's missing else (an Undefined with nothing to say): it prints as nothing. */
function isMissingElse(v: Value): boolean {
  return v instanceof Undefined && v.message === '';
}

/** The output nodes joined as text (several nodes, a set block, a filter block). */
export function joinOutput(out: Value[]): string {
  let s = '';
  for (let i = 0; i < out.length; i++) {
    const v = out[i] as Value;
    // NOTE: 2.19's omit prints as nothing among other output ('x{{ omit }}' is 'x').
    if (v === OMIT_PLACEHOLDER || isMissingElse(v)) continue;
    s += typeof v === 'string' ? v : outputText(v);
  }
  return s;
}

/** One operand of `~` as text: omit shows its placeholder there, Undefined fails. */
export function concatText(v: Value): string {
  if (typeof v === 'string') return v === OMIT_PLACEHOLDER ? str(v) : v;
  if (v instanceof PlainUndefined) return '';
  if (v instanceof Undefined) throw undefinedError(v);
  return str(v);
}
