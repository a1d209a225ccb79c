/** b64encode, b64decode, to_uuid, urldecode, urlsplit. */
import { createHash } from 'node:crypto';
import { isStringLike, isTuple, pyRepr, textOf, truthy, type Data, type DataDict } from '../../core/data.js';
import type { FilterFn } from '../plugin.js';
import { decodeSurrogateEscape } from './ansible-python-text.js';
import { argument, defined, definedOrInlineIf, pluginError, raisedWhileHandling, toText } from './ansible-args.js';
import { pyCodec, pyDecode, pyEncode } from './ansible-python-codecs.js';
import { typeName } from '../runtime/py-values.js';
import { PyCallable, type Value } from '../runtime/py-object.js';
import { PyBytes } from '../runtime/py-bytes.js';

/** The `encoding` argument: a codec name (str.encode refuses anything else). */
function codecArg(value: Data | undefined, method: 'encode' | 'decode' = 'encode'): ReturnType<typeof pyCodec> {
  if (value === undefined) return 'utf-8';
  if (!isStringLike(value)) throw pluginError(`${method}() argument 'encoding' must be str, not ${typeName(value)}`);
  return pyCodec(textOf(value));
}

export const b64encode: FilterFn = (_ctx, value, args, kwargs) => {
  const input = defined(value) as Value;
  const codec = codecArg(argument(args, kwargs, 0, 'encoding'));
  const urlsafe = argument(args, kwargs, 1, 'urlsafe');
  // NOTE: to_bytes leaves bytes as they are: the encoding names only how a str becomes bytes.
  const raw = input instanceof PyBytes ? Buffer.from(input.bytes) : pyEncode(toText(input as Data), codec);
  const out = raw.toString('base64');
  return urlsafe ? out.replaceAll('+', '-').replaceAll('/', '_') : out;
};

/** Python's non-validating base64 decoding, with its two error messages. */
export function pyB64decode(text: string, urlsafe: boolean): Buffer {
  let s = urlsafe ? text.replaceAll('-', '+').replaceAll('_', '/') : text;
  // NOTE: Python 3.13 skips what is not base64, '=' included, and decodes on past padding;
  // only the '=' after the last data character can complete the last quad.
  let data = '';
  let pads = 0;
  for (const ch of s) {
    if (/[A-Za-z0-9+/]/.test(ch)) {
      data += ch;
      pads = 0;
    } else if (ch === '=') pads++;
  }
  s = data;
  const rem = s.length % 4;
  if (rem === 1) {
    throw pluginError(`Invalid base64-encoded string: number of data characters (${s.length}) cannot be 1 more than a multiple of 4`);
  }
  if (rem !== 0 && rem + pads < 4) throw pluginError('Incorrect padding');
  return Buffer.from(s, 'base64');
}

export const b64decode: FilterFn = (_ctx, value, args, kwargs) => {
  const text = toText(defined(value));
  const urlsafe = Boolean(argument(args, kwargs, 1, 'urlsafe'));
  // The text is decoded from base64 before the codec is looked up.
  const bytes = pyB64decode(text, urlsafe);
  const codec = codecArg(argument(args, kwargs, 0, 'encoding'), 'decode');
  return codec === 'utf-8' ? decodeSurrogateEscape(bytes) : pyDecode(bytes, codec);
}

const ANSIBLE_NAMESPACE = '361e6d51-faec-444a-9079-341386da8e2e';

function parseUuid(text: string): Buffer {
  let hex = text.replace(/^urn:/, '').replace(/^uuid:/, '');
  hex = hex.replace(/^\{|\}$/g, '').replaceAll('-', '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new Error('badly formed hexadecimal UUID string');
  return Buffer.from(hex, 'hex');
}

/** uuid.uuid5: SHA-1 of namespace bytes and name, version 5, RFC 4122 variant. */
export function uuid5(namespace: string, name: string): string {
  const digest = createHash('sha1').update(parseUuid(namespace)).update(Buffer.from(name, 'utf8')).digest();
  const bytes = digest.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function parseError(text: string): string | undefined {
  try {
    parseUuid(text);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

export const to_uuid: FilterFn = (_ctx, value, args, kwargs) => {
  const name = toText(defined(value));
  const ns = argument(args, kwargs, 0, 'namespace') ?? ANSIBLE_NAMESPACE;
  const nsText = toText(ns);
  // NOTE: uuid.UUID() calls str methods on the namespace: another type fails on the first one.
  const why = isStringLike(ns) ? parseError(nsText) : `'${typeName(ns)}' object has no attribute 'replace'`;
  if (why !== undefined) throw raisedWhileHandling(`Invalid value '${nsText}' for 'namespace': ${why}`);
  return uuid5(nsText, name);
};

/** urllib.parse.unquote_plus: `+` is a space; bad `%` escapes stay; bad UTF-8 becomes U+FFFD. */
export function unquotePlus(text: string): string {
  const s = text.replaceAll('+', ' ');
  if (!s.includes('%')) return s;
  return s.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    const bytes = Buffer.from(run.replaceAll('%', ''), 'hex');
    return new TextDecoder('utf-8').decode(bytes);
  });
}

export const urldecode: FilterFn = (_ctx, value) => {
  const data = defined(value);
  // unquote_plus starts with str.replace.
  if (!isStringLike(data)) throw pluginError(`'${typeName(data)}' object has no attribute 'replace'`);
  return unquotePlus(textOf(data));
};

const SCHEME = /^[A-Za-z][A-Za-z0-9+\-.]*$/;

/** urllib.parse.urlsplit, with the derived attributes Ansible's urlsplit filter lists. */
export function pyUrlsplit(input: string): DataDict {
  // eslint-disable-next-line no-control-regex -- Python strips C0 controls before parsing
  let url = input.replace(/^[\x00-\x20]+/, '').replace(/[\t\r\n]/g, '');
  let scheme = '';
  const colon = url.indexOf(':');
  if (colon > 0 && SCHEME.test(url.slice(0, colon))) {
    scheme = url.slice(0, colon).toLowerCase();
    url = url.slice(colon + 1);
  }
  let netloc = '';
  if (url.startsWith('//')) {
    let end = url.length;
    for (const c of '/?#') {
      const i = url.indexOf(c, 2);
      if (i >= 0 && i < end) end = i;
    }
    netloc = url.slice(2, end);
    url = url.slice(end);
  }
  let fragment = '';
  const hash = url.indexOf('#');
  if (hash >= 0) {
    fragment = url.slice(hash + 1);
    url = url.slice(0, hash);
  }
  let query = '';
  const q = url.indexOf('?');
  if (q >= 0) {
    query = url.slice(q + 1);
    url = url.slice(0, q);
  }
  const at = netloc.lastIndexOf('@');
  const userinfo = at >= 0 ? netloc.slice(0, at) : null;
  const hostport = at >= 0 ? netloc.slice(at + 1) : netloc;
  let username: Data = null;
  let password: Data = null;
  if (userinfo !== null) {
    const c = userinfo.indexOf(':');
    username = c >= 0 ? userinfo.slice(0, c) : userinfo;
    password = c >= 0 ? userinfo.slice(c + 1) : null;
  }
  let host: string;
  let portText: string | null = null;
  const bracket = /^\[([^\]]*)\](?::(.*))?$/.exec(hostport);
  if (bracket) {
    host = bracket[1] ?? '';
    portText = bracket[2] ?? null;
  } else {
    const c = hostport.indexOf(':');
    host = c >= 0 ? hostport.slice(0, c) : hostport;
    portText = c >= 0 ? hostport.slice(c + 1) : null;
  }
  let port: Data = null;
  if (portText !== null && portText !== '') {
    if (!/^\d+$/.test(portText)) throw pluginError(`Port could not be cast to integer value as ${pyRepr(portText)}`);
    port = Number(portText);
    if (port > 65535) throw pluginError('Port out of range 0-65535');
  }
  return new Map<string, Data>([
    ['fragment', fragment],
    ['hostname', host === '' ? null : host.toLowerCase()],
    ['netloc', netloc],
    ['password', password],
    ['path', url],
    ['port', port],
    ['query', query],
    ['scheme', scheme],
    ['username', username],
  ]);
}

/**
 * Python's urlsplit of a value that is no str. NOTE: it is cached by argument, so a list or dict
 * is unhashable; a true value is decoded as bytes (no decode method); a false one is decoded as b''
 * and gives bytes parts, whose bound `decode` method Ansible's object_to_dict keeps: 2.19 cannot
 * store that dict.
 */
function nonTextUrlsplit(data: Data): DataDict {
  if ((Array.isArray(data) && !isTuple(data)) || data instanceof Map) throw pluginError(`unhashable type: '${typeName(data)}'`);
  if (truthy(data)) throw pluginError(`'${typeName(data)}' object has no attribute 'decode'`);
  return new Map([['decode', new EmptySplitDecode() as unknown as Data], ...pyUrlsplit('')]);
}

/** The bound `decode` of urlsplit's empty bytes result. */
class EmptySplitDecode extends PyCallable {
  readonly typeName = 'method';
  call(): Value {
    return '';
  }
  override repr(): string {
    return "<bound method _ResultMixinBytes.decode of SplitResultBytes(scheme=b'', netloc=b'', path=b'', query=b'', fragment=b'')>";
  }
}

export const urlsplit: FilterFn = (_ctx, value, args, kwargs) => {
  const data = definedOrInlineIf(value);
  const parts = isStringLike(data) ? pyUrlsplit(textOf(data)) : nonTextUrlsplit(data);
  const query = argument(args, kwargs, 0, 'query');
  if (query !== undefined && query !== null && query !== '') {
    const key = toText(query);
    if (!parts.has(key)) throw pluginError(`urlsplit: unknown URL component: ${key}`);
    return parts.get(key) as Data;
  }
  return parts;
};

export const encodingFilters: Record<string, FilterFn> = { b64encode, b64decode, to_uuid, urldecode, urlsplit };
