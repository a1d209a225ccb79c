// Runs the whole suite: lint, typecheck, build, then every *.test.ts under src/ and test/
// through node:test (its summary line is what CI reads).
import { spawnSync } from 'node:child_process';
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

function findTests(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'golden-cases') continue;
    const path = join(dir, name);
    if (lstatSync(path).isDirectory()) findTests(path, out);
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

function step(label, cmd, args) {
  process.stdout.write(`# ${label}\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    process.stdout.write(`# ${label} failed\n`);
    process.exit(r.status ?? 1);
  }
}

const only = process.argv.slice(2);
if (only.length === 0) {
  step('lint', 'npx', ['eslint', 'src', 'test', 'bench', 'scripts']);
  step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  step('build', 'node', ['scripts/build.mjs']);
}
const files = only.length > 0 ? only : [...findTests('src'), ...findTests('test'), ...findTests('bench')].sort();
const r = spawnSync('node', ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
