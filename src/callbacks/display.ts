import type { DeprecationEvent, DisplayEvent } from '../run/events.js';
import { displayColumns, formatBanner } from './format/banner.js';
import { colorTable, stringc, type ColorRole, type ColorTable } from './format/colors.js';
import { deprecationMessage, formatEvent } from './format/event-message.js';
import type { SourceReader } from './format/source-context.js';
import type { CallbackOptions } from './callback-options.js';
import { readSourceFile } from './read-source-file.js';
import { logLevel, type LogSink } from './log-file.js';

/** How a message goes out: ansible's display() arguments. */
export interface DisplayOptions {
  color?: ColorRole;
  stderr?: boolean;
  /** Not in the log file (ansible's screen_only). */
  screenOnly?: boolean;
  /** Only in the log file (ansible's log_only). */
  logOnly?: boolean;
  /** ansible's caplevel: -1 error, -2 warning (the log record's level). */
  caplevel?: number;
}

/**
 * What ansible's `Display` does for a callback: writes lines to stdout or stderr, colours them
 * (each line separately), draws banners, and shows each distinct warning, deprecation and error
 * only once per run.
 */
export class Display {
  readonly verbosity: number;
  readonly columns: number;
  private readonly color: boolean;
  private readonly colors: ColorTable;
  private readonly out: (text: string) => void;
  private readonly err: (text: string) => void;
  private readonly readSource: SourceReader;
  private readonly deprecationWarnings: boolean;
  private readonly seenWarnings = new Set<string>();
  private readonly seenDeprecations = new Set<string>();
  private readonly seenErrors = new Set<string>();
  private readonly log: LogSink | undefined;

  constructor(options: CallbackOptions) {
    this.verbosity = options.verbosity;
    this.columns = displayColumns(options.columns);
    this.color = options.color;
    this.colors = colorTable(options.colors);
    this.out = options.out;
    this.err = options.err;
    // A run shows many blocks from the same few files: read each once.
    const read = options.readSource ?? readSourceFile;
    const cache = new Map<string, string | undefined>();
    this.readSource = (file) => {
      if (!cache.has(file)) cache.set(file, read(file));
      return cache.get(file);
    };
    this.deprecationWarnings = options.deprecationWarnings ?? true;
    this.log = options.log;
  }

  /** ansible's `Display.display`: CRLF to LF, colour without the final newline, always end in one. */
  display(text: string, options: DisplayOptions = {}): void {
    const nocolor = text.replace(/\r\n/g, '\n');
    if (!options.logOnly) {
      let msg = nocolor.endsWith('\n') ? nocolor.slice(0, -1) : nocolor;
      if (options.color && this.color) msg = stringc(msg, this.colors[options.color]);
      (options.stderr ? this.err : this.out)(`${msg}\n`);
    }
    if (this.log && !options.screenOnly) this.log.record(logLevel(options.caplevel), nocolor);
  }

  /** Whether there is a log file (callbacks that show a coloured line log a plain one). */
  get logging(): boolean {
    return this.log !== undefined;
  }

  banner(message: string, color?: ColorRole): void {
    this.display(formatBanner(message, this.columns), { color });
  }

  /** Text in a colour when colour is on (the recap colours single fields). */
  colorize(text: string, color: ColorRole): string {
    return this.color ? stringc(text, this.colors[color]) : text;
  }

  get colorEnabled(): boolean {
    return this.color;
  }

  formatEvent(event: DisplayEvent): string {
    return formatEvent(event, this.readSource);
  }

  warning(event: string | DisplayEvent): void {
    const body = typeof event === 'string' ? formatEvent({ message: event }, this.readSource) : this.formatEvent(event);
    const msg = `[WARNING]: ${body}`;
    if (this.seenWarnings.has(msg)) return;
    this.seenWarnings.add(msg);
    this.display(msg, { color: 'warn', stderr: true, caplevel: -2 });
  }

  deprecated(event: string | DeprecationEvent): void {
    if (!this.deprecationWarnings) return;
    this.warning('Deprecation warnings can be disabled by setting `deprecation_warnings=False` in ansible.cfg.');
    const dep: DeprecationEvent = typeof event === 'string' ? { message: event } : event;
    const msg = `[DEPRECATION WARNING]: ${this.formatEvent({ ...dep, message: deprecationMessage(dep) })}`;
    if (this.seenDeprecations.has(msg)) return;
    this.seenDeprecations.add(msg);
    this.display(msg, { color: 'deprecate', stderr: true });
  }

  error(event: DisplayEvent, stderr = false): void {
    const msg = `[ERROR]: ${this.formatEvent(event)}`;
    if (this.seenErrors.has(msg)) return;
    this.seenErrors.add(msg);
    this.display(msg, { color: 'error', stderr, caplevel: -1 });
  }
}
