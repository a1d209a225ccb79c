/** Bundles the CLI as scripts/build.mjs does, to a path of the benchmark's own. */
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function buildBundle(outfile: string): Promise<void> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['src/cli/main.ts'],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    outfile,
    loader: { '.py': 'text' },
    logLevel: 'warning',
  });
}
