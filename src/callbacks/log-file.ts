/**
 * ansible's log file (`[defaults] log_path`, ANSIBLE_LOG_PATH): every message the display shows,
 * uncoloured, one record each, as Python's logging writes them for the `ansible` logger:
 *
 *   2026-11-30 08:09:16,337 p=18800 u=root n=ansible INFO| PLAY [localhost] ****
 *
 * A record is the message with its leading newlines removed, then a newline (a message that ends
 * in one leaves a blank line, as in ansible's file). Records are appended and written at once, so
 * a run that dies leaves what it showed.
 */
import { closeSync, constants, existsSync, openSync, statSync, writeSync } from 'node:fs';
import { canAccess } from '../core/fs-kinds.js';
import { userInfo } from 'node:os';
import { dirname } from 'node:path';

export type LogLevel = 'DEBUG' | 'INFO' | 'WARNING' | 'ERROR';

export interface LogSink {
  record(level: LogLevel, message: string): void;
}

/**
 * ansible's Display._log level: by caplevel (-1 error, -2 warning, -3 debug); any other message,
 * verbose ones included, is INFO (the colour table only matters at caplevel 0, and maps the
 * verbose colour to INFO too).
 */
export function logLevel(caplevel: number | undefined): LogLevel {
  if (caplevel === -1) return 'ERROR';
  if (caplevel === -2) return 'WARNING';
  if (caplevel === -3) return 'DEBUG';
  return 'INFO';
}

/** Text without its SGR colour sequences (ESC [ digits and semicolons m): what ansible logs. */
export function withoutColor(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text.charCodeAt(i) === 27 && text[i + 1] === '[') {
      let j = i + 2;
      while (j < text.length && /[0-9;]/.test(text[j] as string)) j++;
      if (text[j] === 'm') {
        i = j + 1;
        continue;
      }
    }
    out += text[i];
    i++;
  }
  return out;
}

/** getpass.getuser(): LOGNAME, USER, LNAME, USERNAME, then the password database. */
export function logUser(env: NodeJS.ProcessEnv): string {
  for (const name of ['LOGNAME', 'USER', 'LNAME', 'USERNAME']) {
    const value = env[name];
    if (value) return value;
  }
  try {
    return userInfo().username;
  } catch {
    return `uid=${process.getuid?.() ?? 0}`;
  }
}

/** logging's `%(asctime)s`: local time, milliseconds after a comma. */
export function logTimestamp(date: Date): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  const day = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  const time = `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
  return `${day} ${time},${String(date.getMilliseconds()).padStart(3, '0')}`;
}

export class LogFile implements LogSink {
  private readonly prefix: string;

  constructor(
    private readonly fd: number,
    user: string,
    pid: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.prefix = ` p=${pid} u=${user} n=ansible `;
  }

  record(level: LogLevel, message: string): void {
    const text = message.replace(/\r\n/g, '\n').replace(/^\n+/, '');
    writeSync(this.fd, `${logTimestamp(this.now())}${this.prefix}${level}| ${text}\n`);
  }

  close(): void {
    closeSync(this.fd);
  }
}

/**
 * The log file of a run, or undefined without one. As ansible at start: a path that exists and
 * may be written, or whose folder may be written, is opened for appending; a folder, or a path
 * that cannot be written, is a warning line on stderr (printed as is, not through the display)
 * and the run goes on without a log.
 */
export function openLogFile(path: string | undefined, env: NodeJS.ProcessEnv, warn: (line: string) => void): LogFile | undefined {
  if (!path) return undefined;
  if (!(writable(path) || writable(dirname(path)))) {
    warn(`[WARNING]: log file at '${path}' is not writeable and we cannot create it, aborting\n\n`);
    return undefined;
  }
  if (existsSync(path) && statSync(path).isDirectory()) {
    warn(`[WARNING]: DEFAULT_LOG_PATH can not be a directory '${path}', aborting\n`);
    return undefined;
  }
  return new LogFile(openSync(path, 'a'), logUser(env), process.pid);
}

function writable(path: string): boolean {
  return canAccess(path, constants.W_OK);
}
