import { pyStr, pyTypeName, type Data, type DictKey } from '../core/data.js';
import { valueOrigin } from '../core/value-origins.js';
import { ActionFail, TaskError } from '../run/task-error.js';
import type { Action } from '../run/action.js';
import { sameLocation, type SourceLocation } from '../core/source-location.js';
import { TemplateError, VolantError } from '../core/errors.js';
import { OMIT_PLACEHOLDER } from '../template/index.js';
import { isUntrustedContainer } from '../template/runtime/trust.js';
import { ONE_VARIABLE } from '../template/variable-origins.js';

/** debug: prints `msg` or the value of the expression `var`, above a verbosity threshold. */
export const debug: Action = (ctx) => {
  const args = ctx.args;
  if (args.has('msg') && args.has('var')) {
    throw new ActionFail('parameters are mutually exclusive: msg|var');
  }
  const verbosity = Number(pyStr(args.get('verbosity') ?? 0)) || 0;
  const result = new Map<string, Data>();
  if (verbosity <= ctx.verbosity) {
    const rawVar = ctx.rawArgs.get('var');
    // A `var` that templated to omit is gone, as if not written: debug says 'Hello world!'.
    if (rawVar !== undefined && rawVar !== null && args.has('var')) {
      const expr = varExpression(ctx, pyStr(rawVar));
      let value: Data;
      const markers = new ErrorMarkers(ctx);
      // The expression is located where `var`'s value is written (the k=v text as a whole).
      const exprOrigin = varLocation(ctx) ?? ctx.step.task.argsLoc;
      try {
        value = ctx.templar.evaluateExpression(expr, ctx.vars, { origin: exprOrigin, lookup: ctx.lookup });
      } catch (e) {
        if (!isUndefinedError(e)) throw TaskError.wrap({ message: 'Error while resolving `var` expression.', origin: exprOrigin }, e);
        // NOTE: 2.19 replaces what is undefined in a `var` with markers and warns, instead of
        // failing; inside a variable's dict or list, each entry gets its own marker.
        const named = IDENTIFIER.test(expr) ? markedVariable(ctx, expr, markers) : markedEntry(ctx, expr, markers);
        // An undefined met inside another variable's template is shown where that was written.
        const inner = e instanceof VolantError && e.location !== ctx.step.task.argsLoc ? e.location : undefined;
        value = named ?? markers.markedExpression(expr, exprOrigin) ?? markers.mark(e, inner ?? varLocation(ctx) ?? ctx.step.task.argsLoc);
      }
      if (value === OMIT_PLACEHOLDER) {
        // NOTE: 2.19's omit is an object of its own: a `var` that gives it shows its text, and warns.
        ctx.warn({ message: 'The result of the `var` expression could not be omitted; a placeholder was used instead.', origin: exprOrigin });
        value = '<<Omit>>';
      }
      result.set(expr, value);
    } else {
      result.set('msg', args.has('msg') ? (args.get('msg') as Data) : 'Hello world!');
    }
    result.set('_ansible_verbose_always', true);
  } else {
    result.set('skipped_reason', 'Verbosity threshold not met.');
    result.set('skipped', true);
  }
  result.set('failed', false);
  return result;
};

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A variable's value with what is undefined in it marked, or undefined when it holds no template.
 * A variable that is exactly `{{ other }}` is other's value, marked entry by entry.
 */
function markedVariable(ctx: Parameters<Action>[0], name: string, markers: ErrorMarkers): Data | undefined {
  let stored = ctx.vars.get(name);
  let origin = ctx.vars.origin?.(name);
  for (let hops = 0; typeof stored === 'string' && hops < 20; hops++) {
    const other = ONE_VARIABLE.exec(stored)?.[1];
    if (other === undefined || !ctx.vars.has(other)) break;
    stored = ctx.vars.get(other);
    origin = ctx.vars.origin?.(other);
  }
  if (stored instanceof Map || Array.isArray(stored)) return markers.render(stored);
  if (typeof stored === 'string' && ctx.templar.isTemplate(stored)) return markers.renderText(stored, origin ?? ctx.step.task.argsLoc);
  return undefined;
}

const PATH_STEP = /^(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\[(['"])([^'"\\]*)\3\])/;

/**
 * An entry a path reaches inside a variable's dicts and lists (`d.k`, `reg.results[0].x`) with
 * what is undefined in it marked, as 2.19 renders the entry it reads under debug's markers; or
 * undefined when the path is no plain path to a template or container.
 */
function markedEntry(ctx: Parameters<Action>[0], expr: string, markers: ErrorMarkers): Data | undefined {
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(expr)?.[0];
  if (name === undefined || !ctx.vars.has(name)) return undefined;
  let container: Map<DictKey, Data> | Data[] | undefined;
  let key: DictKey | undefined;
  let value = ctx.vars.get(name) as Data;
  for (let rest = expr.slice(name.length); rest !== ''; ) {
    const step = PATH_STEP.exec(rest);
    if (step === null) return undefined;
    rest = rest.slice(step[0].length);
    if (value instanceof Map) key = step[2] !== undefined ? Number(step[2]) : (step[1] ?? step[4] ?? '');
    else if (Array.isArray(value) && step[2] !== undefined) key = Number(step[2]);
    else return undefined;
    container = value;
    const next: Data | undefined = value instanceof Map ? value.get(key) : (value as Data[])[key as number];
    if (next === undefined) return undefined;
    value = next;
  }
  if (value instanceof Map || Array.isArray(value)) return markers.render(value);
  if (typeof value !== 'string' || !ctx.templar.isTemplate(value) || container === undefined || key === undefined) return undefined;
  return markers.renderText(value, valueOrigin(container, key) ?? ctx.step.task.argsLoc);
}

/** Renders a value entry by entry, what is undefined becoming `<< error N - … >>`, one warning per entry. */
class ErrorMarkers {
  private count = 0;
  constructor(private readonly ctx: Parameters<Action>[0]) {}

  mark(error: unknown, origin: SourceLocation): string {
    const message = error instanceof Error ? error.message : String(error);
    this.count++;
    this.warn([`error ${this.count} - ${message}`], origin);
    return `<< error ${this.count} - ${message} >>`;
  }

  /**
   * `var`'s result with what is undefined inside it marked where it sits (a list literal's item,
   * a dict entry), each marker warned where the variable that made it was written (else at the
   * expression), one warning for a run of them from the same place; or undefined when the
   * expression fails even so (an undefined value met by an operator marks the whole result).
   */
  markedExpression(expr: string, origin: SourceLocation): Data | undefined {
    const recorded: Array<[SourceLocation, string[]]> = [];
    const countBefore = this.count;
    const markError = (message: string, variableOrigin: SourceLocation | undefined): string => {
      this.count++;
      const where = variableOrigin ?? origin;
      const line = `error ${this.count} - ${message}`;
      const last = recorded.at(-1);
      if (last && sameLocation(last[0], where)) last[1].push(line);
      else recorded.push([where, [line]]);
      return `<< error ${this.count} - ${message} >>`;
    };
    let value: Data;
    try {
      value = this.ctx.templar.evaluateExpression(expr, this.ctx.vars, { origin, lookup: this.ctx.lookup, markError });
    } catch {
      this.count = countBefore;
      return undefined;
    }
    for (const [where, lines] of recorded) this.warn(lines, where);
    return value;
  }

  renderText(text: string, origin: SourceLocation): Data {
    const errors: string[] = [];
    // NOTE: 2.19 warns about each template apart: what a variable read here made undefined is
    // warned about where that variable was written (one warning for a run of them from the same
    // template), before this text's own errors.
    const read: Array<[SourceLocation, string[]]> = [];
    const markError = (message: string, variableOrigin: SourceLocation | undefined): string => {
      this.count++;
      const line = `error ${this.count} - ${message}`;
      const last = read.at(-1);
      if (!variableOrigin) errors.push(line);
      else if (last && sameLocation(last[0], variableOrigin)) last[1].push(line);
      else read.push([variableOrigin, [line]]);
      return `<< error ${this.count} - ${message} >>`;
    };
    let value: Data;
    try {
      value = this.ctx.templar.render(text, this.ctx.vars, { origin, markError, lookup: this.ctx.lookup });
    } finally {
      for (const [where, lines] of read) this.warn(lines, where);
    }
    this.warn(errors, origin);
    return value;
  }

  private warn(errors: string[], origin: SourceLocation): void {
    if (errors.length === 0) return;
    const count = errors.length === 1 ? '1 template error' : `${errors.length} template errors`;
    this.ctx.warn({ message: `Encountered ${count}.\n${errors.join('\n')}`, origin });
  }

  render(value: Data, container?: Map<DictKey, Data> | Data[], key?: DictKey): Data {
    // Data (a registered result) holds no templates, even where it shows `{{`.
    if ((value instanceof Map || Array.isArray(value)) && isUntrustedContainer(value)) return value;
    if (value instanceof Map) {
      const out = new Map<DictKey, Data>();
      for (const [k, item] of value) out.set(k, this.render(item, value, k));
      return out;
    }
    if (Array.isArray(value)) return value.map((item, i) => this.render(item, value, i));
    if (typeof value !== 'string' || !this.ctx.templar.isTemplate(value)) return value;
    const origin = (container && key !== undefined ? valueOrigin(container, key) : undefined) ?? this.ctx.step.task.argsLoc;
    return this.renderText(value, origin);
  }
}

const UNTRUSTED_HELP = 'Templates and expressions must be defined by trusted sources such as playbooks or roles, not untrusted sources such as module results.';

/**
 * NOTE: 2.19 renders a templated `var` first and evaluates the text it yields, which must be a
 * string. Text a template made is untrusted and never evaluated; a variable's own value, read
 * as it is (`{{ name }}`), keeps the trust of the playbook it came from.
 */
function varExpression(ctx: Parameters<Action>[0], written: string): string {
  if (!ctx.templar.isTemplate(written)) return written;
  const value = ctx.args.get('var');
  if (typeof value !== 'string') {
    throw new ActionFail(
      `argument 'var' is of type ${pyTypeName(value)} and we were unable to convert to _check_type_str_no_conversion: '${pyStr(value ?? null)}' is not a string and conversion is not allowed`,
    );
  }
  if (/^\{\{\s*[A-Za-z_][A-Za-z0-9_]*\s*\}\}$/.test(written)) return value;
  const untrusted = new TemplateError('template-untrusted', 'Encountered untrusted template or expression.', { location: varLocation(ctx) ?? ctx.step.task.argsLoc, hint: UNTRUSTED_HELP });
  throw TaskError.wrap({ message: 'Error while resolving `var` expression.', origin: varLocation(ctx) ?? ctx.step.task.argsLoc }, untrusted);
}

function varLocation(ctx: Parameters<Action>[0]): SourceLocation | undefined {
  const node = ctx.step.task.argsNode;
  if (!node || node.kind !== 'map') return undefined;
  const pair = node.pairs.find((p) => p.key.kind === 'scalar' && p.key.value === 'var');
  return pair?.value.loc;
}

function isUndefinedError(e: unknown): boolean {
  // NOTE: an undefined result is marked whatever its words ('No first item …'); a plugin's
  // failure fails the task even when its words are an undefined's ('has no attribute').
  if (e instanceof TemplateError && e.code === 'template-undefined') return true;
  if (e instanceof TemplateError && e.code === 'template-plugin') return false;
  return e instanceof Error && (/is undefined|has no attribute|has no element/.test(e.message));
}
