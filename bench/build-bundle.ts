/** Bundles the CLI as scripts/build.mjs does, to a path of the benchmark's own. */
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE_OPTIONS } from '../scripts/bundle-options.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function buildBundle(outfile: string): Promise<void> {
  await build({
    ...BUNDLE_OPTIONS,
    absWorkingDir: ROOT,
    entryPoints: ['src/cli/main.ts'],
    outfile,
    logLevel: 'warning',
  });
}
