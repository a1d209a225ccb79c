/**
 * The Jinja2 syntax tree. Expressions and statements are plain records discriminated by `kind`;
 * `pos` is the offset in the template source (line and column are computed only for errors).
 */
import type { Data } from '../core/data.js';

export type Expr =
  | { kind: 'const'; value: Data; pos: number }
  | { kind: 'name'; name: string; pos: number }
  | { kind: 'list'; items: Expr[]; pos: number }
  | { kind: 'tuple'; items: Expr[]; pos: number }
  | { kind: 'dict'; items: [Expr, Expr][]; pos: number }
  | { kind: 'getattr'; obj: Expr; attr: string; pos: number }
  | { kind: 'getitem'; obj: Expr; key: Expr; pos: number }
  | { kind: 'slice'; start: Expr | null; stop: Expr | null; step: Expr | null; pos: number }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr; pos: number }
  | { kind: 'unary'; op: 'not' | '-' | '+'; operand: Expr; pos: number }
  | { kind: 'and' | 'or'; left: Expr; right: Expr; pos: number }
  | { kind: 'concat'; items: Expr[]; pos: number }
  | { kind: 'compare'; first: Expr; ops: [CompareOp, Expr][]; pos: number }
  | { kind: 'cond'; test: Expr; then: Expr; else: Expr | null; pos: number }
  | { kind: 'call'; callee: Expr; args: Expr[]; kwargs: [string, Expr][]; star: Expr | null; dstar: Expr | null; pos: number }
  | { kind: 'filter'; name: string; value: Expr | null; args: Expr[]; kwargs: [string, Expr][]; star: Expr | null; dstar: Expr | null; pos: number }
  | { kind: 'test'; name: string; value: Expr; args: Expr[]; kwargs: [string, Expr][]; star: Expr | null; dstar: Expr | null; negate: boolean; pos: number };

export type BinaryOp = '+' | '-' | '*' | '/' | '//' | '%' | '**';
export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'notin';

/** An assignment target: a name, or a tuple of targets (`for k, v in …`), or `ns.attr` in `set`. */
export type Target = { kind: 'name'; name: string } | { kind: 'tuple'; items: Target[] } | { kind: 'nsattr'; name: string; attr: string };

export interface MacroDef {
  name: string;
  params: string[];
  defaults: (Expr | null)[];
  body: Stmt[];
  pos: number;
}

export type Stmt =
  | { kind: 'output'; data: string }
  | { kind: 'print'; expr: Expr; pos: number }
  | { kind: 'if'; test: Expr; body: Stmt[]; orelse: Stmt[]; pos: number }
  | { kind: 'for'; target: Target; iter: Expr; body: Stmt[]; orelse: Stmt[]; filter: Expr | null; recursive: boolean; pos: number }
  | { kind: 'set'; target: Target; expr: Expr; pos: number }
  | { kind: 'setblock'; target: Target; body: Stmt[]; filters: Expr | null; pos: number }
  | { kind: 'macro'; def: MacroDef }
  | { kind: 'callblock'; call: Expr; def: MacroDef; pos: number }
  | { kind: 'filterblock'; filter: Expr; body: Stmt[]; pos: number }
  | { kind: 'with'; targets: [Target, Expr][]; body: Stmt[]; pos: number }
  /** `{% autoescape expr %}`: a scope whose setting native rendering ignores (nothing is escaped). */
  | { kind: 'autoescape'; setting: Expr; body: Stmt[]; pos: number }
  | { kind: 'block'; name: string; body: Stmt[]; scoped: boolean; pos: number }
  | { kind: 'extends'; template: Expr; pos: number }
  | { kind: 'include'; template: Expr; ignoreMissing: boolean; withContext: boolean; pos: number }
  | { kind: 'import'; template: Expr; target: string; withContext: boolean; pos: number }
  | { kind: 'fromimport'; template: Expr; names: [string, string][]; withContext: boolean; pos: number };
