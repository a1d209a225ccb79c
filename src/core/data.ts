/**
 * Volant's value model: the values Ansible's variables, module results and templates hold, with
 * Python's distinctions kept. One rule per type, so every stage agrees:
 *
 *  - None is `null`; True/False are booleans.
 *  - An int is a JS `number` (always integral) while it is exact (|n| ≤ 2^53 − 1), else a JS
 *    `bigint` (Python ints have no limit): `intOf` keeps that one form. A float is always a
 *    `PyFloat`, even 3.0, so `6 / 2` can print `3.0` as Python does.
 *  - A str is a JS string. A `!unsafe` string is an `UnsafeString` (never templated).
 *  - A `!vault` string is a `VaultString` until decrypted.
 *  - A list is an array; a tuple is an array registered with `markTuple`.
 *  - A dict is a `Map`, keeping insertion order (JS objects reorder integer-like keys).
 */
export class PyFloat {
  constructor(readonly value: number) {}
  valueOf(): number {
    return this.value;
  }
}

export class UnsafeString {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export class VaultString {
  /**
   * Opens vault text with the run's secrets (set once by the CLI): vault secrets are global to a
   * run, as in ansible, and every stage that meets a `!vault` value needs them. `origin` names
   * where the value was written, for the -vvvv trace.
   */
  static opener: ((ciphertext: string, origin?: string) => string | undefined) | undefined;
  /** Why a value no secret opens cannot be used (ansible's words; the run's secrets decide). */
  static unopenedReason = 'Attempting to decrypt but no vault secrets found.';
  /** -vvvv: the opener traces each decryption, so a value is opened again where 2.19 would (see reveal). */
  static traced = false;
  /** The worker (one task on one host) running now; undefined on the controller. Set by the runner. */
  static worker: () => object | undefined = () => undefined;

  /** Why the text could not be read as vault text, once an opener has thrown (a format error). */
  openError: Error | undefined;
  /** Where it was opened: a worker, or ON_CONTROLLER. */
  private openedIn: object | undefined;

  /** `plaintext` is filled once a vault secret has opened it; `origin`: file:line:column of its tag. */
  constructor(
    readonly ciphertext: string,
    public plaintext?: string,
    readonly origin?: string,
  ) {}

  /** The decrypted text, or undefined when no secret opens it (or the text is malformed: openError). */
  reveal(): string | undefined {
    if (this.openError !== undefined || !VaultString.opener) return this.plaintext;
    const here = VaultString.traced ? (VaultString.worker() ?? ON_CONTROLLER) : undefined;
    if (this.plaintext !== undefined) {
      // NOTE: 2.19 decrypts a value where it is used and keeps it there: in a worker forked for one
      // task on one host, unless the controller (whose copy each worker inherits) opened it first.
      if (here === undefined || this.openedIn === undefined || this.openedIn === ON_CONTROLLER || this.openedIn === here) return this.plaintext;
      VaultString.opener(this.ciphertext, this.origin);
      this.openedIn = here;
      return this.plaintext;
    }
    try {
      this.plaintext = VaultString.opener(this.ciphertext, this.origin);
      this.openedIn = here;
    } catch (e) {
      this.openError = e instanceof Error ? e : new Error(String(e));
    }
    return this.plaintext;
  }
}

const ON_CONTROLLER: object = {};

export type DictKey = string | number | boolean | null;
/**
 * A `datetime.date` or `datetime.datetime` that PyYAML built from a YAML 1.1 timestamp
 * (`2024-01-02`, `2024-01-02 10:30:00`), or a `datetime.time` (TOML's local time, `07:32:00`).
 * `text` is Python's str() of it.
 */
export class PyDate {
  constructor(
    readonly kind: 'date' | 'datetime' | 'time',
    readonly text: string,
  ) {}

  /** isoformat(): what Ansible's JSON encoder writes (`T` between date and time). */
  isoformat(): string {
    return this.kind === 'datetime' ? this.text.replace(' ', 'T') : this.text;
  }

  /** The number attributes (year … microsecond; a date has the first three, a time the last four), as Python names them. */
  fields(): Map<string, number> {
    if (this.kind === 'time') {
      const t = /^(\d+):(\d+):(\d+)(?:\.(\d+))?/.exec(this.text) ?? [];
      return new Map(TIME_FIELDS.map((name, i) => [name, Number(t[i + 1] ?? 0)]));
    }
    const m = /^(\d+)-(\d+)-(\d+)(?: (\d+):(\d+):(\d+)(?:\.(\d+))?)?/.exec(this.text) ?? [];
    const names = this.kind === 'date' ? DATE_FIELDS : DATETIME_FIELDS;
    return new Map(names.map((name, i) => [name, Number(m[i + 1] ?? 0)]));
  }

  /** Python's repr(): `datetime.date(2024, 1, 2)`, `datetime.datetime(2024, 1, 2, 10, 30)`, `datetime.time(7, 32)`. */
  repr(): string {
    if (this.kind === 'time') return `datetime.time(${withoutZeroTail([...this.fields().values()]).join(', ')})`;
    const [y, mo, d, ...time] = [...this.fields().values()];
    if (this.kind === 'date') return `datetime.date(${y}, ${mo}, ${d})`;
    const tz = /[-+]\d\d:\d\d$/.exec(this.text)?.[0];
    return `datetime.datetime(${[y, mo, d, ...withoutZeroTail(time)].join(', ')}${tz === undefined ? '' : `, tzinfo=${timezoneRepr(tz)}`})`;
  }

  toString(): string {
    return this.text;
  }
}

const DATE_FIELDS = ['year', 'month', 'day'];
const TIME_FIELDS = ['hour', 'minute', 'second', 'microsecond'];
const DATETIME_FIELDS = [...DATE_FIELDS, ...TIME_FIELDS];

/** hour, minute, second, microsecond as Python's repr lists them: trailing zero seconds and microseconds left out (never hours and minutes). */
function withoutZeroTail(time: number[]): number[] {
  const out = [...time];
  while (out.length > 2 && out[out.length - 1] === 0) out.pop();
  return out;
}

function timezoneRepr(offset: string): string {
  const sign = offset.startsWith('-') ? -1 : 1;
  const seconds = sign * (Number(offset.slice(1, 3)) * 3600 + Number(offset.slice(4, 6)) * 60);
  if (seconds === 0) return 'datetime.timezone.utc';
  const days = Math.floor(seconds / 86400);
  const rest = seconds - days * 86400;
  return `datetime.timezone(datetime.timedelta(${days === 0 ? '' : `days=${days}, `}seconds=${rest}))`;
}

export type Data = null | boolean | number | bigint | PyFloat | string | UnsafeString | VaultString | PyDate | Data[] | DataDict;
export type DataDict = Map<DictKey, Data>;

const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER);

/** A Python int in Volant's one form for it: a number when exact, else a bigint. */
export function intOf(n: bigint): number | bigint {
  return n <= MAX_EXACT && n >= -MAX_EXACT ? Number(n) : n;
}

/**
 * Python's `int(digits, radix)` on digits already checked (no sign, no prefix): exact at any size.
 */
export function intFromDigits(digits: string, radix: 2 | 8 | 10 | 16): number | bigint {
  const n = parseInt(digits, radix);
  if (Number.isSafeInteger(n)) return n;
  const prefix = radix === 2 ? '0b' : radix === 8 ? '0o' : radix === 16 ? '0x' : '';
  return intOf(BigInt(prefix + digits));
}

const tuples = new WeakSet<readonly unknown[]>();

export function markTuple<T extends unknown[]>(items: T): T {
  tuples.add(items);
  return items;
}

export function isTuple(value: unknown): boolean {
  return Array.isArray(value) && tuples.has(value);
}

export function isDict(value: unknown): value is DataDict {
  return value instanceof Map;
}

export function isFloat(value: unknown): value is PyFloat {
  return value instanceof PyFloat;
}

export function isStringLike(value: unknown): value is string | UnsafeString {
  return typeof value === 'string' || value instanceof UnsafeString;
}

/** A plain JS string for any string-like value. */
export function textOf(value: string | UnsafeString | VaultString): string {
  if (typeof value === 'string') return value;
  if (value instanceof UnsafeString) return value.value;
  return value.reveal() ?? value.ciphertext;
}

export function dict(entries: Iterable<readonly [DictKey, Data]> = []): DataDict {
  return new Map(entries);
}

/** Builds a dict from a plain object (test and literal convenience; keys stay strings). */
export function dictOf(object: Record<string, Data>): DataDict {
  return new Map(Object.entries(object));
}

/** Python's type name, as `type_debug` and error messages print it. */
/**
 * A template runtime object (a `range()`, a namespace …) that reached code working on data: what it
 * says of itself. Core does not know those classes; they name their type and their repr.
 */
function runtimeObject(value: unknown): { readonly typeName: string; repr(): string; str?(): string; toText?(): string; readonly length?: number } | undefined {
  if (typeof value !== 'object' || value === null || value instanceof Map || Array.isArray(value)) return undefined;
  const candidate = value as { typeName?: unknown; repr?: unknown };
  return typeof candidate.typeName === 'string' && typeof candidate.repr === 'function' ? (value as ReturnType<typeof runtimeObject>) : undefined;
}

export function pyTypeName(value: Data | undefined): string {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number' || typeof value === 'bigint') return 'int';
  if (value instanceof PyFloat) return 'float';
  if (typeof value === 'string' || value instanceof UnsafeString) return 'str';
  if (value instanceof VaultString) return 'str';
  if (value instanceof PyDate) return value.kind;
  if (Array.isArray(value)) return isTuple(value) ? 'tuple' : 'list';
  return runtimeObject(value)?.typeName ?? 'dict';
}

/** Python truthiness. */
export function truthy(value: Data | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  // A bigint is never zero (intOf keeps small ints as numbers).
  if (typeof value === 'bigint') return true;
  if (value instanceof PyFloat) return value.value !== 0;
  if (typeof value === 'string') return value.length > 0;
  if (value instanceof UnsafeString) return value.value.length > 0;
  if (value instanceof VaultString) return textOf(value).length > 0;
  if (value instanceof PyDate) return true;
  if (Array.isArray(value)) return value.length > 0;
  const object = runtimeObject(value);
  // NOTE: as Python's: an object is true unless it has a length of 0 (an empty range)
  if (object !== undefined) return typeof object.length === 'number' ? object.length > 0 : true;
  return value.size > 0;
}

/** Python `==` on data: 1 == 1.0 == True, deep for lists and dicts (dict order ignored). */
export function pyEquals(a: Data | undefined, b: Data | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (a instanceof PyDate || b instanceof PyDate) return a instanceof PyDate && b instanceof PyDate && a.kind === b.kind && a.text === b.text;
  const na = numericValue(a);
  const nb = numericValue(b);
  if (na !== undefined || nb !== undefined) return na !== undefined && nb !== undefined && na === nb;
  if (isStringLike(a) || a instanceof VaultString) {
    return (isStringLike(b) || b instanceof VaultString) && textOf(a) === textOf(b);
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length || isTuple(a) !== isTuple(b)) return false;
    return a.every((item, i) => pyEquals(item, b[i]));
  }
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [key, value] of a) {
      if (!b.has(key) || !pyEquals(value, b.get(key))) return false;
    }
    return true;
  }
  return false;
}

/**
 * The number behind a bool, int or float (Python treats bools as ints); undefined otherwise. A
 * bigint comes out as the nearest float.
 */
export function numericValue(value: Data | undefined): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof PyFloat) return value.value;
  return undefined;
}

/** Python's `repr(float)`: shortest round-trip digits, `1e-05` style exponents, `3.0`. */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const exp = Math.floor(Math.log10(Math.abs(x)));
  // Python switches to exponent form when the decimal exponent is < -4 or >= 16.
  if (exp < -4 || exp >= 16) {
    const [mantissa, e] = x.toExponential().split('e') as [string, string];
    const sign = e.startsWith('-') ? '-' : '+';
    const digits = e.replace(/^[-+]/, '');
    return `${mantissa}e${sign}${digits.padStart(2, '0')}`;
  }
  let text = String(x);
  if (text.includes('e')) {
    // JS used exponent form where Python does not (e.g. 1e-7 < x < 1e-4 never reaches here,
    // but large values between 1e16 and 1e21 do not either); keep a plain rendering.
    text = x.toFixed(Math.max(0, -exp + 16));
  }
  return text.includes('.') ? text : `${text}.0`;
}

/** What Python's str.isprintable() refuses beyond ASCII (other, separator): repr escapes it. */
const NOT_PRINTABLE = /^[\p{C}\p{Z}]$/u;

/** Python's `repr(str)`: single quotes unless the text has ' and no ". */
export function strRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code < 0xa0) out += code < 0x80 ? ch : `\\x${code.toString(16)}`;
    else if (!NOT_PRINTABLE.test(ch)) out += ch;
    else if (code < 0x100) out += `\\x${code.toString(16)}`;
    else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += `\\U${code.toString(16).padStart(8, '0')}`;
  }
  return out + quote;
}

/** Python's `repr()` of a value: what lands in a string when a list or dict is printed. */
export function pyRepr(value: Data | undefined): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof PyFloat) return floatRepr(value.value);
  if (typeof value === 'string') return strRepr(value);
  if (value instanceof UnsafeString) return strRepr(value.value);
  if (value instanceof VaultString) return strRepr(textOf(value));
  if (value instanceof PyDate) return value.repr();
  if (Array.isArray(value)) {
    const inner = value.map((item) => pyRepr(item)).join(', ');
    if (isTuple(value)) return value.length === 1 ? `(${inner},)` : `(${inner})`;
    return `[${inner}]`;
  }
  const object = runtimeObject(value);
  if (object !== undefined) return object.repr();
  const parts: string[] = [];
  for (const [key, item] of value) parts.push(`${pyRepr(key)}: ${pyRepr(item)}`);
  return `{${parts.join(', ')}}`;
}

/**
 * The text Ansible's to_text, and so its JSON and YAML encoders, make of a runtime object stored
 * as data (bytes decode); undefined for anything else.
 */
export function runtimeObjectText(value: unknown): string | undefined {
  return runtimeObject(value)?.toText?.();
}

/** Python's `str()` of a value. */
export function pyStr(value: Data | undefined): string {
  if (typeof value === 'string') return value;
  if (value instanceof UnsafeString) return value.value;
  if (value instanceof VaultString) return textOf(value);
  if (value instanceof PyDate) return value.text;
  const object = runtimeObject(value);
  if (object?.str !== undefined) return object.str();
  return pyRepr(value);
}
