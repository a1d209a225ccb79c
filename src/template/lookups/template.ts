/**
 * The `template` lookup: a file from the `templates` search path rendered with the current
 * variables. NOTE: `template_vars` and the delimiter options need the engine's help
 * (PluginContext.renderString takes only text), so they are refused rather than ignored.
 */
import { readFileSync } from 'node:fs';
import type { Data } from '../../core/data.js';
import type { LookupFn } from '../plugin.js';
import { pluginError, toText } from '../filters/ansible-args.js';
import { decodeSurrogateEscape } from '../filters/ansible-python-text.js';
import { findFileInSearchPath } from './search-path.js';

const UNSUPPORTED = ['template_vars', 'variable_start_string', 'variable_end_string', 'comment_start_string', 'comment_end_string'];

export const template: LookupFn = (ctx, terms, kwargs) => {
  for (const key of UNSUPPORTED) {
    if (kwargs.has(key)) throw pluginError(`Volant's template lookup does not support the '${key}' option yet`);
  }
  return terms.map((term): Data => {
    const name = toText(term);
    const path = findFileInSearchPath(ctx, 'templates', name);
    if (path === undefined) throw pluginError(`the template file ${name} could not be found for the lookup`);
    const text = decodeSurrogateEscape(readFileSync(path));
    const rendered = ctx.renderString(text);
    // NOTE: the lookup renders with preserve_trailing_newlines: newlines Jinja dropped come back.
    if (typeof rendered !== 'string') return rendered;
    const want = /\n*$/.exec(text)?.[0].length ?? 0;
    const have = /\n*$/.exec(rendered)?.[0].length ?? 0;
    return want > have ? rendered + '\n'.repeat(want - have) : rendered;
  });
};
