import { VolantError } from '../../core/errors.js';
import type { DisplayEvent } from '../../run/events.js';
import { readSourceFile } from '../read-source-file.js';
import { DEFAULT_COLORS, stringc, type ColorRole } from './colors.js';
import { formatEvent } from './event-message.js';
import type { SourceReader } from './source-context.js';

export interface ErrorBlockOptions {
  /** Colour the block red, line by line, as ansible does on a terminal. */
  readonly color?: boolean;
  /** How the source lines are read (default: the file system). */
  readonly readSource?: SourceReader;
  /** The label before the message (default `[ERROR]`; `[WARNING]` for warnings). */
  readonly label?: string;
  /** The `[colors]` settings (error, warn, deprecate) in place of ansible's defaults. */
  readonly colors?: Partial<Record<ColorRole, string>>;
}

/** ansible's colours: errors red, warnings bright purple, deprecations purple. */
function labelColor(label: string, colors: Partial<Record<ColorRole, string>> = {}): string {
  if (label.startsWith('[DEPRECATION')) return colors.deprecate ?? DEFAULT_COLORS.deprecate;
  if (label.startsWith('[WARNING')) return colors.warn ?? DEFAULT_COLORS.warn;
  return colors.error ?? DEFAULT_COLORS.error;
}

/** A VolantError (and the VolantErrors that caused it) as the event ansible would display. */
export function errorEvent(error: VolantError): DisplayEvent {
  const cause = error.cause instanceof VolantError ? errorEvent(error.cause) : undefined;
  return {
    message: error.message,
    ...(error.location ? { origin: error.location } : {}),
    ...(error.context !== undefined ? { context: error.context } : {}),
    ...(error.hint ? { help: error.hint } : {}),
    ...(cause ? { cause } : {}),
    // A cause raised while handling another error (a keyword's conversion) shows as a block of its own.
    ...((error as VolantError & { whileHandling?: boolean }).whileHandling ? { whileHandling: true } : {}),
  };
}

/**
 * The block ansible-core 2.19 prints for an error: `[ERROR]: message`, `Origin: file:line:col`,
 * the numbered source lines with the `^ column N` marker, the hint, and a blank line when the
 * block has several lines. The CLI writes it to stderr for YAML and parse errors.
 */
export function formatErrorBlock(error: VolantError | DisplayEvent, options: ErrorBlockOptions = {}): string {
  const event = error instanceof VolantError ? errorEvent(error) : error;
  let text = `${options.label ?? '[ERROR]'}: ${formatEvent(event, options.readSource ?? readSourceFile)}`;
  if (options.color) text = stringc(text.slice(0, -1), labelColor(options.label ?? '[ERROR]', options.colors)) + '\n';
  return text;
}
