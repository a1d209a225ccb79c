/** Bundles the CLI as scripts/build.mjs does, to a path of the benchmark's own. */
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileSync } from 'node:fs';
import { asciiOnly, BUNDLE_OPTIONS } from '../scripts/bundle-options.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function buildBundle(outfile: string): Promise<void> {
  const result = await build({
    ...BUNDLE_OPTIONS,
    absWorkingDir: ROOT,
    entryPoints: ['src/cli/main.ts'],
    outfile,
    logLevel: 'warning',
    write: false,
  });
  for (const file of result.outputFiles) writeFileSync(file.path, asciiOnly(file.text));
}
