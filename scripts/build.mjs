// Bundles the CLI into one CommonJS file so start-up reads a single script (~150 ms).
import { build } from 'esbuild';

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
