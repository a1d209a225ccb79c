/** to_yaml, to_nice_yaml, from_yaml, from_yaml_all. */
import { PyDate, isStringLike, numericValue, textOf, truthy, type Data } from '../../core/data.js';
import type { FilterFn, PluginContext, PluginValue } from '../plugin.js';
import { argument, defined, definedDeep, pluginError } from './ansible-args.js';
import { dumpYaml, type YamlDumpOptions } from '../../core/yaml-emitter/index.js';
import { PyDateTime } from '../runtime/py-datetime.js';
import { PyBytes } from '../runtime/py-bytes.js';
import { PlainUndefined } from '../runtime/undefined.js';
import { isOmit } from '../runtime/omit.js';
import { plainTypeName, str } from '../runtime/py-values.js';
import { datetimeIso } from './ansible-runtime-values.js';
import { PyObject } from '../runtime/py-object.js';
import { YamlLoadError, loadYamlDocuments, type YamlLoadWarning } from './ansible-yaml-loader.js';
import type { SourceLocation } from '../../core/source-location.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** NOTE: Ansible's dumper writes the engine's datetimes as non-specific tagged strings: `! '2020-01-02 03:04:05'`. */
function datetimeText(value: unknown): string | undefined {
  return value instanceof PyDateTime ? datetimeIso(value).replace('T', ' ') : undefined;
}

/** An emitter's int option: None leaves the default; what is no number fails as libyaml's emitter does. */
function yamlInt(value: Data): number | undefined {
  if (value === null) return undefined;
  const n = numericValue(value);
  if (n === undefined) throw pluginError('an integer is required');
  return n;
}

function dumpOptions(kwargs: ReadonlyMap<string, PluginValue>, base: YamlDumpOptions): YamlDumpOptions {
  const options: Mutable<YamlDumpOptions> = { ...base, nonSpecificText: datetimeText, binaryBytes: (value) => (value instanceof PyBytes ? value.bytes : undefined) };
  for (const [key, raw] of kwargs) {
    const value = defined(raw);
    if (key === 'indent') options.indent = yamlInt(value) ?? 2;
    else if (key === 'width') options.width = yamlInt(value) ?? 80;
    else if (key === 'default_flow_style') options.defaultFlowStyle = value === null ? null : truthy(value);
    else if (key === 'sort_keys') options.sortKeys = truthy(value);
    else if (key === 'explicit_start') options.explicitStart = truthy(value);
    else if (key === 'explicit_end') options.explicitEnd = truthy(value);
    else if (key === 'allow_unicode') throw pluginError("yaml.dump() got multiple values for keyword argument 'allow_unicode'");
    else if (key === 'canonical' || key === 'line_break' || key === 'encoding' || key === 'version' || key === 'tags') continue;
    else throw pluginError(`dump_all() got an unexpected keyword argument '${key}'`);
  }
  return options;
}

/**
 * NOTE: PyYAML's safe representer has no rule for 2.19's omit object, a time of day, a range() or
 * any other runtime object (a cycler, a namespace …): the first one met fails the dump.
 */
function representable(value: Data): Data {
  const refused = unrepresentable(value);
  if (refused !== undefined) throw pluginError(`('cannot represent an object', ${refused})`);
  return value;
}

/** The repr of the first value PyYAML cannot represent, depth first (dict keys before their values). */
function unrepresentable(value: Data): string | undefined {
  if (isOmit(value)) return '<<Omit>>';
  if (value instanceof PyDate) return value.kind === 'time' ? value.repr() : undefined;
  const v: unknown = value;
  if (v instanceof PyObject) return v instanceof PyDateTime || v instanceof PyBytes ? undefined : v.repr();
  const items = Array.isArray(value) ? value : value instanceof Map ? [...value].flat() : [];
  for (const item of items) {
    const found = unrepresentable(item);
    if (found !== undefined) return found;
  }
  return undefined;
}

export const to_yaml: FilterFn = (_ctx, value, _args, kwargs) => dumpYaml(representable(definedDeep(value)), dumpOptions(kwargs, { defaultFlowStyle: null }));

export const to_nice_yaml: FilterFn = (_ctx, value, args, kwargs) => {
  const indent = argument(args, kwargs, 0, 'indent');
  const rest = new Map([...kwargs].filter(([k]) => k !== 'indent'));
  return dumpYaml(representable(definedDeep(value)), dumpOptions(rest, { indent: indent === undefined ? 4 : (yamlInt(defined(indent)) ?? 4), defaultFlowStyle: false }));
};

function load(ctx: PluginContext, text: string, eachInTurn = false): Data[] {
  const warnings: YamlLoadWarning[] = [];
  try {
    return loadYamlDocuments(text, eachInTurn, warnings);
  } catch (error) {
    if (error instanceof YamlLoadError) throw pluginError(error.message, error);
    throw error;
  } finally {
    for (const w of warnings) showLoadWarning(ctx, text, w);
  }
}

/**
 * NOTE: 2.19 places what its loader warns of at the input's origin line plus the line in the
 * text, and the column in the text (not shifted by where the input's own text starts).
 */
function showLoadWarning(ctx: PluginContext, text: string, w: YamlLoadWarning): void {
  const before = text.slice(0, w.offset);
  const line = before.split('\n').length - 1;
  const column = w.offset - (before.lastIndexOf('\n') + 1) + 1;
  const input = ctx.inputOrigin;
  let origin: SourceLocation | undefined = input ? { file: input.file, line: input.line + line, column } : { file: '<unknown>', line: line + 1, column, ...(typeof w.key === 'string' ? { shown: w.key } : {}) };
  // A bool cannot carry its origin; None is no value to show at all.
  if (typeof w.key === 'boolean') origin = { file: '<unknown>', line: 0, column: 0, untagged: w.key ? 'True' : 'False' };
  if (w.key === null) origin = undefined;
  ctx.warn?.({ kind: w.version === undefined ? 'warning' : 'deprecation', message: w.message, help: w.help, ...(w.version ? { version: w.version } : {}), ...(origin ? { origin } : {}) });
}

/** NOTE: non-string input passes through, with 2.19's deprecation at the value's definition. */
function ignoredInput<T extends Data | PlainUndefined>(ctx: PluginContext, name: string, data: T): T {
  const origin = ctx.inputOrigin;
  ctx.warn?.({
    kind: 'deprecation',
    message: `The ${name} filter ignored non-string input of type '${plainTypeName(data)}'.`,
    version: '2.23',
    ...(origin ? { origin } : { context: `Origin: <unknown>\n\n${str(data)}` }),
  });
  return data;
}

export const from_yaml: FilterFn = (ctx, value) => {
  // an inline if's Undefined is no str either: handed back as it is (inline-if-input.ts)
  if (value instanceof PlainUndefined) return ignoredInput(ctx, 'from_yaml', value);
  const data = defined(value);
  if (data === null) return null;
  if (!isStringLike(data) || isOmit(data)) return ignoredInput(ctx, 'from_yaml', data);
  const docs = load(ctx, textOf(data));
  if (docs.length > 1) {
    const second = textOf(data).split('\n').findIndex((line, i) => i > 0 && /^---(\s|$)/.test(line));
    throw pluginError(
      `expected a single document in the stream\n  in "<unicode string>", line 1, column 1\nbut found another document\n  in "<unicode string>", line ${second + 1}, column 1`,
    );
  }
  return docs[0] ?? null;
};

export const from_yaml_all: FilterFn = (ctx, value) => {
  // an inline if's Undefined is no str either: handed back as it is (inline-if-input.ts)
  if (value instanceof PlainUndefined) return ignoredInput(ctx, 'from_yaml_all', value);
  const data = defined(value);
  if (data === null) return [];
  if (!isStringLike(data) || isOmit(data)) return ignoredInput(ctx, 'from_yaml_all', data);
  return load(ctx, textOf(data), true);
};

export const yamlFilters: Record<string, FilterFn> = { to_yaml, to_nice_yaml, from_yaml, from_yaml_all };
