/**
 * The Templating reference page, written from the template engine's registries (every filter, test
 * and lookup this build answers to), the Python signatures 2.19 binds them with
 * (src/template/plugin-signatures.ts) and the lookups' documented options
 * (src/template/lookups/plugin-settings.ts), so it says what this build accepts.
 */
import '../src/template/index.js';
import { pyRepr, type Data } from '../src/core/data.js';
import { FILTER_SIGNATURES, TEST_SIGNATURES } from '../src/template/plugin-signatures.js';
import { filters, lookups, tests } from '../src/template/plugin.js';
import { PLUGIN_SETTINGS } from '../src/template/lookups/plugin-settings.js';
import { code, generatedHeader, table } from './docs-markdown.js';

/** Short names only: every one also answers as `ansible.builtin.<name>`. */
function shortNames(registry: ReadonlyMap<string, unknown>): string[] {
  return [...registry.keys()].filter((name) => !name.includes('.')).sort();
}

/**
 * How a call is written in a template, from the Python signature: the parameters Jinja passes
 * itself (`@…`) and Python's markers for C functions (`$`, `/`) are left out, and the first
 * parameter is the value the filter or test is applied to (unless it gathers every argument).
 */
export function callForm(name: string, signature: string | undefined, kind: 'filter' | 'test'): string {
  const inner = signature === undefined ? '' : signature.slice(signature.indexOf('(') + 1, signature.lastIndexOf(')'));
  const params = inner
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '' && p !== '/' && !p.startsWith('@'))
    .map((p) => (p.endsWith('=') ? `${p}…` : p));
  const rest = params.length > 0 && !params[0]!.startsWith('*') ? params.slice(1) : params;
  const args = rest.length > 0 ? `(${rest.join(', ')})` : '';
  return kind === 'filter' ? `value | ${name}${args}` : `value is ${name}${args}`;
}

/** A documented default (JSON as generated) as Python writes it. */
function asData(value: unknown): Data {
  if (Array.isArray(value)) return value.map(asData);
  if (value !== null && typeof value === 'object') return new Map(Object.entries(value).map(([k, v]) => [k, asData(v)]));
  return value as Data;
}

function optionRows(name: string): string {
  const options = PLUGIN_SETTINGS['lookup']?.[name] ?? {};
  const shown = Object.entries(options)
    .filter(([option]) => !option.startsWith('_'))
    .map(([option, [type, fallback]]) => (fallback === null || fallback === undefined ? `${option} (${type})` : `${option} (${type}, ${pyRepr(asData(fallback))})`));
  return shown.length > 0 ? shown.map(code).join(', ') : '–';
}

export function templatingPage(): string {
  const filterNames = shortNames(filters);
  const testNames = shortNames(tests);
  const lookupNames = shortNames(lookups);
  const out = [
    generatedHeader(
      'Filters, tests and lookups',
      'Every Jinja filter, test and lookup Volant answers to, with the arguments ansible-core 2.19 takes.',
      ['src/template/plugin.ts', 'src/template/plugin-signatures.ts', 'src/template/lookups/plugin-settings.ts'],
    ),
    'Templates are rendered on the controller by Volant\'s own Jinja2 engine, with the filters, tests',
    'and lookups of ansible-core 2.19 and of Jinja2 3.1 that 2.19 exposes. Each name below also answers',
    'as `ansible.builtin.<name>`. The arguments are those 2.19 binds: a call with too many, too few or',
    'unknown arguments fails with Python\'s own words, as it does under ansible-core. `…` marks an',
    'argument with a default.',
    '',
    `## Filters (${filterNames.length})`,
    '',
    table(['name', 'written as'], filterNames.map((name) => [code(name), code(callForm(name, FILTER_SIGNATURES[name], 'filter'))])),
    `## Tests (${testNames.length})`,
    '',
    table(['name', 'written as'], testNames.map((name) => [code(name), code(callForm(name, TEST_SIGNATURES[name], 'test'))])),
    `## Lookups (${lookupNames.length})`,
    '',
    'Called as `lookup(\'name\', terms…, option=value)` (text, items joined with commas unless',
    '`wantlist=True`) or `query(\'name\', terms…)` (a list), and by `with_<name>` loops. Options are',
    'typed as 2.19\'s documentation declares them (type, default):',
    '',
    table(['name', 'options'], lookupNames.map((name) => [code(name), optionRows(name)])),
    '## Your own',
    '',
    'Filters, tests and lookups written in Python (`filter_plugins/`, `test_plugins/`,',
    '`lookup_plugins/` beside the playbook or a role, and collections\' `plugins/`) run in one Python',
    'process on the controller: [Python plugins](/guides/python-plugins/).',
    '',
    '## Differences from ansible-core 2.19.11',
    '',
    '- The engine is Volant\'s own, not Python\'s Jinja2; where a value\'s Python type shows (error',
    '  words, `type_debug`, methods called on values) the differences known are listed in the',
    '  [Variables](/guides/variables/) guide\'s last section and, with their reasons, in',
    '  `test/jinja/ansible-known-differences.ts`.',
    '',
  ];
  return out.join('\n');
}
