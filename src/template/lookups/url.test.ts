import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { url } from './url.js';
import type { PluginContext } from '../plugin.js';

// The lookup is synchronous (it blocks on a child request), so the server runs in its own process.
const SERVER = `
const http = require('http');
const server = http.createServer((req, res) => {
  if (req.url === '/lines') { res.end('first line\\nsecond line\\n'); return; }
  if (req.url === '/redirect') { res.writeHead(302, { location: '/lines' }); res.end(); return; }
  if (req.url === '/headers') { res.end(JSON.stringify({ agent: req.headers['user-agent'], custom: req.headers['x-custom'] })); return; }
  res.writeHead(404, 'Not Found'); res.end('nope');
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

const ctx: PluginContext = {
  vars: { get: () => undefined, has: () => false, keys: () => [] },
  renderString: (text) => text,
};

describe('template/lookups/url', () => {
  let server: ChildProcess;
  let base = '';

  before(async () => {
    server = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [chunk] = (await once(server.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
    base = `http://127.0.0.1:${chunk.toString().trim()}`;
  });

  after(() => {
    server.kill();
  });

  it('returns the body split into lines', () => {
    assert.deepEqual(url(ctx, [`${base}/lines`], new Map()), ['first line', 'second line']);
  });

  it('returns the whole body when split_lines is false', () => {
    assert.deepEqual(url(ctx, [`${base}/lines`], new Map([['split_lines', false]])), ['first line\nsecond line\n']);
  });

  it('follows redirects', () => {
    assert.deepEqual(url(ctx, [`${base}/redirect`], new Map()), ['first line', 'second line']);
  });

  it('sends Ansible\'s user agent and given headers', () => {
    const [body] = url(ctx, [`${base}/headers`], new Map([['headers', new Map([['X-Custom', 'yes']])]]));
    assert.deepEqual(JSON.parse(String(body)), { agent: 'ansible-httpget', custom: 'yes' });
  });

  it('fails on an HTTP error status with Ansible\'s words', () => {
    assert.throws(() => url(ctx, [`${base}/missing`], new Map()), /Received HTTP error for .*\/missing : HTTP Error 404: Not Found/);
  });

  it('fails on a refused connection', () => {
    assert.throws(() => url(ctx, ['http://127.0.0.1:1/'], new Map()), /Failed lookup url for http:\/\/127.0.0.1:1\/ : <urlopen error/);
  });
});
