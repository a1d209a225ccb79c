/**
 * The template engine as the controller uses it (TemplateRenderer): compile once per text, render
 * with Ansible 2.19's native results, evaluate conditionals, and translate every failure into a
 * TemplateError carrying Ansible's words and the origin location.
 */
import { PyDate, UnsafeString, VaultString, isTuple, markTuple, strRepr, textOf, type Data, type DataDict } from '../core/data.js';
import { DeprecatedText, deprecatedTextIn } from '../core/deprecated-values.js';
import { TemplateError, VolantError } from '../core/errors.js';
import { formatLocation, raisedElsewhere, type SourceLocation } from '../core/source-location.js';
import { copyValueOrigins, valueOrigin } from '../core/value-origins.js';
import { isTaggedContainer, markTaggedContainer } from '../core/tagged-containers.js';
import type { RenderOptions, TemplateRenderer, VarSource } from './api.js';
import { compileExpression, compileItemOrigin, compileTemplate } from './compiler.js';
import { ONE_VARIABLE, valueOriginOf } from './variable-origins.js';
import { isMarkupExpression } from './markup-expressions.js';
import { joinOutput, nativeConcat } from './native-output.js';
import { runTemplate } from './template-inheritance.js';
import { DEFAULT_DELIMITERS, tokenizeExpression, tokenizeLazily } from './lexer.js';
import { Parser, parse } from './parser.js';
import { PluginFailure } from './plugin-failure.js';
import { unopenedVaultRead } from './unopened-vault.js';
import { RenderContext, EXPRESSION_LEVELS, TEMPLATE_LEVELS, TemplateRecursionError, UndecryptableVaultError, errorOrigins, undecryptable, undecryptableError, unopenedVaultReason, type EngineHost } from './render-context.js';
import { Frame, type CompiledTemplate, type RenderState } from './render-state.js';
import { OMIT_PLACEHOLDER, omittedValueError } from './runtime/omit.js';
import { warnGroupTupleStorage } from './runtime/group-tuple.js';
import { warnSetStorage } from './runtime/set-storage.js';
import { isSetList } from '../core/set-lists.js';
import { PyException } from './runtime/py-exception.js';
import { PyObject, type Value } from './runtime/py-object.js';
import { PyDateTime } from './runtime/py-datetime.js';
import { PyBytes } from './runtime/py-bytes.js';
import { str, typeName } from './runtime/py-values.js';
import { Undefined, UndefinedError, undefinedError } from './runtime/undefined.js';
import { preserveTrailingNewlines } from './trailing-newlines.js';
import { TemplateSyntaxError } from './template-syntax-error.js';
import { holdsStartString, isTemplateText } from './template-text.js';
import { isPossiblyTemplate } from './embedded-templates.js';

type Mode = 'template' | 'expression' | 'conditional';

/** A compiled bare expression (conditionals). */
interface CompiledExpression {
  run(frame: Frame): Value;
  /** The expression gives a Markup, which 2.19 stores as a str with a warning. */
  markup: boolean;
  /** Where the item it reads from a variable's container was written (compileItemOrigin), compiled when an error asks. */
  itemOrigin?: () => ((frame: Frame) => SourceLocation | undefined) | undefined;
}

const CACHE_LIMIT = 20000;
const NO_OPTIONS: RenderOptions = {};

/** The engine's settings (ansible.cfg's, fixed for a run). */
export interface EngineSettings {
  /** ALLOW_EMBEDDED_TEMPLATES (default true): see embedded-templates.ts. */
  readonly embeddedTemplates?: boolean;
}

export class TemplateEngine implements TemplateRenderer, EngineHost {
  private readonly templates = new Map<string, CompiledTemplate | TemplateSyntaxError>();
  private readonly expressions = new Map<string, CompiledExpression | TemplateSyntaxError>();
  readonly embeddedTemplates: boolean;

  constructor(settings: EngineSettings = {}) {
    this.embeddedTemplates = settings.embeddedTemplates ?? true;
  }

  isTemplate(text: string): boolean {
    return isTemplateText(text);
  }

  /**
   * `topLevel` templates come from YAML: Ansible keeps backslashes in their `{{ }}` string
   * literals verbatim; included files and conditionals decode escapes as Jinja does.
   */
  compile(text: string, options: RenderOptions, topLevel = true): CompiledTemplate {
    if (text.startsWith('#jinja2:')) return this.compileWithHeader(text, options, topLevel);
    const trim = options.trimBlocks ?? true;
    const plain = trim && !options.lstripBlocks && !options.newlineSequence && topLevel && !options.delimiters;
    const raw = topLevel && options.templatePath === undefined;
    const delimiters = options.delimiters ? { ...DEFAULT_DELIMITERS, ...options.delimiters } : undefined;
    const marks = delimiters ? Object.values(delimiters).join('\0') : '';
    const key = plain && raw ? text : `${trim ? 1 : 0}${options.lstripBlocks ? 1 : 0}${raw ? 1 : 0}${options.newlineSequence ?? ''}\0${marks}\0${text}`;
    let tpl = this.templates.get(key);
    if (tpl === undefined) {
      try {
        const { tokens, error } = tokenizeLazily(text, {
          trimBlocks: trim,
          lstripBlocks: options.lstripBlocks,
          newlineSequence: options.newlineSequence,
          keepTrailingNewline: false,
          ...(delimiters ? { delimiters } : {}),
          // The template module renders files with escape_backslashes off.
          rawExpressionStrings: topLevel && options.templatePath === undefined,
        });
        try {
          tpl = compileTemplate(text, parse(tokens));
        } catch (err) {
          // the parser's error before where the lexer failed is the one Jinja meets first
          throw error && err instanceof TemplateSyntaxError && err.pos >= error.pos ? error : err;
        }
        if (error) throw error;
      } catch (err) {
        if (!(err instanceof TemplateSyntaxError)) throw err;
        tpl = err;
      }
      if (this.templates.size > CACHE_LIMIT) this.templates.clear();
      this.templates.set(key, tpl);
    }
    // A fresh error each time: errors are told apart by identity (where each was met).
    if (tpl instanceof TemplateSyntaxError) throw Object.assign(new TemplateSyntaxError(tpl.message, tpl.pos), { ofTemplate: true });
    return tpl;
  }

  /** A `#jinja2: trim_blocks: False, …` first line overrides the environment (delimiters too) for that template. */
  private compileWithHeader(text: string, options: RenderOptions, topLevel: boolean): CompiledTemplate {
    const nl = text.indexOf('\n');
    if (nl === -1) throw new TemplateSyntaxError("Missing newline after '#jinja2:' override.", 0);
    const header = text.slice('#jinja2:'.length, nl);
    const body = text.slice(nl + 1);
    const overrides: RenderOptions = { ...options };
    for (const part of header.split(',')) {
      const m = /^\s*(\w+)\s*:\s*(.*?)\s*$/.exec(part);
      if (!m) continue;
      const raw = m[2] as string;
      const value = /^(['"]).*\1$/.test(raw) ? raw.slice(1, -1).replace(/\\n/g, '\n').replace(/\\r/g, '\r') : raw;
      const flag = value === 'True' || value === 'true';
      if (m[1] === 'trim_blocks') overrides.trimBlocks = flag;
      else if (m[1] === 'lstrip_blocks') overrides.lstripBlocks = flag;
      else if (m[1] === 'newline_sequence') overrides.newlineSequence = value;
      else if (m[1] !== undefined && Object.hasOwn(HEADER_DELIMITERS, m[1])) {
        overrides.delimiters = { ...overrides.delimiters, [HEADER_DELIMITERS[m[1]] as DelimiterKey]: value };
      }
    }
    return this.compile(body, overrides, topLevel);
  }

  private compileExpr(text: string): CompiledExpression {
    let c = this.expressions.get(text);
    if (c === undefined) {
      const { tokens, error } = tokenizeExpression(text);
      try {
        const parser = new Parser(tokens);
        // NOTE: one expression, not a tuple: `a, b` is a syntax error in a conditional.
        const expr = parser.parseExpression(true);
        parser.expectEnd();
        if (error) throw error;
        c = { run: compileExpression(expr, text), markup: isMarkupExpression(expr), itemOrigin: () => compileItemOrigin(expr) };
      } catch (err) {
        if (!(err instanceof TemplateSyntaxError)) throw err;
        c = error && err.pos >= error.pos ? lexerErrorOfExpression(error, text, tokens.length === 1) : err;
      }
      if (this.expressions.size > CACHE_LIMIT) this.expressions.clear();
      this.expressions.set(text, c);
    }
    if (c instanceof TemplateSyntaxError) throw c;
    return c;
  }

  run(tpl: CompiledTemplate, state: RenderState, mark?: (v: Undefined) => string): Value {
    const out: Value[] = [];
    if (tpl.hasExtends || tpl.blocks.size > 0) runTemplate(tpl, new Frame(state, null), out);
    else tpl.run(new Frame(state, null), out);
    // NOTE: 2.19 replaces markers as a template's text is put together; one output node is
    // handed on as it is, to the template that reads it.
    if (mark && out.length > 1) return nativeConcat(out.map((v) => (v instanceof Undefined && v.message !== '' ? mark(v) : v)));
    return nativeConcat(out);
  }

  render(text: string, vars: VarSource, options: RenderOptions = NO_OPTIONS): Data {
    if (!holdsStartString(text, options.delimiters) && !text.startsWith('#jinja2:')) return text;
    try {
      if (options.markError) return this.renderMarked(new RenderContext(this, vars, options), text, options, options.markError);
      return toData(this.renderWith(new RenderContext(this, vars, options), text, options));
    } catch (err) {
      throw toTemplateError(err, 'template', options);
    }
  }

  private renderWith(ctx: RenderContext, text: string, options: RenderOptions, topLevel = true): Value {
    const tpl = this.compile(text, options, topLevel);
    let v = this.run(tpl, ctx);
    if (topLevel && DeprecatedText.made) noteDeprecatedText(ctx, v);
    if (topLevel && options.native !== false) {
      warnGroupTupleStorage(v, options);
      warnSetStorage(v, options);
    }
    if (tpl.markupResult && topLevel && options.native !== false && typeof v === 'string') warnMarkupStorage(options);
    if (options.native === false && typeof v !== 'string') v = joinOutput([v]);
    return typeof v === 'string' ? preserveTrailingNewlines(text, v, options.newlineSequence ?? '\n') : v;
  }


  /** See RenderOptions.markError. */
  private renderMarked(ctx: RenderContext, text: string, options: RenderOptions, mark: NonNullable<RenderOptions['markError']>): Data {
    const tpl = this.compile(text, options);
    const out: Value[] = [];
    let v: Value;
    try {
      if (tpl.hasExtends || tpl.blocks.size > 0) runTemplate(tpl, new Frame(ctx, null), out);
      else tpl.run(new Frame(ctx, null), out);
      // NOTE: a lone marker is no string in 2.19: the source's trailing newlines are not added to it.
      if (out.length === 1 && out[0] instanceof Undefined) return toData(replaceUndefined(out[0], mark));
      v = nativeConcat(out.map((item) => replaceUndefined(item, mark)));
      warnGroupTupleStorage(v, options);
      warnSetStorage(v, options);
    } catch (err) {
      if (!(err instanceof UndefinedError)) throw err;
      const made = out.map((item) => replaceUndefined(item, mark));
      return joinOutput([...made, mark(err.message, err.undefinedValue.origin), mark('template potentially truncated', undefined)]);
    }
    return toData(typeof v === 'string' ? preserveTrailingNewlines(text, v, options.newlineSequence ?? '\n') : v);
  }

  renderDeep(value: Data, vars: VarSource, options: RenderOptions = {}): Data {
    let ctx: RenderContext | null = null;
    // NOTE: a string inside a container is named by its own origin in errors, as 2.19 does.
    const walk = (v: Data, where?: SourceLocation, depth = 0): Data => {
      if (v instanceof VaultString && v.reveal() === undefined) throw unopenedVaultValue(v, where, options.origin);
      if (typeof v === 'string') {
        if (!isPossiblyTemplate(v)) return v;
        ctx ??= new RenderContext(this, vars, options);
        ctx.restartCopies();
        ctx.textOrigin = where;
        ctx.recursionLevels = (options.rendersLoop === true ? EXPRESSION_LEVELS : TEMPLATE_LEVELS) - depth;
        const c = ctx;
        return this.guard('template', options, () => {
          try {
            return toData(this.renderWith(c, v, options), options.keepTuples);
          } catch (err) {
            // A plugin's failure (a lookup's too) stays named at the argument, as 2.19 does; a value
            // it cannot store is found when the whole value is finalized, named where that is.
            const named = err instanceof PluginFailure || err instanceof TemplateError || err instanceof UnstorableValueError;
            if (where && err instanceof Error && !named && !errorOrigins.has(err)) errorOrigins.set(err, where);
            throw err;
          }
        });
      }
      if (Array.isArray(v)) {
        const out: Data[] = [];
        for (const [i, item] of v.entries()) {
          const r = walk(item, valueOrigin(v, i), depth + 1);
          if (r !== OMIT_PLACEHOLDER) out.push(r);
        }
        // Loop items keep where they were written (`when: item` names it).
        if (out.length === v.length) copyValueOrigins(v, out);
        // NOTE: 2.19 copies a container it templates with its tags: YAML's list stays tagged.
        if (isTaggedContainer(v)) markTaggedContainer(out);
        return out;
      }
      if (v instanceof Map) {
        const out: DataDict = new Map();
        for (const [k, item] of v) {
          const r = walk(item, valueOrigin(v, k), depth + 1);
          if (r !== OMIT_PLACEHOLDER) out.set(k, r);
        }
        // Dict values keep where they were written too (a lookup's deprecation names them).
        if (out.size === v.size) copyValueOrigins(v, out);
        if (isTaggedContainer(v)) markTaggedContainer(out);
        return out;
      }
      return v;
    };
    return walk(value);
  }

  evaluateConditional(condition: Data, vars: VarSource, options: RenderOptions = {}): boolean {
    if (typeof condition === 'boolean') return condition;
    if (condition === null) return true;
    // NOTE: 2.19 names only why a vaulted conditional no secret opens cannot be used.
    if (condition instanceof VaultString && condition.reveal() === undefined) throw new TemplateError('template-vault', unopenedVaultReason(condition), options.origin ? { location: options.origin } : {});
    // NOTE: an `!unsafe` conditional is text no trusted source wrote: 2.19 refuses to evaluate it.
    if (condition instanceof UnsafeString) throw untrustedTemplate(options.origin);
    if (condition instanceof VaultString) condition = textOf(condition);
    if (typeof condition !== 'string') {
      throw new TemplateError('template-conditional-type', 'Conditional expressions must be strings.', {
        location: options.origin,
        hint: 'Broken conditionals can be temporarily allowed with the `ALLOW_BROKEN_CONDITIONALS` configuration option.',
      });
    }
    const text = condition.trim();
    if (text === '') throw emptyConditional(options.origin);
    // The expression evaluated: the conditional, or what its `{{ }}` indirection rendered to.
    let expression = text;
    const ctx = new RenderContext(this, vars, options, true);
    ctx.trackValueOrigins();
    const result = this.guard('conditional', options, () => {
      // A conditional wholly inside {{ }} is an indirection: a string result is the expression.
      // NOTE: 2.19 renders any text that starts and ends with a Jinja delimiter so ({% … %} too).
      if (isPossiblyAllTemplate(text)) {
        const r = toData(this.renderIndirection(ctx, text, options));
        if (r === null) return RENDERED_NOTHING;
        // NOTE: 2.19 finalizes the rendered indirection, and a whole result of omit is refused there.
        if (r === OMIT_PLACEHOLDER) throw omittedValueError(options.origin);
        if (typeof r !== 'string') {
          options.warn?.({
            kind: 'deprecation',
            message: 'Conditionals should not be surrounded by templating delimiters such as {{ }} or {% %}.',
            origin: options.origin,
            version: '2.23',
          });
          return r;
        }
        expression = r.trim();
        if (expression === '') throw emptyConditional(options.origin);
        // text a filter or an operator made is new (no origin of its own: the conditional is named)
        const passed = this.compile(text, options).passesValue === true;
        if (!passed || !ctx.isTrustedText(r)) throw untrustedTemplate((passed ? ctx.originOfValue(r) : undefined) ?? options.origin);
        // NOTE: the expression a variable supplied is that variable's text: what is undefined in
        // it is shown where the variable was written, under the conditional.
        const from = ONE_VARIABLE.exec(text)?.[1];
        const exprOrigin = from !== undefined ? valueOriginOf(vars, from) : undefined;
        if (exprOrigin) return this.evaluateSupplied(ctx, expression, exprOrigin, options);
      }
      const expr = this.compileExpr(expression);
      return toData(ctx.settle(ctx.renderingConstTemplates(() => expr.run(new Frame(ctx, null)))));
    }, text);
    // NOTE: a template that renders nothing is None, which has no origin to name.
    if (result === RENDERED_NOTHING) throw emptyConditional(undefined);
    if (result === OMIT_PLACEHOLDER) throw omittedValueError(options.origin);
    if (typeof result === 'boolean') return result;
    // NOTE: Ansible names where the value came from: a variable's definition (through filters
    // that hand it on unchanged, such as `default`), else the conditional.
    const bare = IDENTIFIER.test(expression) ? valueOriginOf(vars, expression) : undefined;
    const valueOrigin = bare ?? ctx.originOfValue(result) ?? this.itemOriginOf(ctx, expression) ?? options.origin;
    const where = result === null || !valueOrigin ? '<unknown>' : formatLocation(valueOrigin);
    const shown = truthyData(result) ? 'True' : 'False';
    throw new TemplateError(
      'template-conditional-result',
      `Conditional result (${shown}) was derived from value of type '${typeName(result)}' at ${strRepr(where)}. Conditionals must have a boolean result.`,
      {
        location: options.origin,
        hint: 'Broken conditionals can be temporarily allowed with the `ALLOW_BROKEN_CONDITIONALS` configuration option.',
      },
    );
  }

  /** Where the item a conditional read from a variable's list or dict was written (ints have no noted origin). */
  private itemOriginOf(ctx: RenderContext, expression: string): SourceLocation | undefined {
    try {
      return this.compileExpr(expression).itemOrigin?.()?.(new Frame(ctx, null));
    } catch {
      return undefined;
    }
  }

  /** A conditional wholly in `{{ }}` is rendered as a template first: its syntax errors are a template's. */
  private renderIndirection(ctx: RenderContext, text: string, options: RenderOptions): Value {
    try {
      return this.renderWith(ctx, text, options);
    } catch (err) {
      throw err instanceof TemplateSyntaxError ? toTemplateError(err, 'template', options) : err;
    }
  }

  evaluateExpression(expression: string, vars: VarSource, options: RenderOptions = {}): Data {
    return this.guard('expression', options, () => {
      const ctx = new RenderContext(this, vars, options, true);
      const compiled = this.compileExpr(expression);
      const value = ctx.settle(compiled.run(new Frame(ctx, null)));
      if (DeprecatedText.made) noteDeprecatedText(ctx, value);
      warnGroupTupleStorage(value, options);
      warnSetStorage(value, options);
      if (compiled.markup && typeof value === 'string') warnMarkupStorage(options);
      // NOTE: under debug's replacing markers, what is undefined inside the result (a list
      // literal's item, a dict entry) is marked where it sits, the rest of the value kept.
      return toData(options.markError ? replaceUndefined(value, options.markError) : value);
    }, expression);
  }

  private evaluateSupplied(ctx: RenderContext, expression: string, origin: SourceLocation, options: RenderOptions): Data {
    try {
      const expr = this.compileExpr(expression);
      return toData(ctx.settle(ctx.renderingConstTemplates(() => expr.run(new Frame(ctx, null)))));
    } catch (err) {
      if (!(err instanceof UndefinedError)) throw err;
      const cause = new TemplateError('template-undefined', err.message, { location: err.undefinedValue.origin ?? origin });
      return throwing(new TemplateError('template-undefined', 'Error while evaluating conditional.', { ...(options.origin ? { location: options.origin } : {}), cause }));
    }
  }

  /** Runs a render step and turns any failure into a TemplateError in Ansible's words. */
  private guard<T>(mode: Mode, options: RenderOptions, fn: () => T, source?: string): T {
    try {
      return fn();
    } catch (err) {
      throw toTemplateError(err, mode, options, source);
    }
  }
}

/** The `#jinja2:` header's delimiter settings, by the RenderOptions.delimiters key each sets. */
type DelimiterKey = keyof NonNullable<RenderOptions['delimiters']>;
const HEADER_DELIMITERS: Readonly<Record<string, DelimiterKey>> = {
  variable_start_string: 'variableStart',
  variable_end_string: 'variableEnd',
  block_start_string: 'blockStart',
  block_end_string: 'blockEnd',
  comment_start_string: 'commentStart',
  comment_end_string: 'commentEnd',
};

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** 2.19's refusal to evaluate text no trusted source wrote (TemplateTrustCheckFailedError). */
export function untrustedTemplate(location: SourceLocation | undefined): TemplateError {
  return new TemplateError('template-untrusted', 'Encountered untrusted template or expression.', {
    ...(location ? { location } : {}),
    hint: 'Templates and expressions must be defined by trusted sources such as playbooks or roles, not untrusted sources such as module results.',
  });
}
function truthyData(v: Data): boolean {
  if (v === null) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return v.length > 0;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof Map) return v.size > 0;
  return Number(v.valueOf()) !== 0;
}

/** A value with each Undefined in it (but a conditional's missing else) replaced by its marker. */
function replaceUndefined(v: Value, mark: NonNullable<RenderOptions['markError']>): Value {
  if (v instanceof Undefined) return v.message === '' ? v : mark(v.message, v.origin);
  if (Array.isArray(v)) return v.map((item) => replaceUndefined(item as Value, mark)) as Value;
  if (v instanceof Map) {
    const out = new Map<unknown, Value>();
    for (const [k, item] of v) out.set(k, replaceUndefined(item as Value, mark));
    return out as Value;
  }
  return v;
}

/** A result that holds a deprecated text (a registered result rendered whole) shows its deprecation. */
function noteDeprecatedText(ctx: RenderContext, value: Value): void {
  const deprecation = deprecatedTextIn(value);
  if (deprecation) ctx.noteDeprecation(deprecation);
}

/**
 * A template result as storable data: tuples become lists (unless `keepTuples`: with_ lookup
 * terms, which 2.19 hands on unfinalized); other runtime objects are refused.
 */
export function toData(v: Value, keepTuples = false): Data {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const tuple = isTuple(v);
    // A set is stored as a plain list (warned of by warnSetStorage).
    let changed = (tuple && !keepTuples) || isSetList(v);
    // NOTE: finalize drops omit from lists and dicts, at any depth.
    const out: Data[] = [];
    for (const item of v) {
      if (item === OMIT_PLACEHOLDER) continue;
      const r = toData(item as Value, keepTuples);
      if (r !== item) changed = true;
      out.push(r);
    }
    if (!changed && out.length === v.length) return v;
    // the copy's items keep where they were written (a lookup's tuples: `item.1` of subelements)
    if (out.length === v.length) copyValueOrigins(v, out);
    return tuple && keepTuples ? markTuple(out) : out;
  }
  if (v instanceof Map) {
    let copy: DataDict | null = null;
    let i = 0;
    for (const [k, item] of v) {
      // NOTE: a tuple key is fine in a template, but storing makes it a list, which no dict can key.
      if (Array.isArray(k)) throw new PyException('TypeError', "unhashable type: 'list'");
      const r = item === OMIT_PLACEHOLDER ? undefined : toData(item as Value, keepTuples);
      if (r !== item && copy === null) {
        copy = new Map();
        let j = 0;
        for (const [k2, v2] of v) {
          if (j++ >= i) break;
          copy.set(k2, v2);
        }
      }
      if (copy && r !== undefined) copy.set(k, r);
      i++;
    }
    if (copy) copyValueOrigins(v, copy);
    return copy ?? v;
  }
  if (v instanceof Undefined) {
    // An undefined value with nothing to say (`'a' if false`) is a value 2.19 cannot store.
    if (v.message === '') throw new UnstorableValueError('Undefined', '');
    throw undefinedError(v);
  }
  // NOTE: a vaulted value no secret opens fails where 2.19 stores it, inside a list or dict too.
  if (v instanceof VaultString && v.reveal() === undefined) throw unopenedVaultRead(v);
  // A datetime is storable in Ansible: data keeps it as the datetime a YAML timestamp is.
  if (v instanceof PyDateTime) return new PyDate('datetime', v.str());
  // NOTE: bytes are storable as they are (set_fact keeps them); encoders write their text.
  if (v instanceof PyBytes) return v as unknown as Data;
  if (v instanceof PyObject) throw new UnstorableValueError(v.typeName, str(v));
  return v;
}

function warnMarkupStorage(options: RenderOptions): void {
  options.warn?.({ kind: 'warning', message: "Type 'Markup' is unsupported in variable storage, converting to 'str'.", ...(options.origin ? { origin: options.origin } : {}) });
}

/** A result Ansible cannot store (a range, a function …): its error shows the value's str(). */
class UnstorableValueError extends PyException {
  constructor(
    typeName: string,
    readonly shown: string,
  ) {
    super('TypeError', `Type '${typeName}' is unsupported for variable storage.`);
  }
}

const RENDERED_NOTHING = Symbol('rendered nothing');

function emptyConditional(location: SourceLocation | undefined): TemplateError {
  return new TemplateError('template-conditional-empty', 'Empty conditional expressions are not allowed.', {
    ...(location ? { location } : {}),
    hint: 'Broken conditionals can be temporarily allowed with the `ALLOW_BROKEN_CONDITIONALS` configuration option.',
  });
}

/** ansible's is_possibly_all_template: a `#jinja2:` header, or a Jinja delimiter at each end. */
function isPossiblyAllTemplate(text: string): boolean {
  if (text.startsWith('#jinja2:')) return true;
  return ['{{', '{%', '{#'].some((open) => text.startsWith(open)) && ['}}', '%}', '#}'].some((close) => text.endsWith(close));
}

/**
 * A lexer error met while parsing an expression.
 * NOTE: Jinja's Parser lexes the first token in its constructor, outside the handler that marks
 * compile_expression's errors as translated, so that one error prints with its `line N` appended.
 */
function lexerErrorOfExpression(error: TemplateSyntaxError, text: string, atFirstToken: boolean): TemplateSyntaxError {
  if (!atFirstToken) return error;
  const line = text.slice(0, error.pos).split('\n').length;
  return new TemplateSyntaxError(`${error.message}\n  line ${line}`, error.pos);
}

export function toTemplateError(err: unknown, mode: Mode, options: RenderOptions, source?: string): VolantError {
  const location = (err instanceof UndefinedError ? err.undefinedValue.origin : undefined) ?? (err instanceof Error ? errorOrigins.get(err) : undefined) ?? options.origin;
  const conditional = mode === 'conditional';
  const what = mode === 'template' ? 'template' : 'expression';
  // NOTE: internal errors are not attached as `cause`: the message already holds their words,
  // and the run stage turns every cause into another line of the error chain.
  if (err instanceof TemplateError) return err.location || !location ? err : new TemplateError(err.code, err.message, { location, hint: err.hint });
  if (err instanceof VolantError) return err;
  if (err instanceof TemplateSyntaxError) {
    const where = err.ofTemplate ? 'template' : what;
    const delimiters = conditional && source !== undefined && isTemplateText(source) ? ' Template delimiters are not supported in expressions' : '';
    return new TemplateError('template-syntax', `Syntax error in ${where}${delimiters ? '.' + delimiters : ''}: ${err.message}`, { location });
  }
  if (err instanceof UndefinedError) {
    // NOTE: what is undefined in a variable's own template is shown where the variable was
    // written, under the conditional that read it.
    const inner = err.undefinedValue.origin;
    if (conditional && raisedElsewhere(inner, options.origin)) {
      const cause = new TemplateError('template-undefined', err.message, { location: inner });
      return new TemplateError('template-undefined', 'Error while evaluating conditional.', { location: options.origin, cause });
    }
    const message = conditional ? `Error while evaluating conditional: ${err.message}` : err.message;
    return new TemplateError('template-undefined', message, { location });
  }
  // NOTE: a plugin's failure is not tagged with the template it ran in: 2.19 names the outer one.
  if (err instanceof PluginFailure) {
    const shown = err.cause instanceof VolantError && (err.cause.context !== undefined || err.cause.hint !== undefined || err.cause.location !== undefined) ? { cause: err.cause } : {};
    return new TemplateError('template-plugin', err.message, { ...(options.origin ? { location: options.origin } : {}), ...shown });
  }
  if (err instanceof TemplateRecursionError) return new TemplateError('template-recursion', err.message, { location: err.origin ?? location });
  if (err instanceof UndecryptableVaultError) {
    // NOTE: 2.19 shows the vaulted value's own origin under the template's.
    const where = what;
    const cause = undecryptableError(err, errorOrigins.get(err));
    return new TemplateError('template-render', `Error rendering ${where}.`, { ...(options.origin ? { location: options.origin } : {}), cause });
  }
  if (err instanceof UnstorableValueError) {
    // NOTE: 2.19 chains the storage error under "Error rendering template.", without an origin.
    const cause = new TemplateError('template-storage', err.message, { context: err.shown === '' ? 'Origin: <unknown>' : `Origin: <unknown>\n\n${err.shown}` });
    return new TemplateError('template-render', `Error rendering ${what}.`, { ...(location ? { location } : {}), cause });
  }
  if (err instanceof PyException) {
    const where = err.raisedByCall ? {} : { location };
    if (err.duringHandling) return new TemplateError('template-render', `Error rendering ${what}.`, { ...where, cause: Object.assign(new TemplateError('template-render', err.message), { whileHandling: true }) });
    return new TemplateError('template-render', `Error rendering ${what}: ${err.message}`, where);
  }
  if (err instanceof RangeError && /call stack/i.test(err.message)) {
    // NOTE: Python's RecursionError, as 2.19 names it: in the expression (`var`, a conditional) or the template.
    return new TemplateError('template-recursion', `Recursive loop detected in ${what}: maximum recursion depth exceeded`, { location });
  }
  const message = err instanceof Error ? err.message : String(err);
  return new TemplateError('template-render', `Error rendering template: ${message}`, { location });
}

/**
 * A vaulted value no secret of the run opens, met as a value to render (not through a variable):
 * 2.19 fails its use. Inside a list or dict the render error is the container's; a value that is
 * itself vaulted trips the vault marker, a render error with no origin of its own.
 */
function unopenedVaultValue(vault: VaultString, where: SourceLocation | undefined, origin: SourceLocation | undefined): TemplateError {
  const at = where ?? origin;
  const cause = undecryptableError(undecryptable(vault), at);
  if (where !== undefined) return new TemplateError('template-render', 'Error rendering template.', { ...(origin ? { location: origin } : {}), cause });
  return new TemplateError('template-render', 'Error rendering template.', { context: 'Origin: <unknown>\n\n<< context unavailable: A vault exception marker was tripped. >>', cause });
}

export function createTemplateEngine(settings: EngineSettings = {}): TemplateRenderer {
  return new TemplateEngine(settings);
}


function throwing(error: Error): never {
  throw error;
}
