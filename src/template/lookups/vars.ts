/** `vars` (variables by name, rendered) and `varnames` (names matching Python regexes). */
import { Undefined, undefinedError } from '../runtime/undefined.js';
import { isStringLike, textOf, type Data } from '../../core/data.js';
import type { LookupFn, NestedRenderOptions } from '../plugin.js';
import type { SourceLocation } from '../../core/source-location.js';
import { ansibleClass, defined, pluginError, raisedWhileHandling, toText } from '../filters/ansible-args.js';
import { repr, typeName } from '../runtime/py-values.js';
import { TemplateError } from '../../core/errors.js';
import { compilePyRegex, PyRegexError, pySearch, type PyRegex } from '../filters/ansible-python-regex.js';

export const vars: LookupFn = (ctx, terms, kwargs) => {
  // NOTE: a default of None is no default (2.19 tests `default is None`).
  const fallback = defined(kwargs.get('default'));
  const hasDefault = fallback !== null;
  return terms.map((term): Data => {
    if (!isStringLike(term)) {
      const message = `Variable name must be 'str' not '${typeName(term)}'.`;
      throw new TemplateError('filter-error', message, { context: `Origin: <unknown>\n\n${repr(term)}` });
    }
    const name = textOf(term);
    let value = ctx.vars.has(name) ? ctx.vars.get(name) : undefined;
    if (value === undefined) {
      const hostvars = ctx.vars.get('hostvars');
      const host = ctx.vars.get('inventory_hostname');
      if (hostvars instanceof Map && isStringLike(host)) {
        const mine = hostvars.get(textOf(host));
        if (mine instanceof Map && mine.has(name)) value = mine.get(name);
      }
    }
    if (value === undefined) {
      if (hasDefault) return fallback;
      // NOTE: an undefined-variable error, not a lookup failure: `| default(…)` can catch it in 2.19.
      throw undefinedError(new Undefined(`No variable named '${name}' was found.`, name));
    }
    if (typeof value === 'string') return /\{\{|\{%/.test(value) ? ctx.renderString(value, origin(ctx.vars.origin?.(name))) : value;
    // A dict or list comes back with the templates inside it rendered, as 2.19's lazy containers
    // are; an !unsafe or vaulted string as the str it is to 2.19 (equal to 'a', a dict key), as a
    // variable read makes it.
    if (typeof value === 'object' && value !== null) return ctx.renderString('{{ __volant_vars_value }}', { extraVars: new Map([['__volant_vars_value', value]]) });
    return value;
  });
};

export const varnames: LookupFn = (ctx, terms) => {
  const names = [...ctx.vars.keys()];
  const out: Data[] = [];
  for (const term of terms) {
    if (!isStringLike(term)) throw pluginError(`Invalid setting identifier, "${toText(term)}" is not a string, it is a ${ansibleClass(term)}`);
    const re = searchPattern(textOf(term));
    out.push(...names.filter((n) => pySearch(re, n) !== undefined));
  }
  return out;
};

function searchPattern(pattern: string): PyRegex {
  try {
    return compilePyRegex(pattern, {});
  } catch (error) {
    if (error instanceof PyRegexError) throw raisedWhileHandling(`Unable to use "${pattern}" as a search parameter: ${error.message}`);
    throw error;
  }
}

function origin(where: SourceLocation | undefined): NestedRenderOptions {
  return where ? { origin: where } : {};
}
