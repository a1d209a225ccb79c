/**
 * The connection and become passwords from the command line, as ansible's CLI.ask_passwords:
 * `-k` / `-K` ask on the terminal (no echo), `--connection-password-file` /
 * `--become-password-file` read a file (`-` is stdin; an executable file is run, its output is
 * the password). Variables (ansible_password, ansible_become_password) still win over these.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, constants, existsSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { canAccess } from '../core/fs-kinds.js';
import { resolve } from 'node:path';
import { VolantError } from '../core/errors.js';
import type { ParsedArgs } from './argv.js';

export interface CliPasswords {
  readonly connection?: string;
  readonly become?: string;
}

/** `promptName`: BECOME (agnostic_become_prompt, the default) or the become method in capitals. */
export function askPasswords(args: ParsedArgs, cwd: string, promptName: string): CliPasswords {
  let connection: string | undefined;
  let become: string | undefined;
  let becomePrompt = `${promptName} password: `;
  if (args.askPass) {
    connection = askSecret('SSH password: ');
    becomePrompt = `${promptName} password[defaults to SSH password]: `;
  } else if (typeof args.connectionPasswordFile === 'string') {
    connection = passwordFromFile(args.connectionPasswordFile, cwd);
  }
  if (args.askBecomePass) {
    become = askSecret(becomePrompt);
    if (args.askPass && become === '') become = connection;
  } else if (typeof args.becomePasswordFile === 'string') {
    become = passwordFromFile(args.becomePasswordFile, cwd);
  }
  return { ...(connection !== undefined ? { connection } : {}), ...(become !== undefined ? { become } : {}) };
}

function passwordFromFile(file: string, cwd: string): string {
  let secret: Buffer;
  if (file === '-') {
    secret = readFileSync(0);
  } else {
    const path = resolve(cwd, file);
    if (!existsSync(path)) throw new VolantError('PASSWORD_FILE', `The password file ${file} was not found`);
    if (isExecutable(path)) {
      const run = spawnSync(path, [], { encoding: 'buffer' });
      if (run.error) {
        throw new VolantError('PASSWORD_FILE', `Problem occurred when trying to run the password script ${file} (${run.error.message}). If this is not a script, remove the executable bit from the file.`);
      }
      if (run.status !== 0) throw new VolantError('PASSWORD_FILE', `The password script ${file} returned an error (rc=${run.status}): ${run.stderr.toString('utf8')}`);
      secret = run.stdout;
    } else {
      try {
        secret = Buffer.from(readFileSync(path, 'latin1').replace(/^[ \t\n\r\v\f]+|[ \t\n\r\v\f]+$/g, ''), 'latin1');
      } catch (e) {
        throw new VolantError('PASSWORD_FILE', `Could not read password file '${file}'.`, { cause: e });
      }
    }
  }
  const text = secret.toString('utf8').replace(/^[\r\n]+|[\r\n]+$/g, '');
  if (text === '') throw new VolantError('PASSWORD_FILE', `Empty password was provided from file (${file})`);
  return text;
}

function isExecutable(path: string): boolean {
  return canAccess(path, constants.X_OK);
}

/**
 * A vault password prompt (--ask-vault-pass, --vault-id label@prompt): the answer from the
 * terminal, or (getpass's fallback without one) a line of standard input after the prompt on
 * stderr; undefined at the end of input.
 */
export function askVaultPassword(prompt: string): string | undefined {
  return askSecret(prompt) ?? lineFromStdin(prompt);
}

/** One line from a file descriptor, read a byte at a time (no more than the line); undefined at EOF. */
export function readLine(fd: number): string | undefined {
  const bytes: number[] = [];
  const one = Buffer.alloc(1);
  let got = 0;
  try {
    while ((got = readSync(fd, one, 0, 1, null)) === 1 && one[0] !== 0x0a) bytes.push(one[0] as number);
  } catch {
    got = 0;
  }
  if (got !== 1 && bytes.length === 0) return undefined;
  return Buffer.from(bytes).toString('utf8').replace(/\r$/, '');
}

function lineFromStdin(prompt: string): string | undefined {
  process.stderr.write(`Warning: Password input may be echoed.\n${prompt}`);
  const line = readLine(0);
  if (line !== undefined) process.stderr.write('\n');
  return line;
}

/** getpass: the prompt and the answer on the terminal, echo off; undefined without a terminal. */
export function askSecret(prompt: string): string | undefined {
  let tty: number;
  try {
    tty = openSync('/dev/tty', 'r+');
  } catch {
    return undefined;
  }
  try {
    // NOTE: echo goes off before the prompt shows, so an answer typed at once is not echoed.
    spawnSync('stty', ['-echo'], { stdio: [tty, 'ignore', 'ignore'] });
    writeSync(tty, prompt);
    const answer = readLine(tty) ?? '';
    writeSync(tty, '\n');
    return answer;
  } finally {
    spawnSync('stty', ['echo'], { stdio: [tty, 'ignore', 'ignore'] });
    closeSync(tty);
  }
}
