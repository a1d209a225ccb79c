/**
 * A static file server for the built site on 127.0.0.1 (a free port), so the browser sees the pages
 * as a web server would serve them: `/guides/x/` is `guides/x/index.html`.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
};

/** The file a URL path names in `root`, or undefined. */
export function fileForPath(root: string, urlPath: string): string | undefined {
  const clean = normalize(decodeURIComponent(urlPath.split(/[?#]/)[0] ?? '/'));
  if (clean.includes('..')) return undefined;
  const direct = join(root, clean);
  if (existsSync(direct) && statSync(direct).isFile()) return direct;
  const index = join(direct, 'index.html');
  if (existsSync(index)) return index;
  const html = `${direct.replace(/\/$/, '')}.html`;
  return existsSync(html) ? html : undefined;
}

export async function serveDirectory(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const file = fileForPath(root, req.url ?? '/');
    if (!file) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
