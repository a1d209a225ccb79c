/** `vars` (variables by name, rendered) and `varnames` (names matching Python regexes). */
import { Undefined, UndefinedError } from '../runtime/undefined.js';
import { isStringLike, textOf, type Data } from '../../core/data.js';
import type { LookupFn, NestedRenderOptions } from '../plugin.js';
import type { SourceLocation } from '../../core/source-location.js';
import { ansibleClass, defined, pluginError, toText } from '../filters/ansible-args.js';
import { compileOrFail } from '../filters/ansible-regex.js';
import { pySearch } from '../filters/ansible-python-regex.js';

export const vars: LookupFn = (ctx, terms, kwargs) => {
  const hasDefault = kwargs.has('default');
  return terms.map((term): Data => {
    const name = toText(term);
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
      if (hasDefault) return defined(kwargs.get('default'));
      // NOTE: an undefined-variable error, not a lookup failure: `| default(…)` can catch it in 2.19.
      throw new UndefinedError(new Undefined(`No variable named '${name}' was found.`, name));
    }
    if (typeof value === 'string') return /\{\{|\{%/.test(value) ? ctx.renderString(value, origin(ctx.vars.origin?.(name))) : value;
    // A dict or list comes back with the templates inside it rendered, as 2.19's lazy containers are.
    if (value instanceof Map || Array.isArray(value)) return ctx.renderString('{{ __volant_vars_value }}', { extraVars: new Map([['__volant_vars_value', value]]) });
    return value;
  });
};

export const varnames: LookupFn = (ctx, terms) => {
  const names = [...ctx.vars.keys()];
  const out: Data[] = [];
  for (const term of terms) {
    if (!isStringLike(term)) throw pluginError(`Invalid setting identifier, "${toText(term)}" is not a string, it is a ${ansibleClass(term)}`);
    const re = compileOrFail(term, {});
    out.push(...names.filter((n) => pySearch(re, n) !== undefined));
  }
  return out;
};

function origin(where: SourceLocation | undefined): NestedRenderOptions {
  return where ? { origin: where } : {};
}
