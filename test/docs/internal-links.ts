/**
 * Finds broken internal links in a built static site: every href/src of every HTML page that points
 * inside the site must name an existing file, and a `#fragment` must name an id on the target page.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileForPath } from './static-server.js';

function htmlFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) htmlFiles(path, out);
    else if (name.endsWith('.html')) out.push(path);
  }
  return out;
}

/** The URL path a built file is served at (`guides/x/index.html` → `/guides/x/`). */
function urlPathOf(root: string, file: string): string {
  const rel = relative(root, file).split('\\').join('/');
  return `/${rel.replace(/(^|\/)index\.html$/, '$1')}`;
}

function decodeEntities(s: string): string {
  return s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

function idsIn(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => decodeEntities(m[1] as string)));
}

export interface LinkReport {
  readonly pages: number;
  readonly links: number;
  readonly broken: readonly string[];
}

export function checkInternalLinks(root: string): LinkReport {
  const files = htmlFiles(root);
  const ids = new Map<string, Set<string>>();
  const idsFor = (file: string): Set<string> => {
    let set = ids.get(file);
    if (!set) ids.set(file, (set = idsIn(readFileSync(file, 'utf8'))));
    return set;
  };
  const broken: string[] = [];
  let links = 0;
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    const base = new URL(urlPathOf(root, file), 'http://site.invalid');
    for (const m of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const raw = decodeEntities(m[1] as string);
      // Other schemes and other hosts are outside the site.
      if (raw === '' || /^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) continue;
      links++;
      const url = new URL(raw, base);
      const target = fileForPath(root, url.pathname);
      const where = `${relative(root, file)}: ${raw}`;
      if (!target) {
        broken.push(`${where} (no such page or file)`);
        continue;
      }
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment !== '' && target.endsWith('.html') && !idsFor(target).has(fragment)) {
        broken.push(`${where} (no id "${fragment}" on the page)`);
      }
    }
  }
  return { pages: files.length, links, broken };
}
