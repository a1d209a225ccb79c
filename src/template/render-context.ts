/**
 * The RenderState of one render call: variables read lazily through the VarSource (a string
 * holding a template is rendered when read, at most once per call), nested templates in variable
 * containers rendered when consumed, recursion detected, templates loaded for includes.
 */
import { preserveTrailingNewlines } from './trailing-newlines.js';
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { UnsafeString, VaultString, strRepr, textOf, type Data, type DataDict, type DictKey } from '../core/data.js';
import { DeprecatedText, deprecationOf, type ValueDeprecation } from '../core/deprecated-values.js';
import { valueOrigin } from '../core/value-origins.js';
import type { PythonProcess, RenderOptions, TemplateWarning, VarSource } from './api.js';
import type { SourceLocation } from '../core/source-location.js';
import { isRaw, markRaw, takeRawItemsMark, unmarkRaw } from './raw-containers.js';
import { globals } from './globals.js';
import { nestedRenderErrors, type NestedRenderOptions, type PluginContext } from './plugin.js';
import { PluginFailure } from './plugin-failure.js';
import { TemplateError } from '../core/errors.js';
import { shorten } from '../core/text-shorten.js';
import { VaultFormatError } from './filters/ansible-vault-format.js';
import type { BlockFn, CompiledTemplate, RenderState } from './render-state.js';
import { PyException } from './runtime/py-exception.js';
import type { PyObject, Value } from './runtime/py-object.js';
import { Undefined, UndefinedError } from './runtime/undefined.js';
import { isTemplateText } from './template-text.js';
import { TemplateSyntaxError } from './template-syntax-error.js';
import { isUntrustedContainer } from './runtime/trust.js';
import { templateLocalCopy } from './runtime/template-local-copy.js';
import { emptyCopyOf } from './runtime/attributes.js';
import { noteUnopenedVault, unopenedVaultRead } from './unopened-vault.js';
import { constTemplateError, embeddedTemplateWarning, renderConstTemplates } from './embedded-templates.js';

/** What the context needs from the engine. */
export interface EngineHost {
  compile(text: string, options: RenderOptions, topLevel?: boolean): CompiledTemplate;
  /** Renders a template to its native value within an existing render call. */
  run(tpl: CompiledTemplate, state: RenderState, mark?: (v: Undefined) => string): Value;
  /** ALLOW_EMBEDDED_TEMPLATES (embedded-templates.ts). */
  readonly embeddedTemplates: boolean;
}

/** Raised when a variable's template reads itself; `origin` is where the outermost such variable is defined. */
export class TemplateRecursionError extends Error {
  origin: SourceLocation | undefined;
  constructor() {
    super('Recursive loop detected in template: maximum recursion depth exceeded');
    this.name = 'TemplateRecursionError';
  }
}

/**
 * NOTE: 2.19 renders a variable's template that reads itself again and again until Python's
 * recursion limit, and names the variable whose template was rendering then: in a loop of
 * variables (`a: '{{ b }}'`, `b: '{{ a }}'`) which one depends on how deep that is, 94 levels for
 * a task argument's template, 95 for an expression (`var=`, `when`, `loop`), one fewer per list or
 * dict the argument's text is inside of; a chain of that many variables fails as well.
 */
const TEMPLATE_LEVELS = 94;
const EXPRESSION_LEVELS = 95;

export { EXPRESSION_LEVELS, TEMPLATE_LEVELS };

function recursionError(chain: readonly { text: string; origin: SourceLocation | undefined }[], text: string, levels: number): TemplateRecursionError {
  const err = new TemplateRecursionError();
  const start = chain.findIndex((entry) => entry.text === text);
  const length = chain.length - start;
  const at = levels < chain.length ? levels : start + ((levels - start) % length);
  err.origin = chain[at]?.origin;
  return err;
}

/** Where an error raised inside a variable's template happened (that variable's definition). */
export const errorOrigins = new WeakMap<Error, SourceLocation>();

/** A vaulted value that no secret of the run opens was used; its origin is the value's. */
export class UndecryptableVaultError extends Error {
  /** `formatError`: why the vault text could not be read (2.19 shows it as the cause). */
  constructor(
    message: string,
    readonly formatError?: VaultFormatError,
  ) {
    super(message);
  }
}

export function undecryptable(vault: VaultString): UndecryptableVaultError {
  const format = vault.openError instanceof VaultFormatError ? vault.openError : undefined;
  // NOTE: 2.19 chains the errors of reading the vault text, but names an unknown cipher (an error
  // about the text as given) in its own message.
  if (format?.ofInput) return new UndecryptableVaultError(`Attempt to use undecryptable variable: ${format.message}`);
  if (format) return new UndecryptableVaultError('Attempt to use undecryptable variable.', format);
  return new UndecryptableVaultError(`Attempt to use undecryptable variable: ${unopenedVaultReason(vault)}`);
}

/** The error shown for an undecryptable value at `location`: the vault's format error, if any, under it. */
export function undecryptableError(err: UndecryptableVaultError, location: SourceLocation | undefined): TemplateError {
  const format = err.formatError;
  const cause = format ? new TemplateError('vault-format', format.message, { context: `Origin: <unknown>\n\n${shorten(format.shown, 120)}` }) : undefined;
  return new TemplateError('template-vault', err.message, { ...(location ? { location } : {}), ...(cause ? { cause } : {}) });
}

/** Why no secret of the run opens the vaulted value. */
export function unopenedVaultReason(vault: VaultString): string {
  // NOTE: 2.19 looks at the text's vault header before it looks for a secret to open it with.
  return vault.ciphertext.startsWith('$ANSIBLE_VAULT') ? VaultString.unopenedReason : 'Input is not vault encrypted data.';
}

/** Whether a trusted list or dict holds the text, not counting what untrusted containers inside hold. */
function holdsText(container: object, text: string, depth = 0): boolean {
  if (depth > MAX_DEPTH || isUntrustedContainer(container)) return false;
  const values = Array.isArray(container) ? container : container instanceof Map ? [...container.values()] : [];
  for (const v of values) {
    if (v === text) return true;
    if (typeof v === 'object' && v !== null && holdsText(v, text, depth + 1)) return true;
  }
  return false;
}

/** Containers known to hold no template strings anywhere inside (checked once, kept across calls). */
const cleanContainers = new WeakSet<object>();

const MAX_DEPTH = 200;

const NO_BLOCKS: Map<string, BlockFn[]> = new Map();

/** The context plugins see; built only when a plugin asks for it. */
class ContextForPlugins implements PluginContext {
  constructor(private readonly ctx: RenderContext) {}
  get vars(): VarSource {
    return this.ctx.vars;
  }
  get lookup(): RenderOptions['lookup'] {
    return this.ctx.options.lookup;
  }
  renderString(text: string, options: NestedRenderOptions = {}): Data {
    const { extraVars, origin, delimiters, includeSearchPath, trimBlocks, templatePath } = options;
    const compileOptions: RenderOptions = { ...(delimiters ? { delimiters } : {}), ...(trimBlocks === false ? { trimBlocks } : {}), ...(templatePath ? { templatePath } : {}) };
    let value: Value;
    try {
      const render = (): Value => (extraVars === undefined ? this.ctx.renderNested(text, compileOptions) : this.ctx.renderWithExtraVars(text, extraVars, compileOptions, includeSearchPath));
      value = origin ? this.ctx.withTemplateOrigin(origin, render) : render();
    } catch (err) {
      if (err instanceof Error) {
        nestedRenderErrors.add(err);
        // NOTE: 2.19 names the text's own origin for its template errors, the outer one for a plugin's failure.
        if (origin && err instanceof UndefinedError) err.undefinedValue.origin ??= origin;
        else if (origin && !(err instanceof TemplateError || err instanceof PluginFailure) && !errorOrigins.has(err)) errorOrigins.set(err, origin);
      }
      throw err;
    }
    if (value instanceof Undefined && origin) value.origin ??= origin;
    return value as Data;
  }
  warn(warning: TemplateWarning): void {
    this.ctx.options.warn?.(warning);
  }
  get process(): PythonProcess | undefined {
    return this.ctx.options.process;
  }
  get inputOrigin(): SourceLocation | undefined {
    return this.ctx.filterInputOrigin?.() ?? undefined;
  }
  get origin(): SourceLocation | undefined {
    return this.ctx.options.origin;
  }
}

export class RenderContext implements RenderState {
  // Everything below is created on first use: most renders read two or three plain variables.
  private plugins: PluginContext | null = null;
  blockStack = NO_BLOCKS;
  parentTemplate: CompiledTemplate | null = null;
  private cache: Map<string, Value> | null = null;
  private resolving: Set<string> | null = null;
  /** The variables' templates being rendered, outermost first, with where each was written. */
  private chain: { text: string; origin: SourceLocation | undefined }[] | null = null;
  /** How many variable templates deep 2.19 gets before Python's recursion limit (see recursionError). */
  recursionLevels: number | undefined;
  private settled: WeakMap<object, Value> | null = null;
  /** The lists and dicts resolveDeep is inside of, for those that hold themselves. */
  private readonly resolvingContainers = new Map<object, number>();
  /** Set once a template of this call mutates containers: each variable's own copy, by name. */
  private copies: Map<string, Value> | null = null;
  private depth = 0;
  /** Values read from variables, with where each was written (first reading wins: the innermost). */
  private valueOrigins: Map<unknown, SourceLocation> | null = null;
  /** Strings read as they are from trusted variables (conditionals evaluate only those). */
  private trustedTexts: Set<string> | null = null;
  /** Lists and dicts read as they are from trusted variables: the strings inside are trusted too. */
  private trustedContainers: Set<object> | null = null;
  /** Where the text being rendered was written, when it is a string inside the args (2.19 tags each). */
  textOrigin: SourceLocation | undefined;
  private deprecated: Set<string> | null = null;
  /** True while a conditional's own expression runs: its template-looking constants are rendered. */
  private rendersConstTemplates = false;
  /** Template-looking constants met outside conditionals: a lookup given one as a term renders it. */
  private constTemplates: Set<string> | null = null;
  lookupTermsHoldingConstants: readonly boolean[] | null = null;
  filterInputOrigin: (() => SourceLocation | undefined) | null = null;
  /** Where the variable whose template is rendering now was written (a constant's warning names it). */
  private variableOrigin: (() => SourceLocation | undefined) | undefined;

  constructor(
    private readonly engine: EngineHost,
    readonly vars: VarSource,
    readonly options: RenderOptions,
    readonly expressionMode = false,
  ) {}

  /** Remembers where the strings and containers read from variables were written (conditionals name it). */
  trackValueOrigins(): void {
    this.valueOrigins ??= new Map();
    this.trustedTexts ??= new Set();
    this.trustedContainers ??= new Set();
  }

  /**
   * NOTE: 2.19 trusts only text written in playbooks, inventories and vars files, passed on as
   * it is: text a template made (a literal, a filter's result) or a module returned is not.
   */
  isTrustedText(text: string): boolean {
    if (this.trustedTexts?.has(text)) return true;
    // an item a filter took out of a trusted list (first, min …) is looked for only here, where it is rare
    for (const container of this.trustedContainers ?? []) if (holdsText(container, text)) return true;
    return false;
  }

  /** Where a value read from a variable during this call was written, if it was one. */
  originOfValue(value: unknown): SourceLocation | undefined {
    return this.valueOrigins?.get(value);
  }

  get tracksOrigins(): boolean {
    return this.valueOrigins !== null;
  }

  noteEntryOrigin(value: Value, container: unknown, key: unknown): void {
    const origins = this.valueOrigins;
    if (origins === null || (typeof value !== 'string' && (typeof value !== 'object' || value === null)) || origins.has(value)) return;
    const origin = entryOrigin(container, key);
    if (origin) origins.set(value, origin);
  }

  private noteOrigin(name: string, value: Value): void {
    const origins = this.valueOrigins;
    if (origins === null || (typeof value !== 'string' && (typeof value !== 'object' || value === null)) || origins.has(value)) return;
    const origin = this.vars.origin?.(name);
    if (origin) origins.set(value, origin);
  }

  get pluginContext(): PluginContext {
    return (this.plugins ??= new ContextForPlugins(this));
  }

  /** A deprecated value was read. NOTE: 2.19 deprecates a value once per render of the args, where it was first read. */
  noteDeprecation(deprecation: ValueDeprecation): void {
    if ((this.deprecated ??= new Set()).has(deprecation.message)) return;
    this.deprecated.add(deprecation.message);
    const origin = this.textOrigin ?? this.options.origin;
    this.options.warn?.({ kind: 'deprecation', ...deprecation, ...(origin ? { origin } : {}) });
  }

  resolveName(name: string): Value {
    if (this.cache !== null) {
      const cached = this.cache.get(name);
      if (cached !== undefined) return cached;
    }
    const raw = this.vars.get(name);
    if (raw !== undefined) {
      const deprecation = deprecationOf(raw);
      if (deprecation) this.noteDeprecation(deprecation);
      // Only rendered values are worth caching: reading plain data again costs nothing.
      if (typeof raw !== 'string' || raw.length <= 3 || !isTemplateText(raw)) {
        if (raw instanceof VaultString && raw.reveal() === undefined) {
          const err = undecryptable(raw);
          const where = this.vars.origin?.(name);
          if (where) errorOrigins.set(err, where);
          throw err;
        }
        const plain = this.derive(this.copies === null ? raw : this.localCopy(name, raw));
        if (typeof raw === 'string') this.trustedTexts?.add(raw);
        else if ((Array.isArray(raw) || raw instanceof Map) && !isUntrustedContainer(raw)) this.trustedContainers?.add(raw);
        this.noteOrigin(name, plain);
        return plain;
      }
      let v: Value;
      const outerOrigin = this.variableOrigin;
      try {
        this.variableOrigin = () => this.vars.origin?.(name);
        v = this.derive(raw);
        placeUndefinedValues(v, () => this.vars.origin?.(name));
      } catch (err) {
        // A variable whose template meets an undefined value is itself undefined (2.19: `is
        // defined` is false, `default()` takes it); using it fails as its template did.
        if (err instanceof UndefinedError) {
          const undef = err.undefinedValue;
          undef.origin ??= errorOrigins.get(err) ?? this.vars.origin?.(name);
          (this.cache ??= new Map()).set(name, undef);
          return undef;
        }
        // The outermost variable in a recursive chain is the one Ansible points at; any other
        // error points at the innermost variable whose template failed.
        if (err instanceof TemplateRecursionError) err.origin ??= this.vars.origin?.(name);
        else if (err instanceof Error && !errorOrigins.has(err)) {
          const where = this.vars.origin?.(name);
          if (where) errorOrigins.set(err, where);
        }
        throw err;
      } finally {
        this.variableOrigin = outerOrigin;
      }
      this.noteOrigin(name, v);
      (this.cache ??= new Map()).set(name, v);
      return v;
    }
    const g = globals.get(name);
    if (g === undefined) return new Undefined(`'${name}' is undefined`, name);
    const v = g(this);
    (this.cache ??= new Map()).set(name, v);
    return v;
  }

  resolveGlobal(name: string): Value {
    const g = globals.get(name);
    return g === undefined ? new Undefined(`'${name}' is undefined`, name) : g(this);
  }

  copyVariables(): void {
    this.copies ??= new Map();
  }

  /** Starts a new top-level template of this call: copies made for the previous one are not its own. */
  restartCopies(): void {
    if (this.copies !== null) this.copies = new Map();
  }

  private localCopy(name: string, raw: Value): Value {
    if (!Array.isArray(raw) && !(raw instanceof Map)) return raw;
    const copies = this.copies as Map<string, Value>;
    let copy = copies.get(name);
    if (copy === undefined) copies.set(name, (copy = templateLocalCopy(raw)));
    return copy;
  }

  derive(value: Value, container?: unknown, key?: unknown): Value {
    if (this.valueOrigins !== null && container !== undefined) {
      const v = this.deriveOnce(value, container, key);
      if (typeof value === 'string' && v === value && !(typeof container === 'object' && container !== null && isUntrustedContainer(container))) this.trustedTexts?.add(value);
      this.noteEntryOrigin(v, container, key);
      return v;
    }
    return this.deriveOnce(value, container, key);
  }

  private deriveOnce(value: Value, container?: unknown, key?: unknown): Value {
    if (typeof value === 'string') {
      if (value.length <= 3 || !isTemplateText(value)) return value;
      return container === undefined ? this.renderNested(value) : this.renderItem(value, container, key);
    }
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value) || value instanceof Map) {
      const scope = this.foreignScope(container);
      // Another host's dict or list is rendered whole with that host's variables, as 2.19 does.
      if (scope !== undefined) {
        const inner = this.inScope(scope);
        return inner.settle(inner.deriveOnce(value));
      }
      if (!cleanContainers.has(value) && !isUntrustedContainer(value)) markRaw(value);
      return value;
    }
    if (value instanceof UnsafeString) {
      if (value instanceof DeprecatedText) this.noteDeprecation(value.deprecation);
      return value.value;
    }
    if (value instanceof VaultString) {
      // NOTE: 2.19 fails any use of a vaulted value that no secret of the run opens.
      if (value.reveal() === undefined) {
        noteUnopenedVault(value, entryOrigin(container, key));
        throw unopenedVaultRead(value);
      }
      return textOf(value);
    }
    return value;
  }

  settle(value: Value): Value {
    if (typeof value !== 'object' || value === null) return value;
    if (takeRawItemsMark(value)) return this.settleItems(value);
    if (!isRaw(value)) return value;
    const settled = (this.settled ??= new WeakMap());
    const done = settled.get(value);
    if (done !== undefined) return done;
    const r = this.resolveDeep(value);
    settled.set(value, r);
    return r;
  }

  /** A fresh literal's items settled in place (a literal is this render's own: nobody else holds it). */
  private settleItems(literal: Value): Value {
    if (Array.isArray(literal)) {
      for (let i = 0; i < literal.length; i++) literal[i] = this.settle(literal[i] as Value) as Data;
    } else if (literal instanceof Map) {
      for (const [k, item] of literal) literal.set(k, this.settle(item as Value) as Data);
    }
    return literal;
  }

  /** Renders templates anywhere inside a variable container; the same object when there are none. */
  private resolveDeep(value: Value): Value {
    if (typeof value === 'string') return isTemplateText(value) ? this.renderNested(value) : value;
    if (value instanceof UnsafeString) return value.value;
    // An unopened vaulted value stays one: only reading it fails (see unopened-vault.ts).
    if (value instanceof VaultString) return value.reveal() === undefined ? value : textOf(value);
    // Data kept inside a variable (a registered result's lists and dicts) is never rendered.
    if ((Array.isArray(value) || value instanceof Map) && isUntrustedContainer(value)) return value;
    if (!Array.isArray(value) && !(value instanceof Map)) return value;
    if (cleanContainers.has(value)) return value;
    // NOTE: a list or dict that holds itself (YAML's `&a [*a]`) is met again inside itself:
    // it is the one being rendered there, as 2.19's lazy containers render an item only when read.
    const entered = this.resolvingContainers.get(value);
    if (entered !== undefined) {
      // NOTE: reached again through a template of its own (`e: ['{{ e }}']`), 2.19 renders it until
      // Python's recursion limit.
      const chain = this.chain ?? [];
      const from = chain[entered];
      if (from !== undefined) throw recursionError(chain, from.text, this.recursionLevels ?? (this.expressionMode ? EXPRESSION_LEVELS : TEMPLATE_LEVELS));
      return value;
    }
    this.resolvingContainers.set(value, this.chain?.length ?? 0);
    try {
      return this.resolveContainer(value);
    } finally {
      this.resolvingContainers.delete(value);
    }
  }

  private resolveContainer(value: Data[] | DataDict): Value {
    if (Array.isArray(value)) {
      if (cleanContainers.has(value)) return value;
      let copy: Value[] | null = null;
      for (let i = 0; i < value.length; i++) {
        const item = value[i] as Value;
        if (item instanceof VaultString) noteUnopenedVault(item, entryOrigin(value, i));
        const r = typeof item === 'string' && isTemplateText(item) ? this.renderItem(item, value, i) : this.resolveDeep(item);
        if (r !== item && copy === null) copy = value.slice(0, i) as Value[];
        if (copy) copy.push(r);
      }
      if (copy) return copy as Data[];
      cleanContainers.add(value);
      unmarkRaw(value);
      return value;
    }
    if (cleanContainers.has(value)) return value;
    let copy: DataDict | null = null;
    let i = 0;
    for (const [k, item] of value) {
      if (item instanceof VaultString) noteUnopenedVault(item, entryOrigin(value, k));
      const r = typeof item === 'string' && isTemplateText(item) ? this.renderItem(item, value, k) : this.resolveDeep(item as Value);
      if (r !== item && copy === null) {
        copy = emptyCopyOf(value);
        let j = 0;
        for (const [k2, v2] of value) {
          if (j++ >= i) break;
          copy.set(k2, v2);
        }
      }
      if (copy) copy.set(k, r as Data);
      i++;
    }
    if (copy) return copy;
    // NOTE: a dict subclass is a live view (hostvars, vars): what it holds changes as variables
    // do (include_vars, set_fact), so it is never remembered as template-free.
    if (Object.getPrototypeOf(value) === Map.prototype) cleanContainers.add(value);
    unmarkRaw(value);
    return value;
  }

  /**
   * Renders a template found inside a variable's dict or list; an error or undefined result
   * names where that entry was written (2.19 tags every nested value with its origin).
   */
  private renderItem(text: string, container: unknown, key: unknown): Value {
    const where = (): SourceLocation | undefined => entryOrigin(container, key);
    // A value of another host's variables (`hostvars['h2'].x`) is rendered with that host's.
    const scope = this.foreignScope(container);
    let v: Value;
    const outerOrigin = this.variableOrigin;
    try {
      this.variableOrigin = where;
      v = scope === undefined ? this.renderNested(text) : this.inScope(scope).renderNested(text);
    } catch (err) {
      // An entry whose template meets an undefined value is that undefined value (2.19's lazy
      // containers render an entry only when it is read: `lst | length` does not fail); so is
      // another host's variable that is undefined there (`| default` takes it).
      if (err instanceof UndefinedError) {
        v = err.undefinedValue;
        if (v.origin === undefined) v.origin = where();
        return v;
      }
      if (err instanceof Error && !(err instanceof TemplateRecursionError) && !errorOrigins.has(err)) {
        const origin = where();
        if (origin) errorOrigins.set(err, origin);
      }
      throw err;
    } finally {
      this.variableOrigin = outerOrigin;
    }
    placeUndefinedValues(v, where);
    return v;
  }

  /** Renders a variable's template text in this call (root scope, native result). */
  renderNested(text: string, compileOptions: RenderOptions = {}): Value {
    const resolving = (this.resolving ??= new Set());
    const chain = (this.chain ??= []);
    const levels = this.recursionLevels ?? (this.expressionMode ? EXPRESSION_LEVELS : TEMPLATE_LEVELS);
    if (resolving.has(text) || chain.length > levels) throw recursionError(chain, text, levels);
    if (this.depth > MAX_DEPTH) throw new TemplateRecursionError();
    resolving.add(text);
    chain.push({ text, origin: this.variableOrigin?.() });
    this.depth++;
    // A variable's template reads variables as its own render would: copies of its own.
    const outerCopies = this.copies;
    if (outerCopies !== null) this.copies = new Map();
    // NOTE: a template nested in a conditional (a variable's, a rendered constant) is not the
    // conditional: its own template-looking constants stay text.
    const outerConsts = this.rendersConstTemplates;
    this.rendersConstTemplates = false;
    try {
      const tpl = this.engine.compile(text, compileOptions);
      const saved = { stack: this.blockStack, parent: this.parentTemplate };
      this.blockStack = NO_BLOCKS;
      this.parentTemplate = null;
      try {
        const v = this.engine.run(tpl, this, this.nestedMark());
        return typeof v === 'string' ? preserveTrailingNewlines(text, v, compileOptions.newlineSequence ?? '\n') : v;
      } catch (err) {
        // a filter or test that does not exist is found as the template runs: still the template's
        if (err instanceof TemplateSyntaxError) err.ofTemplate = true;
        throw err;
      } finally {
        this.blockStack = saved.stack;
        this.parentTemplate = saved.parent;
      }
    } finally {
      this.copies = outerCopies;
      this.rendersConstTemplates = outerConsts;
      this.depth--;
      resolving.delete(text);
      chain.pop();
    }
  }

  get marksUndefined(): boolean {
    return this.options.markError !== undefined || (this.options.markNested !== undefined && this.depth > 0);
  }

  /** How a variable's own template marks what is undefined in it (RenderOptions.markNested). */
  private nestedMark(): ((v: Undefined) => string) | undefined {
    const mark = this.options.markNested ?? this.options.markError;
    if (!mark) return undefined;
    const origin = this.variableOrigin?.();
    return (v) => mark(v.message, v.origin ?? origin);
  }

  /** Runs a plugin's render of text written at `origin` (a template file): its warnings name it. */
  withTemplateOrigin<T>(origin: SourceLocation, run: () => T): T {
    const outer = this.variableOrigin;
    this.variableOrigin = () => origin;
    try {
      return run();
    } finally {
      this.variableOrigin = outer;
    }
  }

  /** Runs a conditional's own expression: its template-looking constants are rendered (2.19, deprecated). */
  renderingConstTemplates<T>(run: () => T): T {
    const outer = this.rendersConstTemplates;
    this.rendersConstTemplates = this.engine.embeddedTemplates;
    try {
      return run();
    } finally {
      this.rendersConstTemplates = outer;
    }
  }

  accessConst(text: string): Value {
    if (!this.engine.embeddedTemplates) return text;
    if (this.rendersConstTemplates) return this.renderConstTemplate(text, true);
    (this.constTemplates ??= new Set()).add(text);
    return text;
  }

  lookupTerms(terms: Value[]): Value[] {
    const consts = this.constTemplates;
    if (consts === null) return terms;
    const render = (text: string): Value | undefined => (consts.has(text) ? this.renderConstTemplate(text, false) : undefined);
    const holding = this.lookupTermsHoldingConstants;
    this.lookupTermsHoldingConstants = null;
    return terms.map((term, i) => (holding?.[i] === false ? term : renderConstTemplates(term, render)));
  }

  /**
   * A constant rendered as a trusted template of its own, with 2.19's warning at the template
   * holding it. NOTE: what is undefined in it is its value (2.19's marker), not a failure.
   */
  private renderConstTemplate(text: string, inConditional: boolean): Value {
    this.options.warn?.(embeddedTemplateWarning(inConditional, this.variableOrigin?.() ?? this.textOrigin ?? this.options.origin));
    try {
      return this.renderNested(text);
    } catch (err) {
      if (err instanceof UndefinedError) return err.undefinedValue;
      throw constTemplateError(err, this.variableOrigin?.());
    }
  }

  /** The variables of a view of another host's (`hostvars['h2']`), when `container` is one. */
  private foreignScope(container: unknown): VarSource | undefined {
    const scope = (container as { varSource?: VarSource } | null)?.varSource;
    return scope === this.vars ? undefined : scope;
  }

  /** A call of its own with other variables (another host's), for rendering what they hold. */
  private inScope(vars: VarSource): RenderContext {
    const inner = new RenderContext(this.engine, vars, this.options, this.expressionMode);
    inner.depth = this.depth + 1;
    if (inner.depth > MAX_DEPTH) throw new TemplateRecursionError();
    return inner;
  }

  /** Renders text in a scope of its own where `extraVars` shadow this call's variables. */
  renderWithExtraVars(text: string, extraVars: ReadonlyMap<string, Data | PyObject>, compileOptions: RenderOptions = {}, includeSearchPath?: readonly string[]): Value {
    const base = this.vars;
    const vars: VarSource = {
      // A plugin's own variable may be a Python object (the template lookup's datetimes): the engine reads it as a value.
      get: (name) => (extraVars.has(name) ? (extraVars.get(name) as Data) : base.get(name)),
      has: (name) => extraVars.has(name) || base.has(name),
      keys: () => new Set([...extraVars.keys(), ...base.keys()]),
      origin: (name) => (extraVars.has(name) ? undefined : base.origin?.(name)),
    };
    const inner = new RenderContext(this.engine, vars, includeSearchPath ? { ...this.options, includeSearchPath } : this.options, this.expressionMode);
    inner.variableOrigin = this.variableOrigin;
    inner.depth = this.depth + 1;
    if (inner.depth > MAX_DEPTH) throw new TemplateRecursionError();
    return inner.renderNested(text, compileOptions);
  }

  loadTemplate(name: string): CompiledTemplate {
    const dirs: string[] = [];
    let given = this.options.includeSearchPath;
    // NOTE: a template written in a playbook (not a file) includes from the playbook's directory
    // only, as 2.19's loader base directory, in a role too.
    if (!given && !this.options.templatePath && this.options.lookup) given = [this.options.lookup.baseDir];
    if (given) dirs.push(...given);
    else {
      if (this.options.lookup) dirs.push(...this.options.lookup.searchPaths('templates'));
      if (this.options.templatePath) dirs.push(dirname(this.options.templatePath));
    }
    const candidates = isAbsolute(name) ? [name] : dirs.map((d) => join(d, name));
    for (const path of candidates) {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        continue;
      }
      return this.engine.compile(text, { ...this.options, templatePath: path }, false);
    }
    if (!given) throw new PyException('TemplateNotFound', name);
    // NOTE: Jinja's FileSystemLoader names every directory it searched.
    const paths = given.map((d) => strRepr(d)).join(', ');
    throw new PyException('TemplateNotFound', `${strRepr(name)} not found in search path${given.length === 1 ? '' : 's'}: ${paths}`);
  }

}

function isDictKey(key: unknown): key is DictKey {
  return key === null || typeof key === 'string' || typeof key === 'number' || typeof key === 'boolean';
}

/**
 * Where an entry of a variable's dict or list was written; for a view of another host's
 * variables (`hostvars['h2']`), where that variable was written.
 */
function entryOrigin(container: unknown, key: unknown): SourceLocation | undefined {
  if (!isDictKey(key)) return undefined;
  const scope = (container as { varSource?: VarSource } | null)?.varSource;
  if (scope !== undefined && typeof key === 'string') return scope.origin?.(key);
  return container instanceof Map || Array.isArray(container) ? valueOrigin(container as DataDict, key) : undefined;
}

/**
 * Gives an undefined value a variable's template made, alone or inside the list or dict it
 * built (`{{ [nope] }}`), the template's origin, where 2.19's marker was made; using the value
 * later names that place.
 */
function placeUndefinedValues(v: Value, where: () => SourceLocation | undefined): void {
  if (v instanceof Undefined) {
    if (v.origin === undefined) v.origin = where();
    return;
  }
  if (!Array.isArray(v) && !(v instanceof Map)) return;
  const walk = (x: unknown, depth: number): void => {
    if (x instanceof Undefined) {
      if (x.origin === undefined) x.origin = where();
    } else if (depth < 32 && Array.isArray(x)) for (const item of x) walk(item, depth + 1);
    else if (depth < 32 && x instanceof Map) for (const item of x.values()) walk(item, depth + 1);
  };
  walk(v, 0);
}
