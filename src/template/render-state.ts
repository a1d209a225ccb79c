/**
 * What one render call carries: the variable source, the per-call cache of resolved variables,
 * recursion detection for lazily rendered variable values, and template loading for includes.
 * Frames are the lexical scopes (`for`, macros) chained to the root.
 */
import type { VarSource, RenderOptions } from './api.js';
import type { PluginContext } from './plugin.js';
import type { Value } from './runtime/py-object.js';
import type { ValueDeprecation } from '../core/deprecated-values.js';
import type { SourceLocation } from '../core/source-location.js';
import type { Data, DataDict, DictKey } from '../core/data.js';

/** A compiled template as the runtime sees it. */
export interface CompiledTemplate {
  readonly source: string;
  /** Runs the template body, pushing output nodes. */
  run(frame: Frame, out: Value[]): void;
  readonly blocks: ReadonlyMap<string, BlockFn>;
  readonly hasExtends: boolean;
  /** The template is one `{{ }}` whose filter makes a Markup: its native result is one, which 2.19 warns of storing. */
  readonly markupResult?: boolean;
  /**
   * The template is one `{{ }}` whose value is one a variable gave as it is. NOTE: 2.19 trusts text
   * by its tag, which a filter's or an operator's new string does not carry, even with the same text.
   */
  readonly passesValue?: boolean;
}

export type BlockFn = (frame: Frame, out: Value[]) => void;

export interface RenderState {
  readonly vars: VarSource;
  readonly options: RenderOptions;
  readonly pluginContext: PluginContext;
  /** A top-level name: variables (rendered lazily), then globals; Undefined when missing. */
  resolveName(name: string): Value;
  /** A name of Jinja's and Ansible's globals only (`range`, `lookup` …); Undefined when missing. */
  resolveGlobal(name: string): Value;
  /**
   * A value taken out of a variable container: renders template strings, marks containers raw.
   * `container` and `key` say where it was taken from, so an error names where it was written.
   */
  derive(value: Value, container?: unknown, key?: unknown): Value;
  /** A deprecated value was read (shown once per render, where the template is). */
  noteDeprecation(deprecation: ValueDeprecation): void;
  /** True while a conditional asks where its values were written (see noteEntryOrigin). */
  readonly tracksOrigins: boolean;
  /** Remembers where an entry read from a plain container was written (conditionals name it). */
  noteEntryOrigin(value: Value, container: unknown, key: unknown): void;
  /** A value about to be consumed (output, filter, operator): renders templates nested in raw containers. */
  settle(value: Value): Value;
  /** From now on in this call, variables' lists and dicts are read as copies (a template mutates them). */
  copyVariables(): void;
  /** Loads an include/import/extends target. */
  loadTemplate(name: string): CompiledTemplate;
  /** Block overrides, child-most first (template inheritance). */
  blockStack: Map<string, BlockFn[]>;
  /** Set by `{% extends %}` while the child template runs. */
  parentTemplate: CompiledTemplate | null;
  /** True where an undefined value is output without failing (see RenderOptions.markNested). */
  readonly marksUndefined: boolean;
  /** Marks the conditional/expression mode for error wording. */
  readonly expressionMode: boolean;
  /** A string constant of the template that looks like a template (embedded-templates.ts). */
  accessConst(text: string): Value;
  /** A lookup's positional terms, the template-looking constants among them rendered (embedded-templates.ts). */
  lookupTerms(terms: Value[]): Value[];
  /** Where the input of the filter being called was defined (operand-tags.ts), asked only when needed. */
  filterInputOrigin: (() => SourceLocation | undefined) | null;
  /** Which terms of the lookup being called may hold a constant (lookup-term-constants.ts); null: all. */
  lookupTermsHoldingConstants: readonly boolean[] | null;
}

/**
 * A loop item's container and key (a dict's key itself when `isKey`), or a `{% set %}` scalar's
 * value with how its expression names it.
 */
export type LoopItemSource = readonly [container: Data[] | DataDict, key: DictKey, isKey: boolean] | AssignedScalar;

export interface AssignedScalar {
  readonly value: Value;
  readonly name: () => string | undefined;
}

export class Frame {
  readonly vars = new Map<string, Value>();
  /** A template imported or included without context: it sees Jinja's globals, not the variables. */
  readonly isolated: boolean;
  /** Inside a macro's body or a set or filter block: an undefined value printed there becomes its value (2.19's marker) rather than failing. */
  inMacroBody: boolean;
  /** The loop items and assigned scalars this frame's names hold, by where they were read (local-operand-tags.ts). */
  loopItems: Map<string, LoopItemSource> | undefined;
  constructor(
    readonly state: RenderState,
    readonly parent: Frame | null,
    isolated = false,
  ) {
    this.isolated = parent?.isolated ?? isolated;
    this.inMacroBody = parent?.inMacroBody ?? false;
    this.loopItems = undefined;
  }

  lookup(name: string): Value {
    const own = this.vars.get(name);
    if (own !== undefined) return own;
    for (let f = this.parent; f !== null; f = f.parent) {
      const v = f.vars.get(name);
      if (v !== undefined) return v;
    }
    return this.isolated ? this.state.resolveGlobal(name) : this.state.resolveName(name);
  }

  /** True when a template-local scope (set, loop, macro argument) holds the name. */
  hasLocal(name: string): boolean {
    if (this.vars.has(name)) return true;
    for (let f = this.parent; f !== null; f = f.parent) if (f.vars.has(name)) return true;
    return false;
  }

  /** The frame where `{% set %}` writes: the nearest one that owns a scope. */
  child(): Frame {
    return new Frame(this.state, this);
  }
}
