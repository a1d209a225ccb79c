/**
 * The documentation site: generated pages match the code, every page ends with its differences from
 * ansible-core, the site builds, no internal link is broken, and a real browser shows the home page
 * and the Keywords page with the text they should have.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTimePages, referencePages, stalePages } from '../../scripts/docs-generate.js';
import { PLAY_KEYWORDS } from '../../src/playbook/play-keywords.js';
import { TASK_KEYWORDS } from '../../src/playbook/task-keywords.js';
import { filters, lookups, tests } from '../../src/template/plugin.js';
import { CHROMIUM, ChromiumPage } from './chromium-page.js';
import { checkInternalLinks } from './internal-links.js';
import { serveDirectory } from './static-server.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DOCS = join(ROOT, 'docs');
const CONTENT = join(DOCS, 'src/content/docs');
const SHOTS = '/tmp/volant-docs-shots';
const DIFFERENCES = '## Differences from ansible-core 2.19.11';

function contentPages(dir = CONTENT, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) contentPages(path, out);
    else if (/\.mdx?$/.test(name)) out.push(path);
  }
  return out;
}

function run(cmd: string, args: readonly string[], timeoutMs: number): { ok: boolean; output: string } {
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', timeout: timeoutMs, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  return { ok: r.status === 0, output: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

/** Chromium's path, installing Debian's package when it is missing and we are root; else why not. */
function ensureChromium(): { ok: true } | { ok: false; reason: string } {
  if (existsSync(CHROMIUM)) return { ok: true };
  if (process.getuid?.() !== 0) return { ok: false, reason: `${CHROMIUM} is missing and the test is not root, so it cannot apt-get install chromium` };
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let r = spawnSync('apt-get', ['install', '-y', 'chromium'], { encoding: 'utf8', timeout: 150_000, env });
  if (r.status !== 0) {
    spawnSync('apt-get', ['update'], { encoding: 'utf8', timeout: 120_000, env });
    r = spawnSync('apt-get', ['install', '-y', 'chromium'], { encoding: 'utf8', timeout: 150_000, env });
  }
  if (r.status === 0 && existsSync(CHROMIUM)) return { ok: true };
  return { ok: false, reason: `apt-get install -y chromium failed: ${(r.stderr ?? String(r.error)).trim().split('\n').slice(-2).join(' ')}` };
}

describe('docs/generated pages', () => {
  it('match what the code generates now (keywords, modules, CLI)', () => {
    const stale = stalePages(ROOT);
    assert.deepEqual(stale, [], `stale generated pages; regenerate with: node --import tsx scripts/docs-generate.ts`);
  });

  it('list every keyword of the parser tables on the Keywords page', () => {
    const page = referencePages(ROOT).get('docs/src/content/docs/reference/keywords.md') ?? '';
    for (const k of [...PLAY_KEYWORDS, ...TASK_KEYWORDS]) assert.ok(page.includes(`| \`${k.name}\` |`), `${k.name} missing`);
  });

  it('list every agent module on the Modules page', () => {
    const page = referencePages(ROOT).get('docs/src/content/docs/reference/modules.md') ?? '';
    const modules = readdirSync(join(ROOT, 'src/agent/modules')).filter((f) => f.endsWith('.py') && !f.startsWith('_'));
    assert.ok(modules.length > 0);
    for (const f of modules) assert.ok(page.includes(`| \`${f.slice(0, -3)}\` |`), `${f} missing`);
  });

  it('list every filter, test and lookup the engine registers on the Templating page', () => {
    const page = referencePages(ROOT).get('docs/src/content/docs/reference/templating.md') ?? '';
    const names = [...filters.keys(), ...tests.keys(), ...lookups.keys()].filter((n) => !n.includes('.'));
    assert.ok(names.length > 200, `only ${names.length} plugins registered`);
    for (const name of names) assert.ok(page.includes(`| \`${name}\` |`), `${name} missing`);
  });
});

describe('docs/pages', () => {
  it('end with the section on differences from ansible-core 2.19.11 (every page but the home page)', () => {
    const pages = [...contentPages(), ...[...buildTimePages(ROOT).keys()].map((p) => join(ROOT, p))];
    const seen = new Set<string>();
    for (const path of pages) {
      if (seen.has(path) || path.endsWith('index.mdx')) continue;
      seen.add(path);
      const text = existsSync(path) ? readFileSync(path, 'utf8') : (buildTimePages(ROOT).get(relative(ROOT, path)) ?? '');
      const headings = text.split('\n').filter((l) => l.startsWith('## '));
      assert.equal(headings[headings.length - 1], DIFFERENCES, `${relative(ROOT, path)}: last section is not "${DIFFERENCES}"`);
    }
  });
});

describe('docs/guides', () => {
  it('cite only recorded cases that exist in "What the tests show"', () => {
    const cases = readdirSync(join(ROOT, 'test/golden/cases'));
    for (const path of contentPages(join(CONTENT, 'guides'))) {
      const text = readFileSync(path, 'utf8');
      const section = /\n## What the tests show\n([\s\S]*?)\n## /.exec(text);
      assert.ok(section, `${relative(ROOT, path)} has no "What the tests show" section`);
      const cited = [...(section[1] as string).matchAll(/`([a-z0-9*-]+)`/g)].map((m) => m[1] as string);
      assert.ok(cited.length > 0, `${relative(ROOT, path)} cites no case`);
      for (const name of cited) {
        const pattern = new RegExp(`^${name.replace(/\*/g, '.*')}$`);
        assert.ok(cases.some((c) => pattern.test(c)), `${relative(ROOT, path)} cites \`${name}\`, which is no case in test/golden/cases`);
      }
    }
  });
});

describe('README', () => {
  it('links every hand-written and generated page of the site, and each link resolves', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const links = [...readme.matchAll(/\]\((docs\/src\/content\/docs\/[^)]+)\)/g)].map((m) => m[1] as string);
    for (const link of links) assert.ok(existsSync(join(ROOT, link)), `README links a missing file: ${link}`);
    const buildTime = new Set(buildTimePages(ROOT).keys());
    for (const page of contentPages()) {
      const rel = relative(ROOT, page);
      if (!rel.endsWith('index.mdx') && !buildTime.has(rel)) assert.ok(links.includes(rel), `README does not link ${rel}`);
    }
  });

  it('keeps its two set-up commands', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    assert.ok(readme.includes('\n```sh\nnpm ci && npm run build && ./bin/volant-playbook examples/hello.yml\n```\n'));
    assert.ok(readme.includes('\n```sh\nnpm ci && npm test\n```\n'));
  });
});

describe('docs/site', { timeout: 300_000 }, () => {
  let built: { ok: boolean; output: string } = { ok: false, output: 'not built' };
  // A private output directory, so two runs of the suite at once do not build over each other.
  const DIST = mkdtempSync(join(tmpdir(), 'volant-docs-site-'));
  after(() => rmSync(DIST, { recursive: true, force: true }));

  before(() => {
    if (!existsSync(join(DOCS, 'node_modules'))) {
      const install = run('npm', ['ci', '--prefix', 'docs', '--no-audit', '--no-fund'], 240_000);
      if (!install.ok) {
        built = { ok: false, output: `npm ci --prefix docs failed:\n${install.output}` };
        return;
      }
    }
    // The build-time pages are not committed; write them as npm run docs:build does.
    for (const [path, text] of buildTimePages(ROOT)) {
      mkdirSync(dirname(join(ROOT, path)), { recursive: true });
      writeFileSync(join(ROOT, path), text);
    }
    built = run('npm', ['--prefix', 'docs', 'run', 'build', '--', '--outDir', DIST], 240_000);
  });

  it('builds with Astro Starlight', () => {
    assert.ok(built.ok, `the docs build failed:\n${built.output.slice(-3000)}`);
    for (const page of ['index.html', 'guides/how-a-play-runs/index.html', 'reference/keywords/index.html', 'reference/modules/index.html', 'reference/cli/index.html']) {
      assert.ok(existsSync(join(DIST, page)), `${page} was not built`);
    }
  });

  it('has no broken internal link', (t) => {
    assert.ok(built.ok, 'the site did not build');
    const report = checkInternalLinks(DIST);
    t.diagnostic(`${report.links} internal links on ${report.pages} pages`);
    assert.ok(report.pages >= 15, `only ${report.pages} pages built`);
    assert.deepEqual(report.broken, []);
  });

  it('shows the home page and the Keywords page in headless Chromium', async (t) => {
    assert.ok(built.ok, 'the site did not build');
    const chromium = ensureChromium();
    if (!chromium.ok) {
      t.skip(`skipped the browser check: ${chromium.reason}`);
      return;
    }
    mkdirSync(SHOTS, { recursive: true });
    const server = await serveDirectory(DIST);
    const page = new ChromiumPage();
    try {
      const home = await page.render(`${server.url}/`);
      writeFileSync(join(SHOTS, 'home.png'), home.screenshot);
      assert.equal(home.title, 'Volant | Volant');
      for (const text of ['Get started', 'How a play runs', 'Same output', 'Compiled once', 'One agent per host', 'Differences from ansible-core', 'Keywords']) {
        assert.ok(home.text.includes(text), `home page does not show "${text}"`);
      }

      const keywords = await page.render(`${server.url}/reference/keywords/`);
      writeFileSync(join(SHOTS, 'keywords.png'), keywords.screenshot);
      assert.equal(keywords.title, 'Keywords | Volant');
      for (const text of ['Where each keyword may appear', 'How inheritance is done', 'Differences from ansible-core 2.19.11', 'Inherited']) {
        assert.ok(keywords.text.includes(text), `Keywords page does not show "${text}"`);
      }
      for (const k of PLAY_KEYWORDS) assert.ok(keywords.text.includes(k.name), `Keywords page does not show ${k.name}`);
      // The screenshots are real PNGs (signature bytes), not empty files.
      for (const shot of [home.screenshot, keywords.screenshot]) assert.deepEqual([...shot.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
      t.diagnostic(`screenshots in ${SHOTS} (home.png, keywords.png)`);
    } finally {
      await page.close();
      await server.close();
    }
  });
});
