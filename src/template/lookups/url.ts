/**
 * The `url` lookup: an HTTP(S) GET whose body becomes the result (split into lines by default).
 * Lookups are synchronous, so the request runs in a short-lived child node process.
 */
import { spawnSync } from 'node:child_process';
import { truthy, type Data } from '../../core/data.js';
import type { LookupFn } from '../plugin.js';
import { defined, pluginError, toText } from '../filters/ansible-args.js';
import { splitLines } from './pipe.js';

const FETCH_SCRIPT = `
const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const follow = (url, left) => {
  const mod = url.startsWith('https:') ? require('https') : require('http');
  const req = mod.request(url, { method: input.method, headers: input.headers, rejectUnauthorized: input.validate, timeout: input.timeout * 1000 }, (res) => {
    if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location && left > 0) {
      res.resume();
      return follow(new URL(res.headers.location, url).toString(), left - 1);
    }
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => process.stdout.write(JSON.stringify({ status: res.statusCode, reason: res.statusMessage, body: Buffer.concat(chunks).toString('base64') })));
  });
  req.on('timeout', () => req.destroy(new Error('The read operation timed out')));
  req.on('error', (e) => process.stdout.write(JSON.stringify({ error: e.message })));
  req.end();
};
follow(input.url, 10);
`;

interface FetchResult {
  status?: number;
  reason?: string;
  body?: string;
  error?: string;
}

export const url: LookupFn = (_ctx, terms, kwargs) => {
  const option = (name: string, fallback: Data): Data => (kwargs.has(name) ? defined(kwargs.get(name)) : fallback);
  const splitLinesOption = truthy(option('split_lines', true));
  const validate = truthy(option('validate_certs', true));
  const timeout = Number(option('timeout', 10));
  const headersOption = option('headers', new Map());
  const headers: Record<string, string> = { 'User-Agent': toText(option('http_agent', 'ansible-httpget')) };
  if (headersOption instanceof Map) for (const [k, v] of headersOption) headers[String(k)] = toText(v);
  const user = option('username', null);
  if (user !== null) headers['Authorization'] = `Basic ${Buffer.from(`${toText(user)}:${toText(option('password', ''))}`).toString('base64')}`;
  const out: Data[] = [];
  for (const term of terms) {
    const target = toText(term);
    const r = spawnSync(process.execPath, ['-e', FETCH_SCRIPT], {
      input: JSON.stringify({ url: target, method: 'GET', headers, validate, timeout }),
      maxBuffer: 1 << 30,
      timeout: (timeout + 5) * 1000,
    });
    let result: FetchResult;
    try {
      result = JSON.parse(r.stdout.toString('utf8')) as FetchResult;
    } catch {
      throw pluginError(`Failed lookup url for ${target} : ${r.stderr.toString('utf8').trim() || 'no response'}`);
    }
    if (result.error !== undefined) throw pluginError(`Failed lookup url for ${target} : <urlopen error ${result.error}>`);
    if ((result.status ?? 0) >= 400) throw pluginError(`Received HTTP error for ${target} : HTTP Error ${result.status}: ${result.reason ?? ''}`);
    const body = Buffer.from(result.body ?? '', 'base64').toString('utf8');
    if (splitLinesOption) out.push(...splitLines(body));
    else out.push(body);
  }
  return out;
};
