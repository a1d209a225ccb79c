/**
 * What the plugin helper asks the controller while a plugin runs — a variable (as a lookup's
 * `variables` or a pass_context filter's context reads it), a rendered template, a file of the
 * search path — and what its Display shows: the answers, as reply lines.
 */
import type { TemplateWarning } from '../template/api.js';
import { findFileInSearchPath, type SearchKind } from '../template/lookups/search-path.js';
import type { PluginContext } from '../template/plugin.js';
import { toWire } from './wire-values.js';

/** The run's display, for what plugins show outside a template's warnings. */
export interface PluginDisplay {
  /** Warnings printed when plugin files are loaded. */
  warn(message: string): void;
  /** `Display.display()` and the verbose messages (`Display.vvv()` at `verbosity` 3). */
  display?(text: string, options: { verbosity: number; stderr: boolean }): void;
  /** The run's -v count (`Display.verbosity`). */
  readonly verbosity?: number;
}

/**
 * A variable as a pass_context filter reads it from Jinja's context: its value rendered, or null
 * when there is none.
 */
function contextValue(ctx: PluginContext, name: string): string {
  if (!ctx.vars.has(name)) return '{"r":null}';
  const value = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? ctx.renderString(`{{ ${name} }}`) : (ctx.vars.get(name) ?? null);
  return `{"r":{"v":${toWire(value)}}}`;
}

/** The answer to what the helper's Display asks (shown text, the -v count), or undefined. */
export function displayAnswer(display: PluginDisplay, q: Record<string, unknown>, warn: (message: string) => void): string | undefined {
  if (typeof q.warn === 'string') {
    warn(q.warn);
    return '{"r":null}';
  }
  if (typeof q.display === 'string') {
    display.display?.(q.display, { verbosity: typeof q.verbosity === 'number' ? q.verbosity : 0, stderr: q.stderr === true });
    return '{"r":null}';
  }
  if (q.verbosity === true) return `{"r":${display.verbosity ?? 0}}`;
  return undefined;
}

/** The controller's answer to a question the helper asks while a plugin runs, as a reply line. */
export function answer(ctx: PluginContext, display: PluginDisplay, question: unknown): string {
  const q = question as Record<string, unknown>;
  const shown = displayAnswer(display, q, (message) => ctx.warn?.({ kind: 'warning', message }));
  if (shown !== undefined) return shown;
  try {
    if (typeof q.var === 'string') {
      return ctx.vars.has(q.var) ? `{"r":{"v":${toWire(ctx.vars.get(q.var) ?? null)}}}` : '{"r":null}';
    }
    if (q.varnames === true) return `{"r":${JSON.stringify([...ctx.vars.keys()])}}`;
    if (typeof q.value === 'string') return contextValue(ctx, q.value);
    if (typeof q.render === 'string') return `{"r":${toWire(ctx.renderString(q.render))}}`;
    if (typeof q.find === 'string') {
      const found = findFileInSearchPath(ctx, String(q.subdir) as SearchKind, q.find);
      return `{"r":${JSON.stringify(found ?? null)}}`;
    }
    if (q.basedir === true) return `{"r":${JSON.stringify(ctx.lookup?.baseDir ?? process.cwd())}}`;
    if (typeof q.deprecate === 'string') {
      const warning: TemplateWarning = { kind: 'deprecation', message: q.deprecate, ...(typeof q.version === 'string' ? { version: q.version } : {}) };
      ctx.warn?.(warning);
      return '{"r":null}';
    }
    return `{"e":${JSON.stringify(`unknown question ${JSON.stringify(question)}`)}}`;
  } catch (error) {
    return `{"e":${JSON.stringify(error instanceof Error ? error.message : String(error))}}`;
  }
}
