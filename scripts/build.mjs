// Bundles the CLI into one CommonJS file so start-up reads a single script (~150 ms).
// bin/run-bundle.cjs keeps a V8 code cache beside it; the old one no longer fits, so it goes.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/volant.cjs.cache', { force: true });

await build({
  entryPoints: ['src/cli/main.ts'],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  outfile: 'dist/volant.cjs',
  sourcemap: 'linked',
  loader: { '.py': 'text' },
  logLevel: 'warning',
});
