/**
 * Compiles the syntax tree into JS closures once per template text, so rendering is a walk of
 * pre-built functions with no tree dispatch. Semantics follow Jinja2 with Ansible 2.19's
 * environment (strict undefined, native single-node results).
 *
 * The compiler is split by concept: statement-compiler.ts ⊃ expression-compiler.ts ⊃
 * call-compiler.ts (calls, filters, tests); native-output.ts (how output nodes become the value),
 * template-inheritance.ts and template-module.ts (extends, blocks, imports), raw-containers.ts
 * (variables' lazy containers), required-plugins.ts (Jinja's compile-time plugin lookup).
 */
import type { Expr, Stmt } from './ast.js';
import type { CompiledTemplate, Frame } from './render-state.js';
import type { Value } from './runtime/py-object.js';
import type { StmtFn } from './call-compiler.js';
import { ExpressionCompiler } from './expression-compiler.js';
import { StatementCompiler } from './statement-compiler.js';
import { isMarkupExpression } from './markup-expressions.js';
import { checkRequiredPlugins } from './required-plugins.js';
import { passesValueThrough } from './value-passing.js';
import { operandOrigin } from './operand-tags.js';
import type { SourceLocation } from '../core/source-location.js';

/** Compiles a parsed template. */
export function compileTemplate(source: string, body: Stmt[]): CompiledTemplate {
  const c = new StatementCompiler();
  c.source = source;
  const compiled = c.stmts(body);
  const required = c.requiredPlugins;
  const runBody: StmtFn = required.length === 0 ? compiled : (f, out) => {
    checkRequiredPlugins(required);
    compiled(f, out);
  };
  const run: StmtFn = c.mutates
    ? (f, out) => {
        f.state.copyVariables();
        runBody(f, out);
      }
    : runBody;
  const only = body.length === 1 ? body[0] : undefined;
  const markupResult = only?.kind === 'print' && isMarkupExpression(only.expr);
  const passesValue = only?.kind === 'print' && passesValueThrough(only.expr);
  return { source, run, blocks: c.blocks, hasExtends: c.hasExtends, markupResult, ...(passesValue ? { passesValue } : {}) };
}

/** Compiles a bare expression (conditionals). */
export function compileExpression(expr: Expr, source?: string): (f: Frame) => Value {
  const c = new ExpressionCompiler();
  c.source = source;
  const compiled = c.expr(expr);
  const required = c.requiredPlugins;
  const run = required.length === 0 ? compiled : (f: Frame): Value => {
    checkRequiredPlugins(required);
    return compiled(f);
  };
  // A conditional that mutates a variable's list or dict works on copies too (see compileTemplate).
  if (!c.mutates) return run;
  return (f) => {
    f.state.copyVariables();
    return run(f);
  };
}


/**
 * Where the value an expression reads from a variable's list or dict (`item.value`, `d['a']`) was
 * written, read again after it ran: a conditional's "derived from value" names it, an int too.
 */
export function compileItemOrigin(expr: Expr): ((f: Frame) => SourceLocation | undefined) | undefined {
  if (expr.kind !== 'getattr' && expr.kind !== 'getitem') return undefined;
  const c = new ExpressionCompiler();
  return operandOrigin(expr, (x) => c.expr(x));
}
