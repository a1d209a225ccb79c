/**
 * The template errors of a task's name, shown in it as `<< error N - msg >>` and warned of as 2.19
 * does. NOTE: 2.19 renders the name once, turning each error into a numbered marker:
 * - a variable whose own template fails (recursion, a Python error) is rendered as it is first
 *   read, so its errors are numbered first, and once: read again it is the same text; a Python
 *   error there also leaves "template potentially truncated" after it;
 * - an undefined value, in the name or handed on by a variable, is numbered when the name's
 *   result is put together, after those, in the name's order;
 * - a Python error in the name itself ends it there (the rest of the name is dropped), numbered
 *   in the name's order, followed by "template potentially truncated".
 * One warning is shown per run of consecutive numbers that arose in the same template, at its
 * origin (the variable's definition, else the name).
 */
import { VolantError } from '../core/errors.js';
import { sameLocation, type SourceLocation } from '../core/source-location.js';
import type { Callback } from './events.js';

interface NameError {
  readonly message: string;
  readonly origin: SourceLocation | undefined;
}

const TRUNCATED = 'template potentially truncated';

export class NameErrors {
  /** Errors numbered as they were met (variables' own). */
  private readonly eager: NameError[] = [];
  /** Errors numbered when the name is put together, by placeholder. */
  private readonly deferred: NameError[] = [];
  /** The placeholders of each eager error's text, by its message and origin. */
  private readonly eagerText = new Map<string, string>();
  /** Set once an error ended the name. */
  ended = false;

  constructor(private readonly nameOrigin: SourceLocation | undefined) {}

  get count(): number {
    return this.eager.length + this.deferred.length;
  }

  /** Records an error of the name; the placeholder text it stands for in the name. */
  marker(err: unknown): string {
    const message = err instanceof Error ? err.message : String(err);
    const origin = err instanceof VolantError && err.location ? err.location : this.nameOrigin;
    const undefinedValue = err instanceof VolantError && err.code === 'template-undefined';
    const own = sameOrigin(origin, this.nameOrigin);
    if (!own && !undefinedValue) {
      const key = `${message}\uE000${origin ? `${origin.file}:${origin.line}:${origin.column}` : ''}`;
      let text = this.eagerText.get(key);
      if (text === undefined) {
        text = this.push(this.eager, 'e', { message, origin });
        if (!(err instanceof VolantError && err.code === 'template-recursion')) text += this.push(this.eager, 'e', { message: TRUNCATED, origin });
        this.eagerText.set(key, text);
      }
      return text;
    }
    let text = this.push(this.deferred, 'd', { message, origin });
    if (own && !undefinedValue) {
      text += this.push(this.deferred, 'd', { message: TRUNCATED, origin });
      this.ended = true;
    }
    return text;
  }

  /**
   * Records an undefined value of the name, numbered when the name is put together; the
   * "template potentially truncated" that follows one an operation met (`{{ x ~ 'a' }}`) ends
   * the name, as the operation raised.
   */
  undefinedValue(message: string, origin: SourceLocation | undefined): string {
    if (message === TRUNCATED) this.ended = true;
    return this.push(this.deferred, 'd', { message, origin: origin ?? this.nameOrigin });
  }

  /**
   * Records an undefined value a variable's own template put together with more text: numbered
   * as it is read, its marker is final text (the name's filters may still change it).
   */
  nested(message: string, origin: SourceLocation | undefined): string {
    // the name is rendered piece by piece after an error of its own: a variable read again is
    // the text its first read made, as within one render
    const where = origin ?? this.nameOrigin;
    const key = `${message}\uE000${where ? `${where.file}:${where.line}:${where.column}` : ''}`;
    let text = this.eagerText.get(key);
    if (text === undefined) {
      this.eager.push({ message, origin: where });
      text = `<< error ${this.eager.length} - ${message} >>`;
      this.eagerText.set(key, text);
    }
    return text;
  }

  /** Records an error of the whole name (it could not be compiled), shown in its place. */
  whole(message: string): string {
    return this.push(this.deferred, 'd', { message, origin: this.nameOrigin });
  }

  /** The name with its placeholders numbered. */
  finish(text: string): string {
    return text.replace(/\uE000([ed])(\d+)\uE000/g, (_m, kind: string, i: string) => {
      const n = (kind === 'e' ? 0 : this.eager.length) + Number(i) + 1;
      const e = (kind === 'e' ? this.eager : this.deferred)[Number(i)] as NameError;
      return `<< error ${n} - ${e.message} >>`;
    });
  }

  warn(callback: Callback): void {
    const all = [...this.eager, ...this.deferred];
    let start = 0;
    for (let i = 1; i <= all.length; i++) {
      const first = all[start] as NameError;
      if (i < all.length && sameOrigin((all[i] as NameError).origin, first.origin)) continue;
      const group = all.slice(start, i);
      const lines = group.map((e, k) => `error ${start + k + 1} - ${e.message}`).join('\n');
      callback.warning?.({ message: `Encountered ${group.length} template error${group.length === 1 ? '' : 's'}.\n${lines}`, ...(first.origin ? { origin: first.origin } : {}) });
      start = i;
    }
  }

  private push(list: NameError[], kind: string, e: NameError): string {
    list.push(e);
    return `\uE000${kind}${list.length - 1}\uE000`;
  }
}

function sameOrigin(a: SourceLocation | undefined, b: SourceLocation | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && sameLocation(a, b));
}
