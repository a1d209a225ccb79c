'use strict';
// Runs the bundled CLI (`npm run build` makes it) through its V8 code cache (run-bundle.cjs);
// falls back to the TypeScript sources via tsx. CommonJS (bin/package.json): Node starts a
// CommonJS entry faster than an ES module one. bin/volant-playbook (sh) starts it.
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { restoreEnvironment, runBundle } = require('./run-bundle.cjs');

restoreEnvironment();
// `--version` names the command people run, not this file
process.argv[1] = join(__dirname, 'volant-playbook');

const root = join(__dirname, '..');
const bundle = join(root, 'dist', 'volant.cjs');
if (existsSync(bundle)) {
  runBundle(bundle);
} else {
  const { spawnSync } = require('node:child_process');
  const main = join(root, 'src', 'cli', 'main.ts');
  const r = spawnSync(process.execPath, ['--import', 'tsx', main, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
