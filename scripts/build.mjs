// Bundles the CLI into one CommonJS file so start-up reads a single script (~150 ms).
// bin/run-bundle.cjs keeps a V8 code cache beside it; the old one no longer fits, so it goes.
// Each output file is written beside its place and renamed over it, so a CLI started during a
// build (tests run while others rebuild) reads the old bundle or the new one, never half of one.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';
import { asciiOnly, BUNDLE_OPTIONS } from './bundle-options.mjs';

const result = await build({
  ...BUNDLE_OPTIONS,
  entryPoints: ['src/cli/main.ts'],
  outfile: 'dist/volant.cjs',
  sourcemap: 'linked',
  logLevel: 'warning',
  write: false,
});
for (const file of result.outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  const tmp = `${file.path}.${process.pid}.tmp`;
  writeFileSync(tmp, file.path.endsWith('.cjs') ? asciiOnly(file.text) : file.contents);
  renameSync(tmp, file.path);
}
rmSync('dist/volant.cjs.cache', { force: true });
