/**
 * The `template` lookup: a file from the `templates` search path rendered with the current
 * variables, the `template_*` variables and `ansible_managed` ansible adds, and `template_vars`;
 * its delimiter options set the template's own delimiters.
 */
import { readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';
import { isStringLike, textOf, type Data } from '../../core/data.js';
import { ownerName } from '../../core/owner-name.js';
import type { LookupFn } from '../plugin.js';
import type { LookupEnvironment } from '../api.js';
import { ansibleManaged, managedStrLookupDeprecation } from '../ansible-managed.js';
import { pluginError, toText } from '../filters/ansible-args.js';
import { decodeSurrogateEscape } from '../filters/ansible-python-text.js';
import { findFileOrWarn, includeSearchPath } from './search-path.js';
import { pythonOsError } from '../../core/python-os-error.js';
import { lookupOptions, type OptionSpec } from './lookup-options.js';
import type { PyObject } from '../runtime/py-object.js';
import { PyDateTime } from '../runtime/py-datetime.js';

/** The lookup's delimiter options, by the RenderOptions.delimiters key each sets. */
const DELIMITER_OPTIONS = [
  ['variable_start_string', 'variableStart'], ['variable_end_string', 'variableEnd'],
  ['comment_start_string', 'commentStart'], ['comment_end_string', 'commentEnd'],
] as const;

/** Options 2.19 still takes but deprecates, with its reason and alternatives. */
const DEPRECATED_OPTIONS = [
  ['convert_data', 'Jinja2 native mode is now the default and only option, which is mutually exclusive with this option.'],
  ['jinja2_native', 'Jinja2 native mode is now the default and only option.'],
] as const;

/** The options 2.19's config types (the deprecated ones too: a bad value still fails). */
const OPTIONS: Record<'convert_data' | 'jinja2_native' | 'trim_blocks' | 'template_vars' | (typeof DELIMITER_OPTIONS)[number][0], OptionSpec> = {
  convert_data: { type: 'bool', default: true },
  jinja2_native: { type: 'bool', default: true },
  trim_blocks: { type: 'bool', default: true },
  template_vars: { type: 'dict', default: new Map() },
  variable_start_string: { type: 'str', default: '{{' },
  variable_end_string: { type: 'str', default: '}}' },
  comment_start_string: { type: 'str', default: '{#' },
  comment_end_string: { type: 'str', default: '#}' },
};

export const template: LookupFn = (ctx, terms, kwargs) => {
  for (const [option, alternatives] of DEPRECATED_OPTIONS) {
    if (!kwargs.has(option)) continue;
    const message = `${option} option. Reason: This option is no longer used in the Ansible Core code base.\nAlternatives: ${alternatives}`;
    ctx.warn?.({ kind: 'deprecation', message, version: '2.23', plugin: "lookup plugin 'template'" });
  }
  const options = lookupOptions('template', kwargs, OPTIONS);
  const delimiters: Partial<Record<(typeof DELIMITER_OPTIONS)[number][1], string>> = {};
  for (const [option, key] of DELIMITER_OPTIONS) {
    const value = options[option];
    if (kwargs.has(option) && isStringLike(value)) delimiters[key] = textOf(value);
  }
  const trimBlocks = options.trim_blocks === true;
  const templateVars = options.template_vars as Map<string | number | boolean | null, Data>;
  return terms.map((term): Data => {
    const name = toText(term);
    const path = findFileOrWarn(ctx, 'templates', name);
    if (path === undefined) throw pluginError(`the template file ${name} could not be found for the lookup`);
    const text = decodeSurrogateEscape(readSource(path));
    const hasManaged = ctx.vars.has('ansible_managed');
    const extraVars = templateFileVars(name, path, hasManaged, ctx.lookup);
    if (!hasManaged) {
      const connection = ctx.vars.get('ansible_connection');
      const deprecation = managedStrLookupDeprecation(ctx.lookup, typeof connection === 'string' ? connection : undefined);
      if (deprecation) ctx.warn?.(deprecation);
    }
    for (const [key, value] of templateVars) extraVars.set(String(key), value);
    const rendered = ctx.renderString(text, {
      extraVars,
      origin: { file: path, line: 0, column: 0 },
      includeSearchPath: includeSearchPath(ctx.vars.get('ansible_search_path'), [dirname(path)]),
      ...(Object.keys(delimiters).length > 0 ? { delimiters } : {}),
      trimBlocks,
      templatePath: path,
    });
    // NOTE: 2.19 names the template file, without a line, as the origin of an error in it.
    // NOTE: the lookup renders with preserve_trailing_newlines: newlines Jinja dropped come back.
    if (typeof rendered !== 'string') return rendered;
    const want = /\n*$/.exec(text)?.[0].length ?? 0;
    const have = /\n*$/.exec(rendered)?.[0].length ?? 0;
    return want > have ? rendered + '\n'.repeat(want - have) : rendered;
  });
};

/**
 * The variables ansible adds for a looked-up template (no destination: `template_destpath` is
 * None); `ansible_managed` only when no variable of that name is set.
 */
function templateFileVars(name: string, path: string, hasManaged: boolean, lookup: LookupEnvironment | undefined): Map<string, Data | PyObject> {
  const st = statSync(path);
  const vars = new Map<string, Data | PyObject>([
    ['template_host', hostname()],
    ['template_path', name],
    ['template_mtime', PyDateTime.fromDate(st.mtime, false)],
    ['template_uid', ownerName(st.uid)],
    ['template_run_date', PyDateTime.fromDate(new Date(), false)],
    ['template_destpath', null],
    ['template_fullpath', resolve(path)],
  ]);
  if (!hasManaged) vars.set('ansible_managed', ansibleManaged(lookup, { host: hostname(), uid: ownerName(st.uid), file: name }, st.mtimeMs));
  return vars;
}

/** A template's bytes; one that cannot be read (a folder) fails in the words of 2.19's loader. */
function readSource(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw pluginError(`An error occurred while trying to read the file '${path}': ${pythonOsError(error, path)}`, error);
  }
}
