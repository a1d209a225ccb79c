/**
 * A play's vars_prompt: asked on the terminal when standard input is one, else each variable takes
 * its default, as ansible-core 2.19's playbook executor and display.do_var_prompt do.
 */
import { closeSync, openSync } from 'node:fs';
import { isDict, pyStr, UnsafeString, type Data, type DataDict } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';
import { valueOrigin } from '../core/value-origins.js';
import type { PlayNode } from '../playbook/model.js';
import { toBool } from '../run/keyword-values.js';
import { VolantError } from '../core/errors.js';
import { CryptError, passlibHash } from '../template/filters/ansible-crypt.js';
import { askSecret, readLine } from './ask-passwords.js';

let warnedNotInteractive = false;

/** How to ask: `out` shows a prompt or message; `interactive` says standard input is a terminal. */
export interface PromptIo {
  readonly interactive: boolean;
  readonly out: (text: string) => void;
  readonly warn: (message: string) => void;
}

/**
 * The answers of the play's vars_prompt: names given with -e are not asked; `render` templates an
 * entry's values with the play's variables (all entries first, before any question).
 */
export function promptAnswers(play: PlayNode, extraVars: DataDict, io: PromptIo, render: (value: Data, origin?: SourceLocation) => Data): DataDict {
  const kw = play.keywords.get('vars_prompt');
  const answers: DataDict = new Map();
  if (!kw || !Array.isArray(kw.value)) return answers;
  const entries = kw.value.map((entry) => (isDict(entry) ? new Map([...entry].map(([k, v]) => [k, render(v, valueOrigin(entry, k))])) : entry));
  for (const entry of entries) {
    if (!isDict(entry)) continue;
    const name = pyStr(entry.get('name') ?? '');
    if (extraVars.has(name)) continue;
    const given = entry.get('default');
    const fallback = given === undefined || given === null ? undefined : given;
    let answer: string | undefined;
    if (io.interactive) answer = askOnTerminal(name, entry, fallback, io);
    else if (!warnedNotInteractive) {
      warnedNotInteractive = true;
      io.warn('Not prompting as we are not in interactive mode');
    }
    // NOTE: ansible turns the answer into text, so a missing default is the string 'None'.
    let text = pyStr(!answer && fallback !== undefined ? fallback : (answer ?? null));
    const encrypt = entry.get('encrypt');
    if (encrypt !== undefined && encrypt !== null && encrypt !== '') text = encrypted(text, pyStr(encrypt), entry);
    answers.set(name, toBool(entry.get('unsafe') ?? false) ? new UnsafeString(text) : text);
  }
  return answers;
}

/** A listing or a syntax check asks nothing: 2.19 sets each prompted variable to its default (None without one). */
export function promptDefaults(play: PlayNode, extraVars: DataDict, render: (value: Data, origin?: SourceLocation) => Data): DataDict {
  const kw = play.keywords.get('vars_prompt');
  const defaults: DataDict = new Map();
  if (!kw || !Array.isArray(kw.value)) return defaults;
  for (const entry of kw.value) {
    if (!isDict(entry)) continue;
    const name = pyStr(render(entry.get('name') ?? '', valueOrigin(entry, 'name')));
    if (!extraVars.has(name)) defaults.set(name, render(entry.get('default') ?? null, valueOrigin(entry, 'default')));
  }
  return defaults;
}

/**
 * `encrypt`: the answer hashed as passlib would (`sha512_crypt` …), with `salt` or `salt_size`.
 * NOTE: 2.19 needs passlib for this; Volant computes the same hash itself.
 */
function encrypted(secret: string, algorithm: string, entry: DataDict): string {
  const salt = entry.get('salt');
  const saltSize = entry.get('salt_size');
  try {
    return passlibHash(algorithm, secret, {
      ...(salt !== undefined && salt !== null && salt !== '' ? { salt: pyStr(salt) } : {}),
      ...(saltSize !== undefined && saltSize !== null ? { saltSize: Number(saltSize) } : {}),
    });
  } catch (error) {
    if (error instanceof CryptError) throw new VolantError('VARS_PROMPT_ENCRYPT', error.message);
    throw error;
  }
}

function askOnTerminal(name: string, entry: DataDict, fallback: Data | undefined, io: PromptIo): string | undefined {
  const prompt = entry.has('prompt') ? pyStr(entry.get('prompt') ?? '') : name;
  const message = prompt && fallback !== undefined ? `${prompt} [${pyStr(fallback)}]: ` : prompt ? `${prompt}: ` : `input for ${name}: `;
  const hidden = toBool(entry.get('private') ?? true) ?? true;
  if (!(toBool(entry.get('confirm') ?? false) ?? false)) return askLine(message, hidden, io);
  for (;;) {
    const first = askLine(message, hidden, io);
    const second = askLine(`confirm ${message}`, hidden, io);
    if (first === second || first === undefined || second === undefined) return first;
    io.out('***** VALUES ENTERED DO NOT MATCH ****\n');
  }
}

/**
 * One answer from the terminal: a private one with echo off (getpass), else after the prompt on
 * stdout (input()); a line of standard input when there is no terminal to open.
 */
function askLine(message: string, hidden: boolean, io: PromptIo): string | undefined {
  if (hidden) {
    const secret = askSecret(message);
    if (secret !== undefined) return secret;
  } else {
    let tty: number | undefined;
    try {
      tty = openSync('/dev/tty', 'r');
    } catch {
      // no terminal to open: standard input below
    }
    if (tty !== undefined) {
      try {
        io.out(message);
        return readLine(tty);
      } finally {
        closeSync(tty);
      }
    }
  }
  io.out(message);
  return readLine(0);
}
