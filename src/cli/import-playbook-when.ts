/**
 * An import_playbook entry's `when`, templated as the playbook loads. 2.19's PlaybookInclude
 * post-validates its keywords before it reads the imported file: a `{{ }}` condition becomes its
 * value there (a boolean, with no deprecation of delimiters in conditionals), a bare expression
 * stays for each task to evaluate, and a template that fails is an error of the keyword.
 */
import { pyRepr, type Data } from '../core/data.js';
import { ParseError, TemplateError } from '../core/errors.js';
import type { SourceLocation } from '../core/source-location.js';
import type { Keyword } from '../playbook/model.js';

export type LoadTimeRender = (text: string, origin: SourceLocation) => Data;

export function importPlaybookWhen(when: Keyword | undefined, render: LoadTimeRender): Keyword | undefined {
  if (when === undefined || when.value === null) return when;
  const items = Array.isArray(when.value) ? when.value : [when.value];
  const nodes = when.node?.kind === 'seq' ? when.node.items : undefined;
  try {
    const value = items.map((item, i) => (typeof item === 'string' ? render(item, nodes?.[i]?.loc ?? when.loc) : item));
    return { ...when, value };
  } catch (e) {
    if (!(e instanceof TemplateError)) throw e;
    // NOTE: 2.19 names the keyword's list above the template's own error: a list written in YAML
    // where it starts, the list it made of a single condition (which has no origin) by its repr.
    const where = Array.isArray(when.value) ? { location: when.node?.loc ?? when.loc } : { context: `Origin: <unknown>\n\n${pyRepr(items)}` };
    throw new ParseError('IMPORT_PLAYBOOK_WHEN', "Error processing keyword 'when'.", { ...where, cause: e });
  }
}
