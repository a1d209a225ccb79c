/**
 * Writes the generated reference pages of the documentation site (docs/src/content/docs/reference/)
 * from the code: keyword tables, module registry, CLI option table, filters, tests and lookups.
 *
 *   node --import tsx scripts/docs-generate.ts           write the pages (committed and build-time)
 *   node --import tsx scripts/docs-generate.ts --check   exit 1 when a committed page is stale
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliPage } from './docs-cli-page.js';
import { keywordsPage } from './docs-keywords-page.js';
import { conformancePage } from './docs-conformance-page.js';
import { modulesPage } from './docs-modules-page.js';
import { performancePage } from './docs-performance-page.js';
import { templatingPage } from './docs-templating-page.js';

export const REFERENCE_DIR = 'docs/src/content/docs/reference';

/** Every generated page, by path relative to the repository root, with its content. */
export function referencePages(root: string): Map<string, string> {
  return new Map([
    [`${REFERENCE_DIR}/keywords.md`, keywordsPage(root)],
    [`${REFERENCE_DIR}/modules.md`, modulesPage(root)],
    [`${REFERENCE_DIR}/cli.md`, cliPage(root)],
    [`${REFERENCE_DIR}/templating.md`, templatingPage()],
  ]);
}

/**
 * Pages written at every build and never committed (docs/.gitignore): their sources (benchmark
 * results, the pending list) change with other people's work, so a committed copy would go stale.
 */
export function buildTimePages(root: string): Map<string, string> {
  return new Map([
    [`${REFERENCE_DIR}/performance.md`, performancePage(root)],
    [`${REFERENCE_DIR}/conformance.md`, conformancePage(root)],
  ]);
}

/** Paths whose committed content differs from what the code generates now. */
export function stalePages(root: string): string[] {
  const stale: string[] = [];
  for (const [path, text] of referencePages(root)) {
    const full = join(root, path);
    if (!existsSync(full) || readFileSync(full, 'utf8') !== text) stale.push(path);
  }
  return stale;
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  if (process.argv.includes('--check')) {
    const stale = stalePages(root);
    for (const path of stale) process.stderr.write(`stale: ${path} (regenerate: node --import tsx scripts/docs-generate.ts)\n`);
    process.exit(stale.length > 0 ? 1 : 0);
  }
  for (const [path, text] of [...referencePages(root), ...buildTimePages(root)]) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
    process.stdout.write(`wrote ${path}\n`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
